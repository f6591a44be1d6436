/// Names with a `.` (docs/skins.md, "What tool exports may contain"): DTCG 2025.10 §5.1.1 forbids them, but design tools' plugins export a
/// variable named `0.25` as a token named `0.25` (lukasoppermann's Design Tokens plugin:
/// `opacities` › `0.25`). Such a name is kept as written, so the token's path is
/// `opacities.0.25` and `{opacities.0.25}` names it; `format=dtcg` writes it back under its own
/// key. What cannot be kept is a path two members spell: a dotted name that is also a nested
/// path (`"0.25"` beside `"0": {"25"}`), or that sits inside or around another token, stays an
/// error naming both.
extension TokenTreeReader {
    /// Records the names of a path that has a dotted name, for `format=dtcg`.
    mutating func recordNames(_ names: [String]) {
        guard names.contains(where: { $0.utf8.contains(UInt8(ascii: ".")) }) else { return }
        dottedNames[names.joined(separator: ".")] = names
    }

    /// Reports each path that a dotted name makes ambiguous with another token of the tree.
    /// Runs once per tree, and costs nothing when no name has a `.`.
    mutating func checkDottedNames() {
        guard !dottedNames.isEmpty else { return }
        var owners: [String: [String]] = [:]
        for definition in definitions { owners[definition.path, default: []].append(definition.path) }
        var failed: Set<String> = []
        for (path, names) in dottedNames.sorted(by: { $0.key < $1.key }) {
            guard owners[path] != nil else { continue }  // a group's metadata: its tokens are checked
            let spelled = names.map { "'\($0)'" }.joined(separator: " › ")
            if owners[path]!.count > 1 {
                failed.insert(path)
                problems.add(.error(.invalidName, at: pathPrefix + path, "\(spelled) and a nested group spell the same path \(path): rename one"))
                continue
            }
            // A token cannot sit inside another token: `a.b` (a dotted name) beside a token `a`.
            var prefix = Substring(path)
            while let dot = prefix.lastIndex(of: ".") {
                prefix = prefix[..<dot]
                if owners[String(prefix)] != nil {
                    failed.insert(path)
                    problems.add(.error(.invalidName, at: pathPrefix + path, "\(spelled) makes the path \(path), inside the token \(prefix): rename one"))
                    break
                }
            }
        }
        for definition in definitions where !failed.contains(definition.path) {
            // The other way round: a dotted token `a.b` around a nested token `a.b.c`.
            var prefix = Substring(definition.path)
            while let dot = prefix.lastIndex(of: ".") {
                prefix = prefix[..<dot]
                if let names = dottedNames[String(prefix)], owners[String(prefix)] != nil {
                    problems.add(.error(.invalidName, at: pathPrefix + definition.path, "\(definition.path) sits inside the token \(names.map { "'\($0)'" }.joined(separator: " › ")) (path \(prefix)): rename one"))
                    break
                }
            }
        }
    }
}
