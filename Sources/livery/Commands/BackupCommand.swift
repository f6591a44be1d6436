import ArgumentParser

/// `livery backup FILE`: a consistent copy of a live database (SQLite's online backup API, or
/// `pg_dump` for PostgreSQL).
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the database to FILE while the server keeps running.",
        discussion: """
            SQLite: the online backup API in small steps inside one read transaction: the copy is \
            consistent, readers and the running server are never blocked. PostgreSQL \
            (--database-url): pg_dump --format=custom, one consistent snapshot, restored with \
            pg_restore; needs the postgresql-client package. Either way FILE appears only when \
            complete (it is written as FILE.partial and renamed).
            """
    )

    @Argument(help: ArgumentHelp("Where to write the copy.", valueName: "file"))
    var file: String

    @OptionGroup var options: DatabaseOptions

    func run() throws {
        let (store, _) = try options.openStore(existing: true, announce: true)
        defer { store.close() }
        do {
            try store.backup(to: file)
            print("backed up to \(file)")
        } catch {
            throw CLIFailure("backup failed: \(error)")
        }
    }
}
