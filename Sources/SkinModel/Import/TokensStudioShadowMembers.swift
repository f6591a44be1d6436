/// Tokens Studio's shadow members (docs/skins.md, "What tool exports may contain"), renamed where
/// a shadow object is read. They are recognised there, not in the import pre-pass, because a shadow
/// object's type is often known only at resolution: a variant's or a child skin's override takes
/// its type from the token's first definition, in another layer, and a style property from its
/// component.
extension ValueReader {
    /// Tokens Studio's shadow members (`x`, `y`, `type: dropShadow|innerShadow`) renamed to
    /// DTCG's (`offsetX`, `offsetY`, `inset`), with a `mapped-type` warning.
    mutating func shadowMembersInDTCGNames(_ object: JSONObject) -> JSONObject {
        guard object["x"] != nil || object["y"] != nil || object["type"] != nil else { return object }
        var result = JSONObject()
        var renamed: [String] = []
        for (key, value) in object.members {
            switch key {
            case "x" where object["offsetX"] == nil: result["offsetX"] = value; renamed.append("x → offsetX")
            case "y" where object["offsetY"] == nil: result["offsetY"] = value; renamed.append("y → offsetY")
            case "type" where value == .string("innerShadow") || value == .string("dropShadow"):
                if object["inset"] == nil { result["inset"] = .bool(value == .string("innerShadow")) }
                renamed.append("type \(JSONDescription.describe(value)) → inset")
            default: result[key] = value
            }
        }
        if !renamed.isEmpty { warnings.append(ReadingWarning(.mappedType, "Tokens Studio shadow members read as DTCG's: \(renamed.joined(separator: ", "))", detail: "Tokens Studio shadow members")) }
        return result
    }
}
