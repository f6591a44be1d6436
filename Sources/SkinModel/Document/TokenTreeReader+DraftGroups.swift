/// Pre-2025 draft groups (docs/skins.md, "What tool exports may contain", `legacy-form`): a tool that writes draft tokens (`value`/`type`
/// without `$`) writes its groups' metadata the same way, as `description` and `extensions`.
/// lukasoppermann's Figma plugin writes a group of gradient fills with `"description": ""` and
/// `"extensions": {"org.lukasoppermann.figmaDesignTokens": {…}}` beside its draft tokens. Read as
/// DTCG 2025.10 reads them, those are a string member (neither token nor group) and a group with
/// a reverse-domain name holding `.`s: nothing the designer meant. They are read as the group's
/// `$description` and `$extensions` instead, but only where that reading is the only sensible one:
/// the group holds draft tokens (or nothing but these two members: an entry the plugin exported
/// without a value), has no `$` form of the same member, `description` is text (or null), and
/// `extensions` is an object whose every key is a reverse-domain name (it has a `.`) holding no
/// token.
extension TokenTreeReader {
    mutating func readingDraftGroupMetadata(_ group: JSONObject, at location: String) -> JSONObject {
        guard group["description"] != nil || group["extensions"] != nil else { return group }
        let holdsDraftTokens = group.members.contains { member in
            guard case .object(let child) = member.value else { return false }
            return Self.tokenForm(child)?.legacy == true
        }
        // An entry the plugin exported without a value (a Figma layer blur): only these two members.
        let onlyDraftMetadata = group.keys.allSatisfy { $0 == "description" || $0 == "extensions" }
        guard holdsDraftTokens || onlyDraftMetadata else { return group }
        var renamed: [String] = []
        var result = JSONObject()
        for (key, value) in group.members {
            switch key {
            case "description" where group["$description"] == nil && (value.stringValue != nil || value == .null):
                renamed.append(key)
                if value != .null { result["$description"] = value }
            case "extensions" where group["$extensions"] == nil && Self.isDraftExtensions(value):
                renamed.append(key)
                result["$extensions"] = value
            default:
                result[key] = value
            }
        }
        guard !renamed.isEmpty else { return group }
        let members = renamed.map { "'\($0)'" }.joined(separator: " and ")
        let properties = renamed.map { "$" + $0 }.joined(separator: " and ")
        problems.add(.warning(
            .legacyForm, at: location,
            "the draft group \(renamed.count == 1 ? "member" : "members") \(members) (without '$') beside draft tokens; read as the group's \(properties)",
            detail: "draft group metadata"))
        return result
    }

    /// An `extensions` object as drafts write it: reverse-domain keys (`org.example.tool`), no tokens.
    private static func isDraftExtensions(_ value: JSONValue) -> Bool {
        guard case .object(let object) = value, !object.keys.isEmpty else { return false }
        return object.members.allSatisfy { member in
            guard member.key.contains(".") else { return false }
            if case .object(let inner) = member.value, tokenForm(inner) != nil { return false }
            return true
        }
    }
}
