/// One token tree a token set merges: a referenced file (or part of one), an inline source
/// of a resolver document, or a Tokens Studio set, with where it was written.
struct TokenSource: Sendable, Hashable {
    var tree: JSONObject
    var location: SourceLocation
}

/// A source as one selection merges it: Tokens Studio's `source` sets resolve references but
/// put no token in the output (`outputs == false`); everything else outputs.
struct TokenContribution: Sendable, Hashable {
    var source: TokenSource
    var outputs: Bool
}
