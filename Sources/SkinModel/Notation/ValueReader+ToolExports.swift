/// What tools write beyond DTCG 2025.10, read as its DTCG equivalent with a warning naming
/// the form (docs/skins.md, "What tool exports may contain"): units beyond px/rem, unitless dimensions, extra composite members,
/// and opaque values kept verbatim. A tool's own names for a composite's members are its dialect's (`Import/`).
extension ValueReader {
    /// `{value, unit}` in px or rem; a unit tools export beyond DTCG is kept (`non-dtcg-unit`);
    /// a unitless number (and one with an empty unit, `{"value": 2, "unit": ""}`) is a pre-2025
    /// export's px (`legacy-form`).
    mutating func dimension(_ raw: JSONValue) throws(ValueError) -> TypedValue {
        if case .number(let number) = raw {
            warnings.append(ReadingWarning(.legacyForm, "the dimension \(NotationNumber.describe(number)) has no unit; read as \(NotationNumber.describe(number))px", detail: "unitless dimension"))
            return TypedValue(.dimension(Dimension(number, .px)))
        }
        if case .object(let object) = raw, case .number(let number)? = object["value"], object["unit"] == .string(""), object.count == 2 {
            warnings.append(ReadingWarning(.legacyForm, "the dimension \(JSONDescription.describe(raw)) has an empty unit; read as \(NotationNumber.describe(number))px", detail: "empty unit"))
            return TypedValue(.dimension(Dimension(number, .px)))
        }
        let (value, unit) = try measure(raw, units: Set(DimensionUnit.allCases.map(\.rawValue)), type: .dimension)
        let dimension = Dimension(value, DimensionUnit(rawValue: unit)!)
        if !dimension.unit.isDTCG { warnings.append(Self.nonDTCGUnitWarning(dimension)) }
        return TypedValue(.dimension(dimension))
    }

    /// A value kept as written (an opaque token's, an extra member's), with every exact alias
    /// `"{path}"` inside replaced by the referenced token's value.
    func verbatim(_ raw: JSONValue, lookup: (String) -> LookupResult) throws(ValueError) -> JSONValue {
        switch raw {
        case .string(let text):
            guard let path = TokenPath.exactAlias(text) else { return raw }
            return try Self.resolve(path, lookup: lookup).value.flatJSON
        case .array(let elements):
            var result: [JSONValue] = []
            for element in elements { result.append(try verbatim(element, lookup: lookup)) }
            return .array(result)
        case .object(let object):
            var result = JSONObject()
            for (key, member) in object.members { result[key] = try verbatim(member, lookup: lookup) }
            return .object(result)
        default:
            return raw
        }
    }

    /// A composite member DTCG does not list: read by its shape where that is clear (an alias,
    /// a number, a `{value, unit}`, a colour object), else kept verbatim.
    mutating func extraMember(_ raw: JSONValue, lookup: (String) -> LookupResult) throws(ValueError) -> TokenValue {
        switch raw {
        case .string(let text):
            if let path = TokenPath.exactAlias(text) { return try Self.resolve(path, lookup: lookup).value }
            return .string(text)
        case .number(let number): return .number(number)
        case .bool(let bool): return .boolean(bool)
        case .object(let object) where object["unit"] != nil || object["colorSpace"] != nil:
            return try readUntyped(raw, lookup: lookup).value
        default:
            return .opaque(typeName: "json", try verbatim(raw, lookup: lookup))
        }
    }
}
