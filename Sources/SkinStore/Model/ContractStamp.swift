/// What identifies the stored text of a build's contract without reading it (docs/apps.md,
/// "Old builds in the field"): the server keeps contracts parsed and reads one again only when
/// its stamp changed.
///
/// A write sets `updatedAt` (milliseconds); `length` is there too, so that two writes of one
/// contract by two processes within the same millisecond still differ unless they are as long.
package struct ContractStamp: Hashable, Sendable {
    /// `ios`, `android`, `web`, `macos` or `other`.
    package let platform: String
    /// `MAJOR.MINOR.PATCH`.
    package let version: String
    package let updatedAt: String
    /// The stored text's length (in characters).
    package let length: Int

    package init(platform: String, version: String, updatedAt: String, length: Int) {
        self.platform = platform
        self.version = version
        self.updatedAt = updatedAt
        self.length = length
    }

    /// `ios/3.2.1`, as ``StoredContract/build`` names it.
    package var build: String { "\(platform)/\(version)" }
}
