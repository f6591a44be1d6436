// The JSON text parser belongs to the token half (`JSONParser`), which is not in this branch
// yet: the guard keeps this file out of the build until the halves are merged, when the lead
// removes it.
#if LIVERY_TOKENS_HALF_MERGED
extension ResolvedDocument {
    /// Parses the bytes of a flat resolved document (as served, after gzip decoding).
    /// - Throws: `SkinProblems`: `invalid-json` for malformed JSON, else as `init(json:)`.
    public static func parse(_ bytes: [UInt8]) throws(SkinProblems) -> ResolvedDocument {
        try ResolvedDocument(json: JSONParser.parse(bytes))
    }
}
#endif
