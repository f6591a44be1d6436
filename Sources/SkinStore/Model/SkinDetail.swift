/// A skin's metadata and full version history (`GET /v1/skins/{skin}`), oldest version first.
package struct SkinDetail: Hashable, Sendable {
    package let name: String
    package let createdAt: String
    /// The token that published version 1.
    package let createdBy: String
    /// Every version, oldest first; never empty.
    package let versions: [VersionSummary]

    package init(name: String, createdAt: String, createdBy: String, versions: [VersionSummary]) {
        self.name = name
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.versions = versions
    }

    /// The latest version number (the `ETag: "v{n}"` of the skin).
    package var latestVersion: Int {
        versions.last?.number ?? 0
    }
}
