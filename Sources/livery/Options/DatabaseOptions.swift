import ArgumentParser
import Foundation
import LiveryServer

/// `--database`, `--database-url` and `--config`, shared by the commands that open the
/// database directly (`serve`, `migrate`, `token`, `backup`): on SQLite or PostgreSQL alike.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("SQLite database file.", valueName: "path"))
    var database: String?

    @Option(
        name: .customLong("database-url"),
        help: ArgumentHelp("PostgreSQL database (postgresql://user@host/db) instead of a SQLite file.", valueName: "url"))
    var databaseURL: String?

    @Option(name: .long, help: ArgumentHelp("JSON configuration file (see config/livery.example.json).", valueName: "file"))
    var config: String?

    /// The configuration after file < environment < flags.
    func loadConfiguration(extraFlags: [String: String] = [:]) throws -> LiveryConfiguration {
        var flags = extraFlags
        if let database { flags["database.path"] = database }
        if let databaseURL { flags["database.url"] = databaseURL }
        do {
            return try LiveryConfiguration.load(
                configPath: config, environment: ProcessInfo.processInfo.environment, flags: flags)
        } catch {
            throw CLIFailure(error.description)
        }
    }
}
