/// The store's domain errors: what went wrong in terms the API can map to a status code.
///
/// Low-level failures surface as the engine's typed error, ``SQLiteError`` (e.g. `.busy` after
/// the busy timeout, which the server can answer with 503) or ``PostgresError`` (by SQLSTATE);
/// a lost PostgreSQL connection is ``unavailable(reason:)``. Suggested HTTP mapping: `notFound`
/// 404, `preconditionFailed` 412, `skinInUse`, `alreadyExists`, `draftSkinDiffers`, `noRollout`, `nothingToRollBack`
/// and `scheduleNotPending` 409, `lineageCycle`, `unknownParent`, `lineageTooLong` and `tooMany` 422,
/// `closed` and `unavailable` 503, the migration errors stop the process.
package enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The named thing does not exist.
    case notFound(StoreObject)
    /// An If-Match precondition failed. `current` is the skin's latest version number, or the
    /// channel's activation count (0 when the skin or channel does not exist yet).
    case preconditionFailed(current: Int)
    /// `deleteSkin` refused: channels or other skins still use the skin.
    case skinInUse(skin: String, referrers: [SkinReferrer])
    /// A unique name is taken (a token name; token names are never reused).
    case alreadyExists(StoreObject)
    /// Publishing would create an inheritance cycle; the path is spelled out, e.g. `["a", "b", "a"]`.
    case lineageCycle(path: [String])
    /// The `$livery.extends` of a publish names a skin or version that does not exist.
    case unknownParent(reference: String)
    /// Publishing would create a lineage longer than `limit` skins.
    case lineageTooLong(limit: Int)
    /// An applied migration's SQL differs from the binary's (its checksum changed).
    case migrationEdited(name: String)
    /// The database records a migration this binary does not have: it is newer than the binary.
    case unknownMigration(name: String)
    /// A migration's SQL failed; nothing of it was applied.
    case migrationFailed(name: String, message: String)
    /// Promote or abort, but the channel runs no rollout.
    case noRollout(channel: String)
    /// A rollback with nothing to return to: the channel has a single history entry, or `to` names the current one.
    case nothingToRollBack(channel: String)
    /// Cancelling a schedule that already ran, failed or was cancelled.
    case scheduleNotPending(id: Int, state: String)
    /// A write would pass one of the store's limits (docs/operations.md, "Limits"): at most
    /// `limit` of what ``StoreLimit`` names. Suggested HTTP mapping: 422.
    case tooMany(StoreLimit, limit: Int)
    /// A save of an existing draft names another skin than the one it was made for.
    case draftSkinDiffers(draft: String, skin: String)
    /// A change the channel's review policy refuses: a direct change (`request` nil), or a
    /// change request without enough approvals (docs/api.md, "Change requests"). Suggested HTTP mapping: 409.
    case approvalRequired(channel: String, request: Int?, approvals: Int, required: Int)
    /// An action on a change request that is rejected, cancelled or applied. Suggested HTTP mapping: 409.
    case changeRequestClosed(id: Int, state: String)
    /// Approving one's own change request where the policy does not allow it. Suggested HTTP mapping: 403.
    case selfApproval(id: Int)
    /// Applying a change request whose change has an `at` before that time. Suggested HTTP mapping: 409.
    case changeRequestNotDue(id: Int, at: String)
    /// The store has been closed.
    case closed
    /// The database server cannot be reached (PostgreSQL down, restarting, or the connection
    /// lost); the store reconnects with backoff and the operation may be retried.
    case unavailable(reason: String)

    package var description: String {
        switch self {
        case .notFound(let object):
            "\(object) not found"
        case .preconditionFailed(let current):
            "precondition failed: the current value is \(current)"
        case .skinInUse(let skin, let referrers):
            "skin \"\(skin)\" is in use by " + referrers.map(\.description).joined(separator: ", ")
        case .alreadyExists(let object):
            "\(object) already exists"
        case .lineageCycle(let path):
            "inheritance cycle: " + path.joined(separator: " → ")
        case .unknownParent(let reference):
            "extends \"\(reference)\", which does not exist"
        case .lineageTooLong(let limit):
            "lineage longer than \(limit) skins"
        case .migrationEdited(let name):
            "migration \(name) was edited after it was applied to this database (its checksum differs); "
                + "restore the original file and put the change in a new migration"
        case .unknownMigration(let name):
            "the database has migration \(name) applied, which this binary does not know: "
                + "the database was migrated by a newer version of livery"
        case .migrationFailed(let name, let message):
            "migration \(name) failed: \(message)"
        case .noRollout(let channel):
            "channel \"\(channel)\" runs no rollout"
        case .nothingToRollBack(let channel):
            "channel \"\(channel)\" has no earlier state to return to"
        case .scheduleNotPending(let id, let state):
            "schedule \(id) is \(state), not pending"
        case .tooMany(let what, let limit):
            "at most \(limit) \(what.rawValue) may be stored"
        case .draftSkinDiffers(let draft, let skin):
            "draft \"\(draft)\" is a draft of skin \"\(skin)\""
        case .approvalRequired(let channel, let request, let approvals, let required):
            if let request {
                "change request \(request) has \(approvals) of the \(required) approval\(required == 1 ? "" : "s") it needs"
            } else {
                "channel \"\(channel)\" requires review: changes go through a change request"
            }
        case .changeRequestClosed(let id, let state):
            "change request \(id) is \(state)"
        case .selfApproval(let id):
            "change request \(id) cannot be approved by its author"
        case .changeRequestNotDue(let id, let at):
            "change request \(id) is to be carried out at \(at), not before"
        case .closed:
            "the store is closed"
        case .unavailable(let reason):
            "the database is unavailable: \(reason)"
        }
    }
}

/// What a store limit counts (``StoreError/tooMany(_:limit:)``).
package enum StoreLimit: String, Hashable, Sendable {
    /// Registered build contracts.
    case contracts = "build contracts"
    /// Drafts at once (docs/api.md, "Drafts").
    case drafts
    /// Unexpired, unrevoked preview links of one draft (docs/api.md, "Preview links").
    case previewLinks = "preview links of one draft"
    /// Open change requests at once (docs/api.md, "Change requests").
    case changeRequests = "open change requests"
}
