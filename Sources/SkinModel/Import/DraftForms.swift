/// Pre-2025 draft forms of tokens and groups (docs/skins.md, "What tool exports may contain",
/// `legacy-form`), rewritten into DTCG 2025.10's before the strict reader sees them.
///
/// A draft token is `value` with `type` (or `value` that is not an object), without `$`: its
/// `value`, `type`, `description` and `extensions` become the `$` members (a null `description` is
/// dropped). A group whose child is named `value` stays a group: its `value` is a token or group
/// object and it has no string `type`.
///
/// A tool that writes draft tokens writes its groups' metadata the same way. lukasoppermann's
/// Figma plugin writes a group of gradient fills with `"description": ""` and
/// `"extensions": {"org.lukasoppermann.figmaDesignTokens": {…}}` beside its draft tokens. Read as
/// DTCG 2025.10 reads them, those are a string member (neither token nor group) and a group with
/// a reverse-domain name holding `.`s: nothing the designer meant. They become the group's
/// `$description` and `$extensions` instead, but only where that reading is the only sensible one:
/// the group holds draft tokens (or nothing but these two members: an entry the plugin exported
/// without a value), has no `$` form of the same member, `description` is text (or null), and
/// `extensions` is an object whose every key is a reverse-domain name (it has a `.`) holding no
/// token.
enum DraftForms {
    /// The DTCG form of a draft token, or nil when the object is no draft token.
    static func token(_ object: JSONObject) -> JSONObject? {
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
        return renamed
    }

    /// Whether an object is a token in either form: DTCG's (``TokenTreeReader/isToken(_:)``) or a draft's.
    static func isAnyToken(_ object: JSONObject) -> Bool {
        TokenTreeReader.isToken(object) || token(object) != nil
    }

    /// The group with its draft metadata (`description`, `extensions` beside draft tokens) read as
    /// `$description` and `$extensions`, warning `legacy-form`; the group unchanged otherwise.
    static func groupMetadata(_ group: JSONObject, at location: String, problems: inout SkinProblems) -> JSONObject {
        guard group["description"] != nil || group["extensions"] != nil else { return group }
        let holdsDraftTokens = group.members.contains { member in
            guard case .object(let child) = member.value else { return false }
            return token(child) != nil
        }
        // An entry the plugin exported without a value (a layer blur): only these two members.
        let onlyDraftMetadata = group.keys.allSatisfy { $0 == "description" || $0 == "extensions" }
        guard holdsDraftTokens || onlyDraftMetadata else { return group }
        var renamed: [String] = []
        var result = JSONObject()
        for (key, value) in group.members {
            switch key {
            case "description" where group["$description"] == nil && (value.stringValue != nil || value == .null):
                renamed.append(key)
                if value != .null { result["$description"] = value }
            case "extensions" where group["$extensions"] == nil && isDraftExtensions(value):
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
            if case .object(let inner) = member.value, isAnyToken(inner) { return false }
            return true
        }
    }

    /// The warning a draft token read as DTCG gets.
    static func tokenWarning(at location: String) -> Diagnostic {
        .warning(.legacyForm, at: location, "a pre-2025 draft token (value/type without '$'); read as DTCG", detail: "draft token")
    }
}
