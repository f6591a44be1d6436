extension ResolvedDocument {
    /// Parses the bytes of a flat resolved document (as served, after gzip decoding).
    /// - Throws: `SkinProblems`: `invalid-json` for malformed JSON, else as `init(json:)`.
    public static func parse(_ bytes: [UInt8]) throws(SkinProblems) -> ResolvedDocument {
        try ResolvedDocument(json: JSONParser.parse(bytes))
    }
}
