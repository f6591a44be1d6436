/// Something that keeps a skin from being deleted (``StoreError/skinInUse(skin:referrers:)``).
package enum SkinReferrer: Hashable, Sendable, CustomStringConvertible {
    /// A channel shows the skin.
    case channel(String)
    /// Versions of another skin extend it (any version counts, see ``SkinStore/deleteSkin(_:actor:)``).
    case skin(String, versions: [Int])

    package var description: String {
        switch self {
        case .channel(let name):
            "channel \"\(name)\""
        case .skin(let name, let versions):
            "skin \"\(name)\" (versions " + versions.map(String.init).joined(separator: ", ") + ")"
        }
    }
}
