import SkinModel

/// Why a typed lookup in a `Skin` or a `Style` failed.
public enum SkinError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No token (or style property) has this path.
    case missingToken(String)
    /// The token exists but holds another type: `color` asked of a `dimension`, say.
    case wrongType(path: String, expected: TokenType, actual: TokenType)
    /// An asset's URL cannot be read as a URL, even relative to the client's base URL.
    case invalidAssetURL(path: String, url: String)

    public var description: String {
        switch self {
        case .missingToken(let path): "no token \(path)"
        case .wrongType(let path, let expected, let actual): "\(path) is \(Self.article(actual)), not \(Self.article(expected))"
        case .invalidAssetURL(let path, let url): "\(path): \"\(url)\" is not a URL"
        }
    }

    private static func article(_ type: TokenType) -> String {
        type == .asset ? "an asset" : "a \(type.rawValue)"
    }
}
