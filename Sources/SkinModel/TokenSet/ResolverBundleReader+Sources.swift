/// Following a source array's entries to token trees: inline trees, `#/sets/…` (expanded in
/// place, as the Resolver Module says), other same-document pointers, and bundle files with
/// an optional fragment. Modifiers and `resolutionOrder` may not be referenced from sources.
extension ResolverBundleReader {
    mutating func readSources(_ value: JSONValue?, at location: SourceLocation, depth: Int, setChain: [String]) -> [TokenSource]? {
        guard case .array(let entries)? = value else {
            fail(.invalidTokenSet, location, "sources must be an array of token trees and {\"$ref\": …} objects, found \(value.map(JSONDescription.describe) ?? "none")")
            return nil
        }
        var sources: [TokenSource] = []
        for (index, entry) in entries.enumerated() {
            let entryAt = location.appending([String(index)])
            guard case .object(let object) = entry else {
                fail(.invalidTokenSet, entryAt, "a source must be an object (tokens, or {\"$ref\": …}), found \(JSONDescription.describe(entry))")
                continue
            }
            guard spendOnSource(.object(object), at: entryAt) else { return sources }
            guard let reference = object["$ref"] else {
                sources.append(TokenSource(tree: object, location: entryAt))
                continue
            }
            guard case .string(let text) = reference else {
                fail(.invalidTokenSet, entryAt.appending(["$ref"]), "$ref must be a string, found \(JSONDescription.describe(reference))")
                continue
            }
            for var source in follow(text, at: entryAt.appending(["$ref"]), depth: depth, setChain: setChain) {
                // Sets referencing sets `fan` times nest to fan^16 copies under the depth limit.
                guard spendOnSource(.object(source.tree), at: entryAt) else { return sources }
                source.tree = Self.overlaid(source.tree, with: object)
                sources.append(source)
            }
        }
        return sources
    }

    /// Spends what one more source costs (its tree, merged at every resolution); past the
    /// budget, `false` with the `expansion-limit` error reported once.
    private mutating func spendOnSource(_ tree: JSONValue, at location: SourceLocation) -> Bool {
        if budget.spend(tree.valueCount(upTo: budget.limit - budget.spent + 1)) { return true }
        if let exhausted = budget.exhaustion(at: location.description, during: "set references") { problems.add(exhausted) }
        return false
    }

    private mutating func follow(_ reference: String, at location: SourceLocation, depth: Int, setChain: [String]) -> [TokenSource] {
        guard !budget.isExhausted else { return [] }
        guard depth < Self.maximumReferenceDepth else {
            fail(.tokenSetTooLarge, location, "references nest deeper than \(Self.maximumReferenceDepth) levels (\(setChain.joined(separator: " → ")))")
            return []
        }
        let (filePart, fragment) = BundlePath.split(reference)
        if filePart.isEmpty { return followInDocument(reference, at: location, depth: depth, setChain: setChain) }
        guard let path = BundlePath.normalize(filePart), let content = files[path] else {
            fail(.outsideBundle, location, "'\(reference)' is outside the bundle: \(BundlePath.normalize(filePart) == nil ? "an absolute path, a URL or a path above the resolver's folder" : "no file '\(filePart)' in files")")
            return []
        }
        usedFiles.insert(path)
        var target = content
        var pointer: [String] = []
        if let fragment, !fragment.isEmpty {
            guard let parsed = JSONPointer(fragment.hasPrefix("/") ? fragment : "/" + fragment), let found = parsed.resolve(in: content) else {
                fail(.outsideBundle, location, "'\(reference)': the pointer finds nothing in \(path)")
                return []
            }
            target = found
            pointer = parsed.tokens
        }
        guard case .object(let tree) = target else {
            fail(.invalidTokenSet, location, "'\(reference)' must be a token tree (an object), found \(JSONDescription.describe(target))")
            return []
        }
        return [TokenSource(tree: tree, location: SourceLocation(file: path, pointer: pointer))]
    }

    private mutating func followInDocument(_ reference: String, at location: SourceLocation, depth: Int, setChain: [String]) -> [TokenSource] {
        guard let pointer = JSONPointer(reference), let first = pointer.tokens.first else {
            fail(.invalidTokenSet, location, "'\(reference)' is not a JSON pointer into this document")
            return []
        }
        switch first {
        case "modifiers":
            fail(.invalidTokenSet, location, "'\(reference)': only resolutionOrder may reference a modifier")
            return []
        case "resolutionOrder":
            fail(.invalidTokenSet, location, "'\(reference)': nothing may reference resolutionOrder items")
            return []
        case "sets" where pointer.tokens.count == 2:
            let name = pointer.tokens[1]
            guard case .object(let set)? = resolver["sets"]?[name] else {
                fail(.invalidTokenSet, location, "'\(reference)' names no set of this document")
                return []
            }
            guard !setChain.contains(name) else {
                fail(.cycle, location, "set reference cycle: \((setChain + [name]).joined(separator: " → "))")
                return []
            }
            return readSources(set["sources"], at: Self.location(["sets", name, "sources"]), depth: depth + 1, setChain: setChain + [name]) ?? []
        default:
            guard case .object(let tree)? = pointer.resolve(in: .object(resolver)) else {
                fail(.invalidTokenSet, location, "'\(reference)' finds no token tree in this document")
                return []
            }
            return [TokenSource(tree: tree, location: Self.location(pointer.tokens))]
        }
    }
}
