/// Evaluation in dependency order with WolfCore's dependent invalidation (docs/skins.md, "Derived values and dependent invalidation").
///
/// For each token, with its dependencies already final:
/// - latest definition derived (alias, expression, composite with references): it is in
///   effect; write layer = the latest of its own layer and its dependencies' write layers;
/// - latest definition a literal: if a dependency of the default expression (the latest
///   derived definition) was written in a later layer than that literal, the literal is
///   invalidated and the default expression is in effect (write layer as above);
///   otherwise the literal stands. Its write layer is its own — unless the write changed
///   nothing: a literal equal to the value before it (an equal earlier literal not since
///   invalidated, or the default expression just before it, evaluated against dependencies
///   all written no later) is no write, and the earlier definition's write layer counts.
///
/// Equality is equality of the value clients receive (the flat JSON), so `#fff` and
/// `rgb(255 255 255)` are the same write.
extension ResolutionEngine {
    func evaluate(_ token: Int) {
        if dependencies[token].contains(where: { failed[$0] }) {
            failed[token] = true  // the dependency's own error is reported
            return
        }
        let defs = definitions[token]
        let last = defs.count - 1
        let dependencyLayer = dependencies[token].reduce(-1) { max($0, writeLayers[$1]) }
        if defs[last].isDerived {
            settle(token, derived: last, dependencyLayer: dependencyLayer)
            return
        }
        if let defaultIndex = defaultIndex[token], dependencyLayer > defs[last].layer {
            settle(token, derived: defaultIndex, dependencyLayer: dependencyLayer)  // invalidated
            return
        }
        guard let literal = defs[last].literal else {
            failed[token] = true
            return
        }
        var index = last
        while index > 0 {
            let previous = defs[index - 1]
            if let earlier = previous.literal {
                guard Self.sameWrite(earlier, literal), !dependencyWritten(token, after: previous.layer, upTo: defs[index].layer) else { break }
                index -= 1
            } else if previous.isDerived {
                // The default expression just before the literal: was the literal a no-op?
                guard dependencyLayer <= defs[index].layer, let before = derivedValue(token, index - 1, reportingErrors: false),
                    Self.sameWrite(before, literal)
                else { break }
                values[token] = literal
                effective[token] = index - 1
                writeLayers[token] = max(previous.layer, dependencyLayer)
                referenceChains[token] = chain(token, index - 1)
                return
            } else {
                break
            }
        }
        values[token] = literal
        effective[token] = index
        writeLayers[token] = defs[index].layer
    }

    /// Puts a derived definition in effect.
    func settle(_ token: Int, derived index: Int, dependencyLayer: Int) {
        guard let value = derivedValue(token, index, reportingErrors: true) else { return }
        values[token] = value
        effective[token] = index
        writeLayers[token] = max(definitions[token][index].layer, dependencyLayer)
        referenceChains[token] = chain(token, index)
    }

    /// Whether a dependency of the default expression was written in `(after, upTo]`:
    /// then an earlier equal literal had been invalidated in between, and repeating it is a write.
    func dependencyWritten(_ token: Int, after: Int, upTo: Int) -> Bool {
        dependencies[token].contains { writeLayers[$0] > after && writeLayers[$0] <= upTo }
    }

    static func sameWrite(_ a: TypedValue, _ b: TypedValue) -> Bool {
        a == b || (a.type == b.type && a.value.flatJSON == b.value.flatJSON)
    }

    /// Evaluates a derived definition against the tokens resolved so far.
    func derivedValue(_ token: Int, _ index: Int, reportingErrors: Bool) -> TypedValue? {
        let compiledValue = definitions[token][index].value
        guard let type = types[token] else { return nil }
        let references = definitions[token, index].references
        let lookup: (String) -> LookupResult = { path in
            let position = references.firstIndex(of: path)
            guard let id = position.flatMap({ self.referenceID(token, index, $0) }) ?? self.referencedID(path) else { return .unknown }
            if let value = self.values[id] { return .found(value) }
            return .failed
        }
        var reader = ValueReader(assets: assets)
        reader.opaqueTypeName = opaqueTypeName(token)
        do throws(ValueError) {
            let value: TypedValue
            switch compiledValue {
            case .literal(let literal): value = literal
            case .alias(let path): value = try reader.coerceReadingPixelsAsNumbers(ValueReader.resolve(path, lookup: lookup), to: type, origin: "{\(path)}")
            case .expression(let expression):
                value = try reader.coerceReadingPixelsAsNumbers(expression.evaluate(lookup: lookup), to: type, origin: "'\(expression.source.text)'")
            case .composite(let raw): value = try reader.read(raw, as: type, lookup: lookup)
            case .invalid: return nil
            }
            if reportingErrors {
                for warning in reader.warnings {
                    problems.add(.warning(warning.code, at: paths[token], "\(warning.message)\(inLayer(token, index))", detail: warning.detail))
                }
            }
            return value
        } catch {
            guard reportingErrors else { return nil }
            if error.isDependencyFailure {
                failed[token] = true
            } else {
                fail(token, error.code, "\(error.message)\(inLayer(token, index))")
            }
            return nil
        }
    }

    /// Provenance lists at most this many references. A long derivation chain (each token
    /// derived from the one before) would otherwise make the lists grow with the square of
    /// the token count; the direct references always come first.
    static let maximumReferenceChain = 64

    /// The token a definition's `position`-th reference names. For the default expression that is
    /// the dependency the graph already resolved, read by position: evaluation then hashes no path
    /// again (at 50,000 tokens each hash lookup is a cache miss in a table larger than the cache).
    func referenceID(_ token: Int, _ index: Int, _ position: Int) -> Int? {
        let references = definitions[token, index].references
        if index == defaultIndex[token], dependencies.count(of: token) == references.count { return dependencies[token, position] }
        return referencedID(references[position])
    }

    /// The references a derived definition went through: each direct reference followed by its own chain, each path once.
    ///
    /// "Once" is checked by scanning the list so far: it holds at most 64 paths and usually one or
    /// two, where a `Set` was a hash table allocated and freed for every derived token.
    func chain(_ token: Int, _ index: Int) -> [String] {
        let direct = definitions[token][index].references
        var result: [String] = []
        for path in direct where !result.contains(path) { result.append(path) }
        var insertAt = 0
        for (position, path) in direct.enumerated() {
            guard let id = referenceID(token, index, position) else { continue }
            insertAt = (result.firstIndex(of: path) ?? insertAt) + 1
            var nested: [String] = []
            for indirect in referenceChains[id] where result.count + nested.count < Self.maximumReferenceChain {
                if !result.contains(indirect), !nested.contains(indirect) { nested.append(indirect) }
            }
            result.insert(contentsOf: nested, at: insertAt)
            insertAt += nested.count
        }
        return result
    }
}
