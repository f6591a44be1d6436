/// Token-set versions as skin documents (docs/skins.md, "Token sets"): the bundle's or export's `$livery`
/// gives the parent and the styling; the tokens wait for a selection.
extension SkinDocument {
    /// Reads a token set; `form` from `TokenSet.form(of:)`.
    init(tokenSetRoot root: JSONObject, form: TokenSet.Form) throws(SkinProblems) {
        var problems = SkinProblems()
        var tokenSet: TokenSet?
        let inputUnits = JSONValue.object(root).valueCount()
        // The bundle's `$livery` (contrast pairs, styles, extends); a resolver document may carry
        // it itself, as `livery publish X.resolver.json` sends it: honoured there too, never
        // stored and ignored (docs/skins.md, "Token sets").
        var livery = root["$livery"]
        switch form {
        case .resolver:
            var resolver = root
            var files: JSONObject?
            if case .object(let wrapped)? = root["resolver"] {
                resolver = wrapped
                if let inner = wrapped["$livery"] {
                    if livery != nil {
                        problems.add(.error(
                            .invalidTokenSet, at: "resolver.$livery",
                            "$livery is given twice, in the bundle and in its resolver document; keep one"))
                    }
                    livery = inner
                }
                for key in root.keys where !["resolver", "files", "$livery"].contains(key) {
                    problems.add(.error(.invalidTokenSet, at: key, "a token-set bundle holds only resolver, files and $livery, not '\(key)'"))
                }
                if let raw = root["files"] {
                    files = raw.objectValue
                    if files == nil { problems.add(.error(.invalidTokenSet, at: "files", "files must be an object (path as referenced → file contents)")) }
                }
            }
            var reader = ResolverBundleReader(resolver: resolver, files: files)
            reader.budget = ExpansionBudget(inputUnits: inputUnits)
            tokenSet = reader.read()
            problems.add(contentsOf: reader.problems)
        case .tokensStudio:
            var reader = TokensStudioReader(root: root)
            tokenSet = reader.read()
            problems.add(contentsOf: reader.problems)
        }
        var liveryMembers = LiveryMembers()
        if let raw = livery {
            liveryMembers.read(raw, documentTree: JSONObject(), pointerRoot: .object(JSONObject()))
            if raw["variants"] != nil {
                problems.add(.error(.invalidTokenSet, at: "$livery.variants", "a token set's variants are its modifiers or theme groups; $livery.variants is not allowed here"))
            }
        }
        problems.add(contentsOf: liveryMembers.problems)
        guard var tokenSet, problems.errors.isEmpty else { throw problems.groupingWarnings() }
        tokenSet.inputUnits = inputUnits
        self.init(
            extends: liveryMembers.extends, livery: livery?.objectValue, tokens: [],
            styling: liveryMembers.styling, warnings: problems.warnings, tokenSet: tokenSet)
    }

    /// Every field given: for token sets, and for the merged document of one selection.
    init(
        extends: ParentReference?, livery: JSONObject?, tokens: [TokenDefinition], styling: LiverySection, warnings: [Diagnostic], tokenSet: TokenSet?,
        groups: [String: JSONObject] = [:]
    ) {
        self.groups = groups
        self.inputPaths = []
        self.variantInputPaths = [:]
        self.extends = extends
        self.variantNames = []
        self.livery = livery
        self.tokens = tokens
        self.variants = [:]
        self.styling = styling
        self.warnings = warnings
        self.tokenSet = tokenSet
    }

    /// The variant axes of a token set, in resolution order; empty for a single document.
    public var variantAxes: [VariantAxis] { tokenSet?.axes ?? [] }
}

extension TokenSet {
    /// Whether `root` is a Tokens Studio export as its Generic Versioned Storage sends it,
    /// `{version, updatedAt, values: {set: tokens…}, $themes}` (docs/api.md, "Tokens Studio").
    public static func isTokensStudioVersionedStorage(_ root: JSONObject) -> Bool {
        TokensStudioReader.isVersionedStorage(root)
    }

    /// Which token-set form a document root is, or nil for a single skin document:
    /// a bundle (a `resolver` object with its `resolutionOrder`), a bare resolver
    /// document (`resolutionOrder` and `version`), or a Tokens Studio export (`$themes`, or
    /// `$metadata` with `tokenSetOrder`).
    static func form(of root: JSONObject) -> Form? {
        if case .array? = root["resolver"]?["resolutionOrder"] { return .resolver }
        if case .array? = root["resolutionOrder"], root["version"] != nil { return .resolver }
        if case .array? = root["$themes"] { return .tokensStudio }
        if case .array? = root["$metadata"]?["tokenSetOrder"] { return .tokensStudio }
        return nil
    }
}
