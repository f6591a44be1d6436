import SkinStore

extension Problem {
    /// The HTTP face of a storage error.
    init(storeError: StoreError) {
        switch storeError {
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
            var problem = Problem(status: 422, slug: "invalid-document", title: "Invalid skin document", detail: "The lineage would form a cycle.")
            problem.errors = [.error(.cycle, at: "$livery.extends", "Lineage cycle: \(path.joined(separator: " → ")).")]
            self = problem
        case .unknownParent(let reference):
            var problem = Problem(status: 422, slug: "invalid-document", title: "Invalid skin document", detail: "The parent skin does not exist.")
            problem.errors = [.error(.unknownSkin, at: "$livery.extends", "No skin or version \(reference).")]
            self = problem
        case .lineageTooLong(let limit):
            var problem = Problem(status: 422, slug: "invalid-document", title: "Invalid skin document", detail: "The lineage is too long.")
            problem.errors = [.error(.lineageTooDeep, at: "$livery.extends", "A lineage has at most \(limit) skins.")]
            self = problem
        case .closed:
            self = .serviceUnavailable("The database is closed.")
        case .migrationEdited, .unknownMigration, .migrationFailed:
            self = .serviceUnavailable("The database schema is not usable: \(storeError).")
        }
    }
}
