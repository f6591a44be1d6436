/// Classifying definitions (docs/skins.md, "References and expressions"): a string is what
/// ``ValueReader/classify(_:as:readingShape:)`` says (an alias, else a literal of the token's type, else an expression); a composite
/// with aliases or expressions inside is derived; everything else is read as a literal now.
/// An expression without references is evaluated now: it is a constant.
extension ResolutionEngine {
    /// Classifies one definition, reading strings as `type` (nil: not known yet).
    func compile(_ token: Int, _ index: Int, as type: TokenType?) {
        guard !definitions[token, index].isCompiled else { return }
        definitions[token, index].isCompiled = true
        let layer = definitions[token, index].layer
        let raw = layers[layer].definitions[definitions[token, index].position].value
        var reader = ValueReader(assets: assets)
        reader.opaqueTypeName = opaqueTypeName(token)
        do throws(ValueError) {
            let (value, references) = try classify(raw, as: type, reader: &reader)
            definitions[token, index].value = value
            definitions[token, index].references = references
        } catch {
            fail(token, error.code, "\(error.message)\(layers[layer].inLocation)")
        }
        for warning in reader.warnings {
            problems.add(.warning(warning.code, at: paths[token], "\(warning.message)\(layers[layer].inLocation)", detail: warning.detail))
        }
    }

    func classify(_ raw: JSONValue, as type: TokenType?, reader: inout ValueReader) throws(ValueError) -> (CompiledValue, [String]) {
        let noReferences: (String) -> LookupResult = { _ in .unknown }
        switch raw {
        case .string(let text):
            switch try reader.classify(text, as: type) {
            case .alias(let path): return (.alias(path), [path])
            // An opaque text (a CSS shorthand or gradient) whose references resolve (docs/skins.md, "What tool exports may contain").
            case .template(let references): return (.composite(raw), references)
            case .literal(let value): return (.literal(value), [])
            case .expression(let expression):
                if !expression.references.isEmpty { return (.expression(expression), expression.references) }
                // No references: a constant, evaluated now.
                return (.literal(try reader.value(of: .expression(expression), text: text, as: type, lookup: noReferences)), [])
            }
        default:
            let references = type == .opaque ? Self.aliases(in: raw) : Self.references(in: raw)
            guard let type = type ?? (references.isEmpty ? Self.inferredType(of: raw, reader: &reader) : nil) else {
                throw ValueError(.missingType, "the type of \(JSONDescription.describe(raw)) cannot be determined: give the token a $type, or put it in a group that has one")
            }
            if !references.isEmpty { return (.composite(raw), references) }
            return (.literal(try reader.read(raw, as: type, lookup: noReferences)), [])
        }
    }

    /// The type of an untyped literal whose shape says it (docs/skins.md, "What tool exports may contain"; DTCG 2025.10's own examples
    /// leave `$type` out of colour objects and `{value, unit}`s): warning `inferred-type`.
    static func inferredType(of raw: JSONValue, reader: inout ValueReader) -> TokenType? {
        var type: TokenType?
        switch raw {
        case .number: type = .number
        case .bool: type = .boolean
        case .object(let object):
            if object["colorSpace"] != nil { type = .color }
            if case .string(let unit)? = object["unit"], case .number? = object["value"] {
                type = DurationUnit(rawValue: unit) != nil ? .duration : .dimension
            }
        default: break
        }
        if let type { reader.warnings.append(ReadingWarning(.inferredType, "no $type anywhere; \(JSONDescription.describe(raw)) read as \(type.withArticle)", detail: type.rawValue)) }
        return type
    }

    /// The exact aliases inside an opaque value: only those are resolved in it (its text is kept as written).
    static func aliases(in raw: JSONValue) -> [String] {
        switch raw {
        case .string(let text): TokenPath.exactAlias(text).map { [$0] } ?? []
        case .array(let elements): elements.flatMap(aliases(in:))
        case .object(let object): object.members.flatMap { aliases(in: $0.value) }
        default: []
        }
    }

    /// The `$type` an opaque token was given, from its first definition.
    func opaqueTypeName(_ token: Int) -> String {
        let first = definitions[token, 0]
        return layers[first.layer].definitions[first.position].opaqueTypeName ?? TokenType.opaque.rawValue
    }

    /// The references inside a composite: aliases, and expressions among its strings.
    static func references(in raw: JSONValue) -> [String] {
        var found: [String] = []
        var seen: Set<String> = []
        var reader = ValueReader(assets: [:])
        func visit(_ value: JSONValue) {
            switch value {
            case .string(let text) where text.contains("{"):
                let paths: [String] =
                    switch try? reader.classify(text, as: nil) {
                    case .alias(let path)?: [path]
                    case .expression(let expression)?: expression.references
                    default: []
                    }
                for path in paths where seen.insert(path).inserted { found.append(path) }
            case .array(let elements): elements.forEach(visit)
            case .object(let object): object.members.forEach { visit($0.value) }
            default: break
            }
        }
        visit(raw)
        return found
    }

    /// Reads every later definition as the token's fixed type, rejecting a different
    /// declared type (docs/skins.md, "Tokens and groups": a later layer may not change a token's type).
    func compileOverrides() {
        for token in 0..<count where !failed[token] {
            guard let type = types[token] else { continue }
            for index in definitions.indices(of: token) {
                if index > 0, let declared = declaredType(token, index), declared != type {
                    fail(token, .typeMismatch, "'\(paths[token])' is \(type.withArticle) (fixed by its first definition, in \(layerTitle(token, 0))), but \(layerTitle(token, index)) declares $type \(declared.rawValue)")
                    continue
                }
                compile(token, index, as: type)
                if index > 0, declaredType(token, index) == nil, let groupType = groupType(token, index), groupType != type,
                    definitions[token][index].literal != nil
                {
                    fail(token, .typeMismatch, "'\(paths[token])' is \(type.withArticle) (fixed by its first definition, in \(layerTitle(token, 0))), but its group in \(layerTitle(token, index)) declares $type \(groupType.rawValue)")
                }
            }
        }
    }

    /// Why a reference resolves to nothing, with a hint when it names a group.
    func unknownReference(_ path: String) -> String {
        if ids[path + "." + TokenPath.rootName] != nil {
            return "{\(path)} names a group, not a token; its root token is {\(path).\(TokenPath.rootName)}"
        }
        if paths.contains(where: { $0.hasPrefix(path + ".") }) {
            return "{\(path)} names a group, not a token"
        }
        if let ambiguity = displayNameAmbiguity(path) { return "{\(path)} names no token; \(ambiguity)" }
        return "{\(path)} names no token"
    }

    /// Finds each token's default expression and the tokens it depends on.
    func buildGraph() {
        for token in 0..<count where !failed[token] {
            guard let index = definitions[token].lastIndex(where: \.isDerived) else { continue }
            defaultIndex[token] = index
            var edges: [Int] = []
            for path in definitions[token][index].references {
                guard let id = resolveReference(path, from: token) else {
                    fail(token, .unknownReference, "\(unknownReference(path))\(inLayer(token, index))")
                    break
                }
                edges.append(id)
            }
            if !failed[token] { dependencies.set(token, edges) }
        }
    }
}
