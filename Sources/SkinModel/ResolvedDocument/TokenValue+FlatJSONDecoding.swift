extension TokenValue {
    /// Reads a value in the flat resolved notation (docs/skins.md, "Types and the notations Livery reads", right column), the inverse of
    /// `flatJSON`: `TokenValue(flatJSON: value.flatJSON, type: value.type) == value`.
    ///
    /// - Parameters:
    ///   - type: the token's `type` from the document.
    ///   - path: where the value is, for the diagnostic.
    /// - Throws: `SkinProblems` with one `invalid-value` error naming `path` and the text found.
    public init(flatJSON: JSONValue, type: TokenType, at path: String = "value") throws(SkinProblems) {
        self = try FlatValueDecoder.decode(flatJSON, as: type, at: path)
    }

    /// Reads a flat value whose type is not given, by its shape (see `FlatValueDecoder.inferring`).
    /// A string is a colour only when it is exactly what the writer prints for one (`#rrggbbaa`, lower case).
    public init(inferringFlatJSON json: JSONValue, at path: String = "value") throws(SkinProblems) {
        self = try FlatValueDecoder.inferring(json, at: path)
    }
}
