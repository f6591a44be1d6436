import SkinStore

/// Runs a store operation and turns its errors into problems: `StoreError`s by their meaning,
/// SQLite's busy error as 503 (another process holds the write lock too long), the rest as 500.
func storeCall<T: Sendable>(_ body: () async throws -> T) async throws(Problem) -> T {
    do {
        return try await body()
    } catch let error as StoreError {
        throw Problem(storeError: error)
    } catch let error as SQLiteError where error.code.primary == .busy {
        throw Problem.serviceUnavailable("The database is busy; try again.")
    } catch {
        throw Problem.internalError("The database operation failed.")
    }
}
