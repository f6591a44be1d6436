import Foundation

/// A resolved document shipped with the app: the look on the very first launch before any fetch
/// has succeeded (no cache yet, maybe no network), and where a token the served look lacks (or
/// holds with another type) is read from. Save it at build time with
/// `livery get --json --server https://skins.example.com > fallback.json` (plain `livery get`
/// prints a one-line summary, not the document) or `curl -s https://skins.example.com/v1/channels/default/skin`.
/// A missing or invalid file never stops the app: see `LiveryClient.fallbackError`.
public enum SkinFallback: Sendable, Hashable {
    /// The document's bytes.
    case bytes([UInt8])
    /// A file holding the document, e.g. `Bundle.main.url(forResource: "skin", withExtension: "json")`.
    case file(URL)
}
