import ArgumentParser

/// `livery migrate`: applies the embedded migrations that the database has not seen yet.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply pending database migrations.",
        discussion: """
            Migrations are compiled into the binary and applied in order, each in its own \
            transaction, and recorded with a checksum. `livery serve` applies them too; this \
            command lets an operator migrate before rolling out a new version. A migration that \
            was edited after it was applied stops with an error naming it. Works on SQLite \
            (--database) and PostgreSQL (--database-url), each with its own numbered migrations.
            """
    )

    @OptionGroup var options: DatabaseOptions

    func run() throws {
        let (store, configuration) = try options.openStore(migrate: false)
        defer { store.close() }
        do {
            let applied = try store.migrate()
            if applied.isEmpty {
                print("database \(configuration.storeBackend) is up to date")
            } else {
                for name in applied { print("applied \(name)") }
            }
        } catch {
            throw CLIFailure("migration failed: \(error)")
        }
    }
}
