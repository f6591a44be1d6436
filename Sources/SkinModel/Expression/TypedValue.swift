/// A resolved value together with the token type it has.
///
/// Usually `type == value.type`; the exception is a stroke-style keyword (`"dashed"`),
/// which Core represents as `.string` but which is a `strokeStyle` for type checks.
struct TypedValue: Sendable, Hashable, CustomStringConvertible {
    var type: TokenType
    var value: TokenValue

    init(_ value: TokenValue) {
        self.type = value.type
        self.value = value
    }

    init(type: TokenType, value: TokenValue) {
        self.type = type
        self.value = value
    }

    /// `dimension 8px`, `color #3366ffff`, `string 'Inter'`: what a message shows of a value.
    var description: String {
        switch value {
        case .color(let color): "color \(color.hexString)"
        case .dimension(let dimension): "dimension \(NotationNumber.describe(dimension.value))\(dimension.unit.rawValue)"
        case .duration(let duration): "duration \(NotationNumber.describe(duration.value))\(duration.unit.rawValue)"
        case .number(let number): "number \(NotationNumber.describe(number))"
        case .fontWeight(let weight): "fontWeight \(NotationNumber.describe(weight))"
        case .boolean(let bool): "boolean \(bool)"
        case .string(let string): "\(type.rawValue) '\(string)'"
        case .fontFamily(let family): "fontFamily '\(family.primary)'"
        default: "\(type.rawValue) \(JSONDescription.describe(value.flatJSON))"
        }
    }
}
