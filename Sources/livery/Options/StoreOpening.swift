import Foundation
import Logging
import LiveryServer
import SkinStore

extension DatabaseOptions {
    /// Opens the store named by the configuration, turning store errors into one-line failures.
    ///
    /// `existing`: the commands that manage what a running server uses (`token`, `backup`) never
    /// create a database (docs/operations.md, "Tokens"): run in the wrong folder, they would
    /// otherwise make a new `./data/livery.sqlite` and print a token the server has never seen.
    /// A missing SQLite file is an error naming the path looked for. `announce` says on stderr
    /// which database was used, so a token created in the wrong one is noticed at once.
    func openStore(migrate: Bool = true, existing: Bool = false, announce: Bool = false) throws -> (SkinStore, LiveryConfiguration) {
        let configuration = try loadConfiguration()
        var logger = Logger(label: "livery")
        logger.logLevel = .warning
        let backend = configuration.storeBackend
        if existing, configuration.databaseURL == nil {
            let path = URL(fileURLWithPath: configuration.databasePath).standardizedFileURL.path
            guard FileManager.default.fileExists(atPath: path) else {
                throw CLIFailure(
                    "no database at \(path) (database.path: --database, LIVERY_DATABASE or --config; default ./data/livery.sqlite "
                        + "in the current folder). Run this where the server runs, or pass the server's --database; "
                        + "`livery serve` or `livery migrate` creates a new one.")
            }
        }
        if announce {
            FileHandle.standardError.write(Data("database: \(Self.describe(configuration))\n".utf8))
        }
        do {
            // One reader: a command runs a few queries, not a server's traffic.
            let store = try SkinStore(backend: backend, readerCount: 1, migrateAtOpen: migrate, logger: logger)
            return (store, configuration)
        } catch {
            throw CLIFailure("cannot open database \(Self.describe(configuration)): \(error)")
        }
    }

    /// The database in words, an absolute SQLite path or the PostgreSQL URL without its password.
    static func describe(_ configuration: LiveryConfiguration) -> String {
        if let url = configuration.databaseURL {
            guard var components = URLComponents(string: url) else { return "postgresql" }
            if components.password != nil { components.password = "…" }
            return components.string ?? "postgresql"
        }
        return "sqlite:" + URL(fileURLWithPath: configuration.databasePath).standardizedFileURL.path
    }
}
