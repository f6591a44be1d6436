import SkinModel
import Foundation

/// A resolved skin as an app uses it: typed tokens, styles and images, plus where it came from.
///
/// ```swift
/// let skin = client.current                          // at launch: cached or bundled
/// if let skin {
///     view.backgroundColor = try UIColor(skin.color("color.background"))   // UIKit conveniences of
/// }                                                                         // this library (iOS, tvOS)
/// if let title = skin?.style(for: "checkout/header/title") {
///     label.font = try .skin(title.typography("font"))
/// }
/// ```
///
/// A `Skin` is an immutable value: a newer look arrives as a new `Skin` (from `fetch()` or
/// `updates()`). Typed accessors (`color(_:)`, `dimension(_:)`, …) come from `TokenReading`.
public struct Skin: Sendable, Hashable, TokenReading {
    /// The parsed resolved document: tokens, styling, lineage (the model's type, for the package's own tools).
    package let document: ResolvedDocument
    /// The resolved document exactly as the server sent it (canonical JSON, after gzip decoding);
    /// `nil` for a skin computed by `interpolated(to:at:)`.
    public let bytes: [UInt8]?
    /// The entity tag of the representation received (`"hex"`, or `"hex-gz"` for the gzip
    /// representation; either revalidates), or `nil` when unknown (a bundled document).
    public let etag: String?
    /// Fresh from the server, cached from an earlier run, bundled, or interpolated.
    public let source: SkinSource
    /// When the document was received from the server (kept across launches for a cached skin).
    public let receivedAt: Date?
    /// The server's base URL, against which asset URLs are resolved.
    public let baseURL: URL?
    /// The client's bundled skin, read for a token this one lacks or holds with another type.
    let fallback: TokenFallbackLink

    /// A skin from the bytes of a flat resolved document (docs/apps.md, "The resolved document"), e.g. one bundled with the app.
    /// - Throws: `SkinProblems` when the bytes are not a flat resolved document.
    public init(
        bytes: [UInt8], etag: String? = nil, source: SkinSource = .bundled, receivedAt: Date? = nil, baseURL: URL? = nil
    ) throws(SkinProblems) {
        self.init(
            document: try ResolvedDocument.parse(bytes), bytes: bytes, etag: etag, source: source,
            receivedAt: receivedAt, baseURL: baseURL)
    }

    /// A skin from a document already parsed.
    package init(
        document: ResolvedDocument, bytes: [UInt8]? = nil, etag: String? = nil, source: SkinSource,
        receivedAt: Date? = nil, baseURL: URL? = nil, fallback: TokenFallback? = nil
    ) {
        self.fallback = TokenFallbackLink(fallback: fallback)
        self.document = document
        self.bytes = bytes
        self.etag = etag
        self.source = source
        self.receivedAt = receivedAt
        self.baseURL = baseURL
    }

    /// The skin's name (`app`).
    public var name: String { document.skin }
    /// The version of the skin that was resolved.
    public var version: Int { document.version }
    /// `["base@3", "app@7"]`, root to leaf.
    public var lineage: [String] { document.lineage }
    /// The variants the document was resolved for, in request order; style matching uses them.
    public var variants: [String] { document.variants }
    /// The channel the document was served through, if any.
    public var channel: String? { document.channel }
    /// Token path → resolved value.
    public var tokens: [String: TokenValue] { document.tokens }

    /// The token at `path` (`color.tint`) in this look, or `nil`. The typed accessors
    /// (`color(_:)`, …) also fall back to the client's bundled skin; this does not.
    public func value(_ path: String) -> TokenValue? { document.tokens[path] }

    /// The bundled skin's token for `path` when this look lacks it or holds another type,
    /// reported once per path (`LiveryClientEvent.tokenFallback`).
    public func fallbackValue(_ path: String, expected: TokenType?, found: TokenType?) -> TokenValue? {
        fallback.fallback?.value(path, expected: expected, found: found)
    }
    /// The server's base URL.
    public var assetBaseURL: URL? { baseURL }

    /// The same skin with another source (a `304` turns a cached skin into a fresh one).
    func with(source: SkinSource) -> Skin {
        Skin(document: document, bytes: bytes, etag: etag, source: source, receivedAt: receivedAt, baseURL: baseURL, fallback: fallback.fallback)
    }

    /// The same skin reading missing or retyped tokens from `fallback`.
    func with(fallback: TokenFallback?) -> Skin {
        Skin(document: document, bytes: bytes, etag: etag, source: source, receivedAt: receivedAt, baseURL: baseURL, fallback: fallback)
    }
}
