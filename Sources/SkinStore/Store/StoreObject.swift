/// Names a stored object in an error (``StoreError/notFound(_:)``, ``StoreError/alreadyExists(_:)``).
package enum StoreObject: Hashable, Sendable, CustomStringConvertible {
    case skin(String)
    case version(skin: String, number: Int)
    case channel(String)
    case asset(sha256: String)
    case token(name: String)
    /// A schedule by id (docs/api.md, "Rollouts, schedules and rollback").
    case schedule(Int)
    /// Entry `number` (1-based) of a channel's history, as a rollback's `to` names it.
    case historyEntry(channel: String, number: Int)
    /// A build's contract, `ios/3.2.1` (docs/apps.md).
    case contract(String)
    /// A draft by id (docs/api.md, "Drafts").
    case draft(String)
    /// A preview link (its secret is never named).
    case previewLink
    /// A change request by id (docs/api.md, "Change requests").
    case changeRequest(Int)
    /// A webhook by id (docs/api.md, "Webhooks").
    case webhook(Int)
    /// One revision of a draft: never saved, or pruned (a draft keeps its latest 50).
    case draftRevision(draft: String, revision: Int)

    package var description: String {
        switch self {
        case .skin(let name): "skin \"\(name)\""
        case .version(let skin, let number): "version \(number) of skin \"\(skin)\""
        case .channel(let name): "channel \"\(name)\""
        case .asset(let sha256): "asset \(sha256)"
        case .token(let name): "token \"\(name)\""
        case .schedule(let id): "schedule \(id)"
        case .historyEntry(let channel, let number): "entry \(number) of the history of channel \"\(channel)\""
        case .contract(let build): "the contract of build \(build)"
        case .draft(let id): "draft \"\(id)\""
        case .previewLink: "the preview link"
        case .changeRequest(let id): "change request \(id)"
        case .webhook(let id): "webhook \(id)"
        case .draftRevision(let draft, let revision): "revision \(revision) of draft \"\(draft)\""
        }
    }
}
