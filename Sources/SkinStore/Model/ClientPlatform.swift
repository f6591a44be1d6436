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
    package init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let named = Self.allCases.first(where: { $0.rawValue.utf8.elementsEqual(bytes) }) else { return nil }
        self = named
    }

    /// The accepted names, for error messages.
    package static let names = allCases.map(\.rawValue).joined(separator: ", ")
}
