import SkinModel
import Foundation

/// The style an element gets: the properties of the best-matching rule of the skin (docs/skins.md, "Components, styles and rules").
///
/// ```swift
/// if let style = skin.style(for: "checkout/button[disabled]") {
///     button.backgroundColor = try UIColor(style.color("backgroundColor"))
///     button.alpha = try style.number("alpha")
/// }
/// ```
///
/// Property keys may be key paths into nested parts (`titleLabel.font`). The typed
/// accessors of `TokenReading` take property keys here.
public struct Style: Sendable, Hashable, TokenReading {
    /// The element identifier that was matched.
    public let id: String
    /// The winning rule's selector, as written (`checkout/button`, `@dark/title`).
    public let selector: String
    /// Property key path → resolved value.
    public let properties: [String: TokenValue]
    /// The full match: every matching rule, best first, with its rank.
    package let match: StyleMatch
    /// The server's base URL, against which asset URLs are resolved.
    public let baseURL: URL?

    /// A style from the model's match for `id`.
    package init(id: String, match: StyleMatch, baseURL: URL?) {
        self.id = id
        self.selector = match.selector.description
        self.properties = match.properties
        self.match = match
        self.baseURL = baseURL
    }

    /// The property at key path `path` (`textColor`, `titleLabel.font`), or `nil`.
    public func value(_ path: String) -> TokenValue? { properties[path] }
    /// The server's base URL.
    public var assetBaseURL: URL? { baseURL }
}
