import SkinModel
import SkinStore

extension Problem {
    /// The HTTP face of a storage error.
    init(storeError: StoreError) {
        switch storeError {
        case .notFound(.draftRevision(let draft, let revision)):
            self = Problem(
                status: 404, slug: "revision-not-found", title: "Revision not found",
                detail: "Draft \(draft) keeps no revision \(revision): it was never saved, or is older than the latest 50 "
                    + "(GET /v1/drafts/\(draft)/revisions lists those kept).")
        case .notFound(let object):
            self = .notFound("\(object) does not exist.")
        case .preconditionFailed(let current):
            self = .preconditionFailed("The resource changed: its current revision is \(current).")
        case .skinInUse(let skin, let referrers):
            var problem = Problem.conflict("Skin \(skin) is still used by \(referrers.map { "\($0)" }.joined(separator: ", ")).")
            problem.slug = "skin-in-use"
            self = problem
        case .alreadyExists(let object):
            self = .conflict("\(object) already exists.")
        case .lineageCycle(let path):
            self = .invalidLineage(.cycle, "Lineage cycle: \(path.joined(separator: " → ")).")
        case .unknownParent(let reference):
            self = .invalidLineage(.unknownSkin, "No skin or version \(reference).")
        case .lineageTooLong(let limit):
            self = .invalidLineage(.lineageTooDeep, "A lineage has at most \(limit) skins.")
        case .noRollout, .nothingToRollBack, .scheduleNotPending:
            self = .conflict("\(storeError).")
        case .tooMany(.contracts, let limit):
            self = .limitExceeded(
                "At most \(limit) build contracts may be registered (docs/operations.md, \"Limits\"); "
                    + "delete the contracts of builds no longer in the field (DELETE /v1/contracts/PLATFORM/VERSION) first.")
        case .tooMany(.drafts, let limit):
            self = .limitExceeded(
                "At most \(limit) drafts may be kept (docs/operations.md, \"Limits\"); publish or delete some (DELETE /v1/drafts/ID) first.")
        case .tooMany(.previewLinks, let limit):
            self = .limitExceeded(
                "At most \(limit) preview links of one draft may be valid at once (docs/operations.md, \"Limits\"); revoke some (DELETE /v1/previews/LINK) first.")
        case .draftSkinDiffers(let draft, let skin):
            var problem = Problem.conflict("Draft \(draft) is a draft of skin \(skin); save it without skin= or with skin=\(skin), or use another id.")
            problem.slug = "draft-skin-differs"
            self = problem
        case .approvalRequired(let channel, let request, _, _):
            var problem = Problem.conflict(
                request == nil
                    ? "Channel \(channel) requires review: open a change request (POST /v1/channels/\(channel)/change-requests) "
                        + "and have it approved; an admin sets the policy (PUT /v1/channels/\(channel)/policy)."
                    : Self.sentence("\(storeError)") + ": it is applied once others approve it (POST …/change-requests/\(request ?? 0)/approve).")
            problem.slug = "approval-required"
            self = problem
        case .changeRequestClosed:
            var problem = Problem.conflict("The \(storeError); open a new one.")
            problem.slug = "change-request-closed"
            self = problem
        case .selfApproval(let id):
            var problem = Problem.forbidden("Change request \(id) needs approval by someone other than its author.")
            problem.slug = "self-approval"
            self = problem
        case .changeRequestNotDue(let id, let at):
            var problem = Problem.conflict("Change request \(id) is carried out at \(at), by itself once approved; it cannot be applied before then.")
            problem.slug = "not-due"
            self = problem
        case .tooMany(.changeRequests, let limit):
            self = .limitExceeded(
                "At most \(limit) change requests may be open at once (docs/operations.md, \"Limits\"); apply, reject or cancel some first.")
        case .closed:
            self = .serviceUnavailable("The database is closed.")
        case .unavailable:
            // The reason may name hosts; it goes to the log, not to clients.
            self = .serviceUnavailable("The database is unavailable; try again.")
        case .migrationEdited, .unknownMigration, .migrationFailed:
            self = .serviceUnavailable("The database schema is not usable: \(storeError).")
        }
    }

    /// 422 for a lineage the store refused inside its write transaction (a concurrent publish
    /// can close a cycle after the server's own check), shaped like the model's findings.
    private static func invalidLineage(_ code: DiagnosticCode, _ message: String) -> Problem {
        .invalidDocument(SkinProblems(errors: [.error(code, at: "$livery.extends", message)]))
    }

    /// A description written to follow a word, as a sentence's start: its first letter in capitals.
    private static func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
