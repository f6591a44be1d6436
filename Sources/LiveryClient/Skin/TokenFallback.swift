import SkinModel

/// The bundled skin's tokens behind every skin a client serves (docs/apps.md, "A token the look
/// lacks"): a token missing from the served look, or held there with another type, is read from
/// the bundle instead, and reported once per path, so an app built against an older look keeps
/// its colours and fonts rather than throwing or drawing its own defaults.
///
/// A reference type shared by all the skins of one client, so that "once" holds across skins.
/// `@unchecked Sendable` is not needed: its state is immutable or under `LockedState`.
package final class TokenFallback: Sendable {
    let tokens: [String: TokenValue]
    private let reported = LockedState<Set<String>>([])
    private let report: @Sendable (LiveryClientEvent) -> Void

    init(bundled: Skin, report: @escaping @Sendable (LiveryClientEvent) -> Void) {
        self.tokens = bundled.tokens
        self.report = report
    }

    /// The bundled value for `path` when the served one is missing (`found` nil) or of another
    /// type than `expected`; nil when the bundle cannot help either.
    func value(_ path: String, expected: TokenType?, found: TokenType?) -> TokenValue? {
        guard let bundled = tokens[path], expected.map({ bundled.type == $0 }) ?? true else { return nil }
        let first = reported.withLock { $0.insert(path).inserted }
        if first {
            report(.tokenFallback(path: path, servedType: found, bundledType: bundled.type))
        }
        return bundled
    }
}

/// Holds the fallback in a `Skin` without taking part in its equality: two skins with the same
/// document are the same look whichever client made them.
struct TokenFallbackLink: Sendable, Hashable {
    let fallback: TokenFallback?

    static func == (lhs: TokenFallbackLink, rhs: TokenFallbackLink) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
