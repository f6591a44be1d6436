/// Names a stored object in an error (``StoreError/notFound(_:)``, ``StoreError/alreadyExists(_:)``).
package enum StoreObject: Hashable, Sendable, CustomStringConvertible {
    case skin(String)
    case version(skin: String, number: Int)
    case channel(String)
    case asset(sha256: String)
    case token(name: String)

    package var description: String {
        switch self {
        case .skin(let name): "skin \"\(name)\""
        case .version(let skin, let number): "version \(number) of skin \"\(skin)\""
        case .channel(let name): "channel \"\(name)\""
        case .asset(let sha256): "asset \(sha256)"
        case .token(let name): "token \"\(name)\""
        }
    }
}
