/// Resolves style and rule property values against a skin's final tokens, with the
/// same notations and expression language as token values (the styling half calls it
/// through `PropertyValueResolving`).
///
/// With a known type a value is read exactly as a token of that type would be. Without
/// one (a property no component declares), aliases and expressions give their result's
/// type, JSON numbers and booleans are themselves, and text that is no expression stays text.
public struct TokenValueResolver: PropertyValueResolving {
    public let tokens: ResolvedTokens
    public let assets: [String: AssetInfo]
    /// Tokens that exist but failed to resolve: references to them fail quietly (their
    /// own error is already reported) instead of as unknown references.
    let failedPaths: Set<String>

    public init(tokens: ResolvedTokens, assets: [String: AssetInfo] = [:]) {
        self.init(tokens: tokens, assets: assets, failedPaths: [])
    }

    init(tokens: ResolvedTokens, assets: [String: AssetInfo], failedPaths: Set<String>) {
        self.tokens = tokens
        self.assets = assets
        self.failedPaths = failedPaths
    }

    public func resolve(_ raw: JSONValue, as type: TokenType?, at path: String) throws(SkinProblems) -> TokenValue {
        let lookup: (String) -> LookupResult = { reference in
            if let token = tokens[reference] { return .found(TypedValue(type: token.type, value: token.value)) }
            return failedPaths.contains(reference) ? .failed : .unknown
        }
        var reader = ValueReader(assets: assets)
        do throws(ValueError) {
            if let type { return try reader.read(raw, as: type, lookup: lookup).value }
            if case .string(let text) = raw {
                // Text that is no alias, expression or colour notation stays text.
                guard let form = try? reader.classify(text, as: nil, readingShape: true) else { return .string(text) }
                return try reader.value(of: form, text: text, as: nil, lookup: lookup).value
            }
            return try reader.readUntyped(raw, lookup: lookup).value
        } catch {
            // A failed dependency has its own error already; report nothing more here.
            throw SkinProblems(errors: error.isDependencyFailure ? [] : [.error(error.code, at: path, error.message)])
        }
    }
}
