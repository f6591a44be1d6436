import ArgumentParser

/// `livery`: the theme server and the tools around it. Every subcommand is a thin shell over
/// the libraries (LiveryServer, SkinStore, LiveryClient), so tests and the binary share code.
@main
struct Livery: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "livery",
        abstract: "Serve, publish and inspect Livery skins.",
        discussion: """
            Server side: serve, migrate, token, backup open the database directly: the SQLite file \
            (--database, LIVERY_DATABASE) or PostgreSQL (--database-url, LIVERY_DATABASE_URL). \
            Client side: publish, activate, draft, get, watch, health talk HTTP to a server (--server, LIVERY_SERVER; \
            the token from LIVERY_TOKEN); validate works offline.
            Environment: LIVERY_HOST, LIVERY_PORT, LIVERY_DATABASE, LIVERY_DATABASE_URL, LIVERY_CONFIG, LIVERY_LOG_LEVEL \
            and the other LIVERY_* keys documented in config/README.md.
            """,
        version: LiveryVersion.current,
        subcommands: [
            ServeCommand.self, MigrateCommand.self, TokenCommand.self, BackupCommand.self, PublishCommand.self,
            ActivateCommand.self, RolloutCommand.self, ScheduleCommand.self, RollbackCommand.self, GetCommand.self, WatchCommand.self,
            ValidateCommand.self, HealthCommand.self, ContractCommand.self, DraftCommand.self,
        ]
    )
}
