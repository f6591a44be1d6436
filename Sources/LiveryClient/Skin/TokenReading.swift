import SkinModel
import Foundation

/// Typed access to resolved values by path, shared by `Skin` (token paths such as
/// `color.tint`) and `Style` (property key paths such as `titleLabel.font`).
///
/// ```swift
/// let tint = try skin.color("color.tint")            // SkinColor, Double components in 0…1
/// let corner = try skin.dimension("size.corner")     // SkinDimension(8, .px)
/// let logo = try skin.asset("image.logo")            // absolute URL on the Livery server
/// ```
///
/// Each accessor throws `SkinError.missingToken` when nothing has that path and
/// `SkinError.wrongType` when the value is of another type — unless a `Skin`'s client has a
/// bundled fallback holding that token with the right type, which is then read instead (and
/// reported once, `LiveryClientEvent.tokenFallback`). `value(_:)` returns the raw `TokenValue`
/// (or `nil`) for anything without a dedicated accessor.
public protocol TokenReading {
    /// The resolved value at `path`, or `nil`.
    func value(_ path: String) -> TokenValue?
    /// The URL that relative asset URLs are resolved against (the server's base URL).
    var assetBaseURL: URL? { get }
    /// A value to use when `path` is missing (`found` nil) or not of the `expected` type; nil by
    /// default (a `Style` has none), a `Skin` reads its client's bundled skin.
    func fallbackValue(_ path: String, expected: TokenType?, found: TokenType?) -> TokenValue?
}

extension TokenReading {
    public func fallbackValue(_ path: String, expected: TokenType?, found: TokenType?) -> TokenValue? { nil }

    /// The value at `path` (else the fallback's), or `SkinError.missingToken`.
    public func require(_ path: String) throws(SkinError) -> TokenValue {
        guard let value = value(path) ?? fallbackValue(path, expected: nil, found: nil) else { throw .missingToken(path) }
        return value
    }

    /// A `color` token: sRGB with straight alpha, each component a `Double` in 0…1.
    public func color(_ path: String) throws(SkinError) -> SkinColor {
        try typed(path, .color) { if case .color(let v) = $0 { v } else { nil } }
    }

    /// A `dimension` token: `{value, unit}` with unit `px` or `rem` (not Foundation's `Dimension`).
    public func dimension(_ path: String) throws(SkinError) -> SkinDimension {
        try typed(path, .dimension) { if case .dimension(let v) = $0 { v } else { nil } }
    }

    /// A `number` token.
    public func number(_ path: String) throws(SkinError) -> Double {
        try typed(path, .number) { if case .number(let v) = $0 { v } else { nil } }
    }

    /// A `boolean` token.
    public func bool(_ path: String) throws(SkinError) -> Bool {
        try typed(path, .boolean) { if case .boolean(let v) = $0 { v } else { nil } }
    }

    /// A `string` token.
    public func string(_ path: String) throws(SkinError) -> String {
        try typed(path, .string) { if case .string(let v) = $0 { v } else { nil } }
    }

    /// A `duration` token: `{value, unit}` with unit `ms` or `s`.
    public func duration(_ path: String) throws(SkinError) -> SkinDuration {
        try typed(path, .duration) { if case .duration(let v) = $0 { v } else { nil } }
    }

    /// A `fontFamily` token: one name or a fallback list (`.primary` is the preferred one).
    public func fontFamily(_ path: String) throws(SkinError) -> SkinFontFamily {
        try typed(path, .fontFamily) { if case .fontFamily(let v) = $0 { v } else { nil } }
    }

    /// A `fontWeight` token, 1…1000.
    public func fontWeight(_ path: String) throws(SkinError) -> Double {
        try typed(path, .fontWeight) { if case .fontWeight(let v) = $0 { v } else { nil } }
    }

    /// `[x1, y1, x2, y2]`.
    public func cubicBezier(_ path: String) throws(SkinError) -> [Double] {
        try typed(path, .cubicBezier) { if case .cubicBezier(let v) = $0 { v } else { nil } }
    }

    /// A `typography` token: family, size, weight, line height, letter spacing, colour, text case.
    public func typography(_ path: String) throws(SkinError) -> SkinTypography {
        try typed(path, .typography) { if case .typography(let v) = $0 { v } else { nil } }
    }

    /// The asset's description as the document gives it (URL as served, content type, size, hash).
    public func assetInfo(_ path: String) throws(SkinError) -> SkinAsset {
        try typed(path, .asset) { if case .asset(let v) = $0 { v } else { nil } }
    }

    /// The asset's absolute URL: the document's URL (`/v1/assets/<sha256>`) resolved against
    /// the server's base URL. Asset URLs are immutable, so they cache forever.
    public func asset(_ path: String) throws(SkinError) -> URL {
        let info = try assetInfo(path)
        guard let url = URL(string: info.url, relativeTo: assetBaseURL)?.absoluteURL else {
            throw .invalidAssetURL(path: path, url: info.url)
        }
        return url
    }

    private func typed<Value>(
        _ path: String, _ expected: TokenType, _ extract: (TokenValue) -> Value?
    ) throws(SkinError) -> Value {
        let value = try require(path)
        if let typed = extract(value) { return typed }
        guard let bundled = fallbackValue(path, expected: expected, found: value.type), let typed = extract(bundled) else {
            throw .wrongType(path: path, expected: expected, actual: value.type)
        }
        return typed
    }
}
