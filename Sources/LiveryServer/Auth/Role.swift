/// What an API token may do. Roles are ordered: each includes the ones below it.
package enum Role: String, Sendable, CaseIterable, Comparable {
    /// Client reads, when public reads are turned off.
    case reader
    /// Publishing, activating, uploading assets, reading history.
    case designer
    /// Everything, including the audit log.
    case admin

    private var rank: Int {
        switch self {
        case .reader: 0
        case .designer: 1
        case .admin: 2
        }
    }

    package static func < (lhs: Role, rhs: Role) -> Bool { lhs.rank < rhs.rank }
}
