extension BuildContract {
    /// The contract of a look a build ships as its bundled fallback (docs/apps.md): every token
    /// path with its type, every style id — the rule selectors that name no wildcard, state or
    /// theme, i.e. the ids a build can ask for as written — and every image name.
    ///
    /// Opaque tokens (a type no mapping knows) are left out: a contract names DTCG types only.
    public init(deriving skin: ResolvedSkin) {
        var tokens: [String: String] = [:]
        for (path, token) in skin.tokens where token.type != .opaque {
            tokens[path] = token.type.rawValue
        }
        self.init(tokens: tokens, styles: Self.styleIDs(skin.styling.rules), images: skin.styling.images.keys.sorted())
    }

    /// ``init(deriving:)`` for a resolved document read back (the client library's bundled file).
    public init(deriving document: ResolvedDocument) {
        var tokens: [String: String] = [:]
        for (path, type) in document.tokenTypes where type != .opaque {
            tokens[path] = type.rawValue
        }
        self.init(tokens: tokens, styles: Self.styleIDs(document.styling.rules), images: document.styling.images.keys.sorted())
    }

    /// Whether a resolved document satisfies the contract (its base look: a document is one selection).
    public func check(_ document: ResolvedDocument, build: String) -> [CompatibilityFinding] {
        check(
            tokenType: { path in document.tokenTypes[path].map(\.rawValue) }, styling: document.styling,
            variants: document.variants, build: build)
    }

    /// The selectors of `rules` that are plain element ids: no `*`, no `[state]`, no `@theme/`.
    static func styleIDs(_ rules: [ResolvedRule]) -> [String] {
        var ids = Set<String>()
        for rule in rules where rule.selector.theme == nil && rule.selector.atom.state == nil {
            let plain = rule.selector.components.allSatisfy { component in
                if case .name(_, state: nil) = component { return true }
                return false
            }
            if plain { ids.insert(rule.selector.description) }
        }
        return ids.sorted()
    }
}
