import SkinModel
import Foundation

extension Skin {
    /// The style for an element, matched offline with the server's ranking (docs/skins.md, "Components, styles and rules"), or
    /// `nil` when no rule matches or the identifier is malformed.
    ///
    /// Rules themed for one of the skin's `variants` outrank unthemed ones; rules of other
    /// themes are ignored.
    /// - Parameter id: `section/element/atom`, states allowed: `checkout/button[disabled]`.
    public func style(for id: String) -> Style? {
        document.styling.match(id: id, variants: variants).map { Style(id: id, match: $0, baseURL: baseURL) }
    }

    /// The best image for an element (docs/skins.md, "Components, styles and rules": `client_searchbar_image`, `*_searchbar_image`, …,
    /// each tried first with the skin's variants as prefixes), as an absolute URL, or `nil`.
    public func image(for id: String) -> URL? {
        imageAsset(for: id).flatMap { URL(string: $0.asset.url, relativeTo: baseURL)?.absoluteURL }
    }

    /// The best image for an element with the image name that matched, or `nil`.
    public func imageAsset(for id: String) -> (name: String, asset: SkinAsset)? {
        document.styling.image(for: id, variants: variants)
    }
}
