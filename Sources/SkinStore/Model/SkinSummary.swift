/// A skin in `GET /v1/skins`: its latest version, when it was created, who published last.
package struct SkinSummary: Hashable, Sendable {
    package let name: String
    package let createdAt: String
    package let latestVersion: Int
    /// The author of the latest version.
    package let latestAuthor: String
    /// When the latest version was published.
    package let latestCreatedAt: String

    package init(name: String, createdAt: String, latestVersion: Int, latestAuthor: String, latestCreatedAt: String) {
        self.name = name
        self.createdAt = createdAt
        self.latestVersion = latestVersion
        self.latestAuthor = latestAuthor
        self.latestCreatedAt = latestCreatedAt
    }
}
