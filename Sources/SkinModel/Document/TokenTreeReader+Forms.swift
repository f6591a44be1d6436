/// Which objects of a token tree are tokens (docs/skins.md, "Tokens and groups", §1.8).
extension TokenTreeReader {
    /// Whether an object is a token: it has `$value`, or it is a token-level `$ref` (a `$ref`
    /// string and no non-`$` member). Pre-2025 draft tokens reach the reader already in this form
    /// (`Import/DraftForms.swift`).
    static func isToken(_ object: JSONObject) -> Bool {
        if object["$value"] != nil { return true }
        if case .string? = object["$ref"], !object.keys.contains(where: { !$0.hasPrefix("$") }) { return true }
        return false
    }

    /// Every token path of a raw tree, found the way `readGroup` finds tokens (`$root` included).
    static func tokenPaths(in tree: JSONObject, prefix: String = "") -> [String] {
        var paths: [String] = []
        for (key, value) in tree.members where key == TokenPath.rootName || !key.hasPrefix("$") {
            guard case .object(let child) = value else { continue }
            let path = prefix.isEmpty ? key : prefix + "." + key
            if isToken(child) {
                paths.append(path)
            } else {
                paths += tokenPaths(in: child, prefix: path)
            }
        }
        return paths
    }
}
