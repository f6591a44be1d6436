/// Looking up a reference that names no path by its Figma display name (docs/skins.md, "What tool exports may contain"; the rule is
/// ``DisplayNameIndex``'s). Recognised at resolution, not in the import pre-pass: the name may be
/// of a token in any layer of the lineage. Every lookup of a written reference goes through `referencedID`, so
/// type inference, the dependency graph, evaluation and provenance agree on what it names.
extension ResolutionEngine {
    /// The token `path` names: its own path, else the one token it names by display name.
    func referencedID(_ path: String) -> Int? {
        if let id = ids[path] { return id }
        return displayNames.target(of: path, paths: paths)
    }

    /// The token a reference written by `token` names, with a `display-name-reference` warning
    /// when it is by display name; nil (an `unknown-reference`) when it names none. The warnings
    /// are one kind (no `detail`): an export that writes display names writes them everywhere
    /// (Figma SDS: 71 names in 168 references), and a designer wants one line saying so, with
    /// the paths; each path's message says which name it wrote and what it was read as.
    func resolveReference(_ path: String, from token: Int) -> Int? {
        if let id = ids[path] { return id }
        guard let id = displayNames.target(of: path, paths: paths) else { return nil }
        problems.add(.warning(
            .displayNameReference, at: paths[token],
            "{\(path)} names no token; it is Figma's display name of \(paths[id]), read as {\(paths[id])}"))
        return id
    }

    /// Why a reference names nothing by display name either, when it matches several tokens.
    func displayNameAmbiguity(_ path: String) -> String? {
        let found = displayNames.candidates(for: path, paths: paths)
        guard found.count > 1 else { return nil }
        return "as a Figma display name it matches \(found.count) tokens (\(found.map { paths[$0] }.sorted().joined(separator: ", "))), so it names none"
    }
}
