/// Which objects of a token tree are tokens (docs/skins.md, "Tokens and groups", §1.8).
extension TokenTreeReader {
    /// The token an object is, in DTCG form, or nil for a group: an object with `$value`; a
    /// token-level `$ref` (a `$ref` string and no non-`$` member); or a pre-2025 draft token,
    /// `value` with `type` (or `value` that is not an object), whose members are renamed to `$`
    /// form (`legacy` true). A group whose child is named `value` stays a group: its `value` is a
    /// token or group object and it has no string `type`.
    static func tokenForm(_ object: JSONObject) -> (object: JSONObject, legacy: Bool)? {
        if object["$value"] != nil { return (object, false) }
        if case .string? = object["$ref"], !object.keys.contains(where: { !$0.hasPrefix("$") }) { return (object, false) }
        guard let value = object["value"], object.keys.allSatisfy({ !$0.hasPrefix("$") }) else { return nil }
        let typed = object["type"]?.stringValue != nil
        if case .object(let inner) = value, !typed || inner["$value"] != nil || inner["value"] != nil { return nil }
        var renamed = JSONObject()
        for (key, member) in object.members {
            switch key {
            case "value", "type", "description", "extensions":
                if key == "description", member == .null { continue }
                renamed["$" + key] = member
            default: renamed[key] = member
            }
        }
        return (renamed, true)
    }

    /// Every token path of a raw tree, found the way `readGroup` finds tokens (`$root` included).
    static func tokenPaths(in tree: JSONObject, prefix: String = "") -> [String] {
        var paths: [String] = []
        for (key, value) in tree.members where key == TokenPath.rootName || !key.hasPrefix("$") {
            guard case .object(let child) = value else { continue }
            let path = prefix.isEmpty ? key : prefix + "." + key
            if tokenForm(child) != nil {
                paths.append(path)
            } else {
                paths += tokenPaths(in: child, prefix: path)
            }
        }
        return paths
    }
}
