/// Turns a raw value written in a style or rule (a literal, an alias, an
/// expression) into a resolved value of an expected type, against the
/// skin's final resolved tokens.
///
/// The token resolver implements it; style and rule resolution use it, so the
/// two halves of the model share one notation parser and one expression evaluator.
public protocol PropertyValueResolving: Sendable {
    /// - Parameters:
    ///   - raw: the value as written in the document.
    ///   - type: the property's declared type, or `nil` when unknown (an expression's result decides).
    ///   - path: where the value was written, for diagnostics.
    /// - Throws: `SkinProblems` naming `path` and the offending text.
    func resolve(_ raw: JSONValue, as type: TokenType?, at path: String) throws(SkinProblems) -> TokenValue
}
