/// The declared type of a component property (docs/skins.md, "Components, styles and rules"): a token type, an enumeration of
/// allowed strings, or another component (a nested view a key path may address).
///
/// In a document a property type is written as a token type name (`"color"`), a component
/// name (`"Label"`), or `{"enum": ["left", "center", …]}`. Token type names win over
/// component names, so a skin cannot shadow `color` with a component of that name.
public enum PropertyType: Sendable, Hashable, CustomStringConvertible {
    case token(TokenType)
    /// A string restricted to these cases (UIKit enums such as `NSTextAlignment`).
    case enumeration([String])
    /// A nested component: `titleLabel` of a Button is a `Label`. Key paths walk through these.
    case component(String)

    /// The JSON form used in `$livery.components` and `GET /v1/components`.
    public var json: JSONValue {
        switch self {
        case .token(let type): .string(type.rawValue)
        case .enumeration(let cases): .object(JSONObject([("enum", .array(cases.map(JSONValue.string)))]))
        case .component(let name): .string(name)
        }
    }

    public var description: String {
        switch self {
        case .token(let type): type.rawValue
        case .enumeration(let cases): "one of " + cases.map { "\"\($0)\"" }.joined(separator: ", ")
        case .component(let name): "a \(name)"
        }
    }

    /// Reads the JSON form. Returns `nil` for anything else (the caller reports where).
    public init?(json: JSONValue) {
        switch json {
        case .string(let name) where !name.isEmpty:
            self = TokenType(rawValue: name).map(PropertyType.token) ?? .component(name)
        case .object(let object) where object.keys == ["enum"]:
            guard let array = object["enum"]?.arrayValue, !array.isEmpty else { return nil }
            var cases: [String] = []
            for element in array {
                guard let name = element.stringValue, !name.isEmpty, !cases.contains(name) else { return nil }
                cases.append(name)
            }
            self = .enumeration(cases)
        default:
            return nil
        }
    }
}
