import Logging
import LiveryServer
import SkinStore

extension DatabaseOptions {
    /// Opens the store named by the configuration, turning store errors into one-line failures.
    func openStore(migrate: Bool = true) throws -> (SkinStore, LiveryConfiguration) {
        let configuration = try loadConfiguration()
        var logger = Logger(label: "livery")
        logger.logLevel = .warning
        let backend = configuration.storeBackend
        do {
            // One reader: a command runs a few queries, not a server's traffic.
            let store = try SkinStore(backend: backend, readerCount: 1, migrateAtOpen: migrate, logger: logger)
            return (store, configuration)
        } catch {
            throw CLIFailure("cannot open database \(backend): \(error)")
        }
    }
}
