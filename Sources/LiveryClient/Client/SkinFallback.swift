import Foundation

/// A resolved document shipped with the app, used on the very first launch before any fetch
/// has succeeded (no cache yet, maybe no network). Save it with `livery get > fallback.json`
/// (or `curl …/v1/channels/default/skin`) at build time.
public enum SkinFallback: Sendable, Hashable {
    /// The document's bytes.
    case bytes([UInt8])
    /// A file holding the document, e.g. `Bundle.main.url(forResource: "skin", withExtension: "json")`.
    case file(URL)
}
