/// What resolving an `asset` token needs: content type and size, without the bytes.
package struct AssetMetadata: Hashable, Sendable {
    package let sha256: String
    package let contentType: String
    package let size: Int

    package init(sha256: String, contentType: String, size: Int) {
        self.sha256 = sha256
        self.contentType = contentType
        self.size = size
    }
}
