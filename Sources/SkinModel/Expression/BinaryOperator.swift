/// The four arithmetic operators of SPEC §1.3.
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
