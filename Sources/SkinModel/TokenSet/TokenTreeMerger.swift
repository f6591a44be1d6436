/// Merges a selection's sources into one token tree, as the Resolver Module's composition
/// step does: sources in order, groups merged member by member, and a token (or anything
/// that is not a group) replaced whole by a later definition — the last definition wins,
/// nothing is resolved yet. The tree then reads and resolves like one document.
///
/// Alongside the tree it records, for every token and group path, where its winning
/// definition was written (for errors), and which tokens only reference-only sources won.
struct TokenTreeMerger {
    private(set) var tree = JSONObject()
    /// Token or group path → where its last definition was written.
    private(set) var locations: [String: SourceLocation] = [:]
    /// Token paths whose last definition came from a source that puts nothing in the output.
    private(set) var hidden: Set<String> = []
    /// Where sources carried a top-level `$livery`, which only the bundle may.
    private(set) var liveryLocations: [SourceLocation] = []

    mutating func merge(_ contribution: TokenContribution) {
        let source = contribution.source
        // Moved out and back so the recursion can write it while mutating the other tables
        // (and the tree stays uniquely referenced: no copy).
        var root = tree
        tree = JSONObject()
        merge(source.tree, into: &root, names: [], location: source.location, outputs: contribution.outputs)
        tree = root
    }

    private mutating func merge(_ source: JSONObject, into target: inout JSONObject, names: [String], location: SourceLocation, outputs: Bool) {
        for (key, value) in source.members {
            if names.isEmpty, key == "$livery" {
                liveryLocations.append(location.appending([key]))
                continue
            }
            if key.hasPrefix("$"), key != TokenPath.rootName {
                // A group's own property ($type, $description, $extends, …): the later one wins.
                target[key] = value
                // Where an `$extends` (or a group's `$ref`) was written, for its errors.
                if key == "$extends" || key == "$ref" { locations[(names + [key]).joined(separator: ".")] = location.appending([key]) }
                continue
            }
            let childNames = names + [key]
            let path = childNames.joined(separator: ".")
            locations[path] = location.appending([key])
            if case .object(let group) = value, Self.isGroup(group) {
                var merged = JSONObject()
                if case .object(let existing)? = target[key], Self.isGroup(existing) {
                    target[key] = .null  // keeps the member's place and leaves `existing` uniquely referenced
                    merged = existing
                }
                merge(group, into: &merged, names: childNames, location: location.appending([key]), outputs: outputs)
                target[key] = .object(merged)
            } else {
                target[key] = value
                if outputs { hidden.remove(path) } else { hidden.insert(path) }
            }
        }
    }

    /// A group is an object that is neither a token (`$value`) nor a token-level `$ref`.
    static func isGroup(_ object: JSONObject) -> Bool {
        object["$value"] == nil && object["$ref"] == nil
    }
}
