/// A stored asset: its bytes and the content type it was uploaded with.
package struct Asset: Hashable, Sendable {
    /// Lowercase hex SHA-256 of ``bytes``: the asset's identity.
    package let sha256: String
    package let contentType: String
    package let bytes: [UInt8]

    package init(sha256: String, contentType: String, bytes: [UInt8]) {
        self.sha256 = sha256
        self.contentType = contentType
        self.bytes = bytes
    }
}
