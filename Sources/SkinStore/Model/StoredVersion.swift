/// One published version of a skin, with the document exactly as published.
package struct StoredVersion: Hashable, Sendable {
    package let skin: String
    /// 1, 2, 3, … per skin, without gaps.
    package let number: Int
    /// The document bytes exactly as published (after any transfer decoding).
    package let document: [UInt8]
    /// Lowercase hex SHA-256 of ``document``.
    package let sha256: String
    /// `$livery.extends` as declared ("base" or "base@3"), nil for a root skin.
    package let parent: String?
    /// The name of the token that published it.
    package let author: String
    /// ISO 8601 UTC with milliseconds.
    package let createdAt: String
    package let message: String?

    package init(skin: String, number: Int, document: [UInt8], sha256: String, parent: String?, author: String, createdAt: String, message: String?) {
        self.skin = skin
        self.number = number
        self.document = document
        self.sha256 = sha256
        self.parent = parent
        self.author = author
        self.createdAt = createdAt
        self.message = message
    }

    /// ``parent`` parsed into skin name and optional pinned version.
    package var parentReference: StoredParentReference? {
        parent.map(StoredParentReference.init(parsing:))
    }
}
