/// Figma display names in references (docs/skins.md, "What tool exports may contain", `display-name-reference`).
///
/// Figma's Simple Design System export names a variable `Scale 03` in its references
/// (`{@typography_primitives.Scale 03}`) but writes the token under its slug, `scale-03`: the
/// name lower-cased with each run of spaces or underscores made one `-` (`Weight Regular Italic`
/// → `weight-regular-italic`, `Brand B` → `brand-b`). A reference that names no path, but whose
/// every segment has the same slug as the segment of exactly ONE token's path, names that
/// token. None, or several, stays `unknown-reference`: a guess between tokens is no answer.
///
/// Built only when a reference misses, so documents whose references all hit pay nothing.
struct DisplayNameIndex {
    /// Slugged path → the tokens with that slugged path; nil until the first miss.
    private var tokensBySlug: [String: [Int]]?
    /// Each written reference looked up so far → its tokens by slug.
    private var matches: [String: [Int]] = [:]

    /// `Scale 03` → `scale-03`: lower case, each run of spaces and `_` one `-`.
    static func slug(_ name: Substring) -> String {
        var result = ""
        result.reserveCapacity(name.utf8.count)
        var inRun = false
        for character in name.lowercased() {
            if character == " " || character == "_" {
                if !inRun { result.append("-") }
                inRun = true
            } else {
                result.append(character)
                inRun = false
            }
        }
        return result
    }

    static func slugPath(_ path: String) -> String {
        path.split(separator: ".", omittingEmptySubsequences: false).map(slug).joined(separator: ".")
    }

    /// The tokens (ids into `paths`) whose path has the same slug as `written`.
    mutating func candidates(for written: String, paths: [String]) -> [Int] {
        if let known = matches[written] { return known }
        if tokensBySlug == nil {
            var index: [String: [Int]] = [:]
            for (id, path) in paths.enumerated() { index[Self.slugPath(path), default: []].append(id) }
            tokensBySlug = index
        }
        let found = tokensBySlug?[Self.slugPath(written)] ?? []
        matches[written] = found
        return found
    }

    /// The one token `written` names by its display name, or nil (no match, or several).
    mutating func target(of written: String, paths: [String]) -> Int? {
        let found = candidates(for: written, paths: paths)
        return found.count == 1 ? found[0] : nil
    }
}
