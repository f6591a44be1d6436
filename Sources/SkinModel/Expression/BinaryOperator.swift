/// The four arithmetic operators of docs/skins.md, "References and expressions".
enum BinaryOperator: Sendable {
    case add, subtract, multiply, divide

    var verb: String {
        switch self {
        case .add: "add"
        case .subtract: "subtract"
        case .multiply: "multiply"
        case .divide: "divide"
        }
    }
}
