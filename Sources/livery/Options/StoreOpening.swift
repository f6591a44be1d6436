import Logging
import LiveryServer
import SkinStore

extension DatabaseOptions {
    /// Opens the store named by the configuration, turning store errors into one-line failures.
    func openStore(migrate: Bool = true) throws -> (SkinStore, LiveryConfiguration) {
        let configuration = try loadConfiguration()
        var logger = Logger(label: "livery")
        logger.logLevel = .warning
        do {
            let store = try SkinStore(path: configuration.databasePath, migrateAtOpen: migrate, logger: logger)
            return (store, configuration)
        } catch {
            throw CLIFailure("cannot open database \(configuration.databasePath): \(error)")
        }
    }
}
