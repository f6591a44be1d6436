/// Paths of a bundle's files, as resolver references write them (`./theme/dark.json`,
/// `theme/../base.json`), reduced to one spelling so a reference finds its file however it
/// is written. A path that climbs above the resolver document's folder, an absolute path and
/// a URL are outside the bundle.
enum BundlePath {
    /// The normalized path, or nil when it leaves the bundle.
    static func normalize(_ path: String) -> String? {
        if path.hasPrefix("/") || path.contains("://") || path.contains("\\") { return nil }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// The file part and fragment of a reference (`a.json#/x` → `a.json`, `/x`).
    static func split(_ reference: String) -> (file: String, fragment: String?) {
        guard let hash = reference.firstIndex(of: "#") else { return (reference, nil) }
        return (String(reference[..<hash]), String(reference[reference.index(after: hash)...]))
    }
}
