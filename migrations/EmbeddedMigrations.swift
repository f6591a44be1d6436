/// The migrations of `migrations/`, embedded in the binary in application order.
package enum EmbeddedMigrations {
    /// SQLite's `(name, SQL bytes)` in the order they must be applied.
    package static let all: [(name: String, sql: [UInt8])] = [
        ("m0001_initial", PackageResources.m0001_initial_sql),
        ("m0002_release_control", PackageResources.m0002_release_control_sql),
        ("m0003_fleet", PackageResources.m0003_fleet_sql),
        ("m0004_contracts", PackageResources.m0004_contracts_sql),
        ("m0005_served_holds", PackageResources.m0005_served_holds_sql),
        ("m0006_drafts", PackageResources.m0006_drafts_sql),
        ("m0007_review", PackageResources.m0007_review_sql),
        ("m0008_webhooks", PackageResources.m0008_webhooks_sql),
        ("m0009_version_previews", PackageResources.m0009_version_previews_sql),
    ]

    /// PostgreSQL's, likewise. Same numbering, its own files: the schemas say the same thing in
    /// each engine's types (`bytea`, identity columns, a trigger that notifies listeners).
    package static let postgresql: [(name: String, sql: [UInt8])] = [
        ("pg0001_initial", PackageResources.pg0001_initial_sql),
        ("pg0002_release_control", PackageResources.pg0002_release_control_sql),
        ("pg0003_fleet", PackageResources.pg0003_fleet_sql),
        ("pg0004_contracts", PackageResources.pg0004_contracts_sql),
        ("pg0005_served_holds", PackageResources.pg0005_served_holds_sql),
        ("pg0006_drafts", PackageResources.pg0006_drafts_sql),
        ("pg0007_review", PackageResources.pg0007_review_sql),
        ("pg0008_webhooks", PackageResources.pg0008_webhooks_sql),
        ("pg0009_version_previews", PackageResources.pg0009_version_previews_sql),
    ]
}
