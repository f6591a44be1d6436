/// The migrations of `migrations/`, embedded in the binary in application order.
package enum EmbeddedMigrations {
    /// `(name, SQL bytes)` in the order they must be applied.
    package static let all: [(name: String, sql: [UInt8])] = [
        ("m0001_initial", PackageResources.m0001_initial_sql),
        ("m0002_release_control", PackageResources.m0002_release_control_sql),
    ]
}
