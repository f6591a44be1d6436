import SkinModel

/// A stand-in for the token half's resolver, enough for styling tests: `{path}` aliases from a
/// dictionary, `#rrggbb[aa]` colours, `sha256:` assets, JSON numbers/booleans, `{value, unit}`
/// dimensions and strings for `string`. Anything else fails like the real resolver would.
struct FakeValueResolver: PropertyValueResolving {
    var tokens: [String: TokenValue] = [:]
    var assets: [String: AssetInfo] = [:]
    /// Whether an alias to a token of another type than requested throws (as a strict resolver
    /// would) or returns the token's own value (the styling half must catch both).
    var throwsOnAliasTypeMismatch = true

    func resolve(_ raw: JSONValue, as type: TokenType?, at path: String) throws(SkinProblems) -> TokenValue {
        func fail(_ code: DiagnosticCode, _ message: String) -> SkinProblems {
            SkinProblems(errors: [.error(code, at: path, message)])
        }
        switch raw {
        case .string(let text) where text.hasPrefix("{") && text.hasSuffix("}"):
            let name = String(text.dropFirst().dropLast())
            guard let value = tokens[name] else { throw fail(.unknownReference, "unknown token \(name)") }
            if let type, value.type != type, throwsOnAliasTypeMismatch {
                throw fail(.typeMismatch, "\(name) is \(value.type.rawValue), not \(type.rawValue)")
            }
            return value
        case .string(let text) where text.hasPrefix("#") && (type == nil || type == .color):
            guard let color = Self.color(hex: text) else { throw fail(.invalidValue, "bad colour \(text)") }
            return .color(color)
        case .string(let text) where text.hasPrefix("sha256:") && (type == nil || type == .asset):
            guard let asset = assets[String(text.dropFirst(7))] else { throw fail(.unknownImage, "no asset \(text)") }
            return .asset(asset)
        case .string(let text) where type == .string || type == .strokeStyle:
            return .string(text)
        case .number(let number) where type == nil || type == .number:
            return .number(number)
        case .number(let number) where type == .fontWeight:
            return .fontWeight(number)
        case .bool(let bool) where type == nil || type == .boolean:
            return .boolean(bool)
        case .object(let object) where type == nil || type == .dimension:
            guard let value = object["value"]?.numberValue, let unit = object["unit"]?.stringValue.flatMap(DimensionUnit.init) else {
                throw fail(.invalidValue, "not a dimension")
            }
            return .dimension(Dimension(value, unit))
        default:
            throw fail(type == nil ? .invalidExpression : .invalidValue, "cannot read \(raw) as \(type?.rawValue ?? "an expression")")
        }
    }

    static func color(hex: String) -> RGBAColor? {
        let digits = Array(hex.dropFirst())
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var components: [Double] = []
        var index = 0
        while index < digits.count {
            guard let byte = UInt8(String(digits[index...index + 1]), radix: 16) else { return nil }
            components.append(Double(byte) / 255)
            index += 2
        }
        return RGBAColor(red: components[0], green: components[1], blue: components[2], alpha: components.count == 4 ? components[3] : 1)
    }
}

/// JSON written as Swift literals in styling tests: `let livery: L = ["rules": [["selector": "a"]]]`.
///
/// A type of its own rather than literal conformances on `JSONValue`, which the token half's
/// tests (same test target) may declare too.
struct L: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    var json: JSONValue

    init(_ json: JSONValue) { self.json = json }
    init(stringLiteral value: String) { json = .string(value) }
    init(floatLiteral value: Double) { json = .number(value) }
    init(integerLiteral value: Int) { json = .number(Double(value)) }
    init(booleanLiteral value: Bool) { json = .bool(value) }
    init(nilLiteral: ()) { json = .null }
    init(arrayLiteral elements: L...) { json = .array(elements.map(\.json)) }
    init(dictionaryLiteral elements: (String, L)...) { json = .object(JSONObject(elements.map { ($0.0, $0.1.json) })) }

    /// The object, for APIs that take a `JSONObject`.
    var object: JSONObject { json.objectValue ?? JSONObject() }
}
