import HTTPEngine
import SkinStore

/// Runs a store operation and turns its errors into problems: `StoreError`s by their meaning,
/// SQLite's busy error as 503 (another process holds the write lock too long), the rest as 500.
///
/// Every problem that comes from a failure (not from a refusal such as 404 or 409) carries the
/// error as its `cause`: the request logger logs it with the request and counts it by code in
/// `/metrics` (`livery_store_errors_total`), so that no store failure is silent.
func storeCall<T: Sendable>(_ body: () async throws -> T) async throws(Problem) -> T {
    do {
        return try await body()
    } catch {
        throw Problem(storeFailure: error)
    }
}

extension Problem {
    /// The problem a failed store call answers, with its cause attached where it is a failure.
    init(storeFailure error: any Error) {
        switch error {
        case let error as StoreError:
            self = Problem(storeError: error)
            if status >= 500 { cause = HTTPFailureCause(code: "store:\(error.caseName)", message: error.description) }
        case let error as SQLiteError where error.code.primary == .busy:
            self = .serviceUnavailable("The database is busy; try again.")
            cause = HTTPFailureCause(code: "sqlite:\(error.code.rawValue)", message: error.description)
        case let error as SQLiteError:
            self = .internalError("The database operation failed (SQLite result code \(error.code.rawValue)).")
            cause = HTTPFailureCause(code: "sqlite:\(error.code.rawValue)", message: error.description)
        case let error as PostgresError:
            // A lost connection arrives as StoreError.unavailable (503); this is a failed statement.
            self = .internalError("The database operation failed (SQLSTATE \(error.sqlState.isEmpty ? "none" : error.sqlState)).")
            cause = HTTPFailureCause(code: "postgres:\(error.sqlState.isEmpty ? "client" : error.sqlState)", message: error.description)
        default:
            self = .internalError("The database operation failed.")
            cause = HTTPFailureCause(code: "other:\(String(describing: type(of: error)))", message: String(describing: error))
        }
    }
}

extension StoreError {
    /// The case without its values, for a low-cardinality metric label.
    var caseName: String {
        switch self {
        case .notFound: "notFound"
        case .preconditionFailed: "preconditionFailed"
        case .skinInUse: "skinInUse"
        case .alreadyExists: "alreadyExists"
        case .lineageCycle: "lineageCycle"
        case .unknownParent: "unknownParent"
        case .lineageTooLong: "lineageTooLong"
        case .migrationEdited: "migrationEdited"
        case .unknownMigration: "unknownMigration"
        case .migrationFailed: "migrationFailed"
        case .noRollout: "noRollout"
        case .nothingToRollBack: "nothingToRollBack"
        case .scheduleNotPending: "scheduleNotPending"
        case .tooMany: "tooMany"
        case .draftSkinDiffers: "draftSkinDiffers"
        case .approvalRequired: "approvalRequired"
        case .changeRequestClosed: "changeRequestClosed"
        case .selfApproval: "selfApproval"
        case .changeRequestNotDue: "changeRequestNotDue"
        case .closed: "closed"
        case .unavailable: "unavailable"
        }
    }
}
