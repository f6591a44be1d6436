/// A version's metadata without its document, for histories.
package struct VersionSummary: Hashable, Sendable {
    package let number: Int
    package let sha256: String
    /// The document's size in bytes.
    package let size: Int
    package let parent: String?
    package let author: String
    package let createdAt: String
    package let message: String?

    package init(number: Int, sha256: String, size: Int, parent: String?, author: String, createdAt: String, message: String?) {
        self.number = number
        self.sha256 = sha256
        self.size = size
        self.parent = parent
        self.author = author
        self.createdAt = createdAt
        self.message = message
    }
}
