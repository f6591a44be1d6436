/// Why a selector or element identifier could not be parsed: becomes an `invalid-selector`
/// diagnostic at the rule's `selector`.
public struct InvalidSelector: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text as written.
    public var text: String
    /// The character offset where parsing stopped.
    public var offset: Int
    public var reason: String

    public var description: String { "invalid selector \"\(text)\" at offset \(offset): \(reason)" }
}
