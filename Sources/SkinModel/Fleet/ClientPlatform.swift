/// The platforms a client may name in `client=PLATFORM/VERSION` (docs/apps.md).
///
/// A closed list, so counts and `builds` entries cannot split one platform over spellings
/// (`iOS`, `iphone`); anything else is `other`, which a client must say explicitly.
package enum ClientPlatform: String, CaseIterable, Hashable, Comparable, Sendable {
    case ios
    case android
    case web
    case macos
    case other

    package static func < (lhs: ClientPlatform, rhs: ClientPlatform) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The platform spelt exactly by `bytes` (UTF-8), nil for any other spelling.
    /// (Every launch with `client=` asks: a text of at most 15 bytes is a small string, made
    /// without allocating — every name is shorter — where `allCases.first(where:)` built an
    /// array and a string per case.)
    package init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= 15 else { return nil }
        self.init(rawValue: String(decoding: bytes, as: UTF8.self))
    }

    /// The accepted names, for error messages.
    package static let names = allCases.map(\.rawValue).joined(separator: ", ")
}
