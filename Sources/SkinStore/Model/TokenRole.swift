/// An API token's role. Ordered: `reader < designer < admin`, so `role >= .designer` checks access.
package enum TokenRole: String, CaseIterable, Comparable, Hashable, Sendable {
    case reader
    case designer
    case admin

    private var rank: Int {
        switch self {
        case .reader: 0
        case .designer: 1
        case .admin: 2
        }
    }

    package static func < (lhs: TokenRole, rhs: TokenRole) -> Bool {
        lhs.rank < rhs.rank
    }
}
