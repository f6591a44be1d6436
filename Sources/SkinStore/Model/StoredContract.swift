/// A build's registered contract as stored (docs/apps.md, "Old builds in the field"). The store
/// keeps the contract as canonical JSON text; the server reads it into `BuildContract` (the
/// store knows nothing of skins).
package struct StoredContract: Hashable, Sendable {
    /// `ios`, `android`, `web`, `macos` or `other`.
    package let platform: String
    /// `MAJOR.MINOR.PATCH`.
    package let version: String
    /// `{"tokens": {…}, "styles": […], "images": […]}` as canonical JSON.
    package let contract: String
    package let createdAt: String
    package let updatedAt: String
    package let updatedBy: String

    package init(platform: String, version: String, contract: String, createdAt: String, updatedAt: String, updatedBy: String) {
        self.platform = platform
        self.version = version
        self.contract = contract
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.updatedBy = updatedBy
    }

    /// `ios/3.2.1`: how findings, `/v1/clients` and the audit log name the build.
    package var build: String { "\(platform)/\(version)" }
}
