/// The working state of one token resolution (docs/skins.md, "Inheritance and variants", §1.5).
///
/// Tokens get integer ids so the hot loops index arrays instead of hashing paths. The
/// phases run in order: index definitions by token, check token/group clashes, fix each
/// token's type from its first definition, classify every definition (literal or
/// derived), build the dependency graph of default expressions, sort it (reporting
/// cycles), then evaluate in dependency order with WolfCore's invalidation rule.
///
/// A class because evaluation reads resolved values through closures while it writes
/// new ones; an instance never leaves the call that created it.
final class ResolutionEngine {
    let layers: [Layer]
    let assets: [String: AssetInfo]
    /// What cycle reports may spell out (one unit per token named), with the request's other expansions.
    let budget: ExpansionBudget
    var problems = SkinProblems()

    /// Token number by path (`ids[path]`), and the paths by number.
    var ids = PathIndex()
    var paths: [String] { ids.paths }
    /// Each token's definitions in layer order.
    var definitions = DefinitionTable()
    var types: [TokenType?] = []
    /// A token with errors (its own, or a referenced token's): skipped from then on.
    var failed: [Bool] = []
    /// Tokens the type of whose first definition depends on (aliases, expressions without `$type`).
    var typeDependencies = TokenLists(count: 0)
    /// Index of the default expression (latest derived definition), if any.
    var defaultIndex: [Int?] = []
    /// The tokens the default expression references.
    var dependencies = TokenLists(count: 0)
    var values: [TypedValue?] = []
    /// The layer of each token's last effective write (docs/skins.md, "Derived values and dependent invalidation").
    var writeLayers: [Int] = []
    /// Index of the definition in effect.
    var effective: [Int] = []
    var referenceChains: [[String]] = []
    /// References by a tool's display name (`display-name-reference`, its dialect's file in `Import/`), looked up only on a miss.
    var displayNames = DisplayNameIndex()

    init(layers: [Layer], assets: [String: AssetInfo], budget: ExpansionBudget = .unlimited()) {
        self.budget = budget
        self.layers = layers
        self.assets = assets
    }

    var count: Int { paths.count }

    /// Runs every phase; returns the resolved tokens of those without errors.
    func run() -> ResolvedTokens {
        index()
        checkTokenGroupClashes()
        inferTypes()
        compileOverrides()
        buildGraph()
        // Cycle reports stay linear in the tokens: a few names per token, whatever the graph.
        let allowance = min(4 * count + 1_024, max(0, budget.limit - budget.spent))
        let order = DependencyOrder.sort(dependencies: dependencies, count: count, spellingAllowance: allowance)
        reportCycles(order)
        for token in order.order where !failed[token] { evaluate(token) }
        return collect()
    }

    func index() {
        let total = layers.reduce(0) { $0 + $1.definitions.count }
        ids = PathIndex(capacity: total)
        var tokenOf: [Int] = []
        tokenOf.reserveCapacity(total)
        for layer in layers.indices {
            // By position, reading only `path`: a `for definition in` loop copied each whole
            // definition out of the document (three cache lines at 50,000 tokens, not one).
            for position in layers[layer].definitions.indices {
                tokenOf.append(ids.number(layers[layer].definitions[position].path))
            }
        }
        definitions = DefinitionTable(layers: layers, tokenOf: tokenOf, tokenCount: count)
        types = Array(repeating: nil, count: count)
        failed = Array(repeating: false, count: count)
        typeDependencies = TokenLists(count: count)
        defaultIndex = Array(repeating: nil, count: count)
        dependencies = TokenLists(count: count)
        values = Array(repeating: nil, count: count)
        writeLayers = Array(repeating: -1, count: count)
        effective = Array(repeating: 0, count: count)
        referenceChains = Array(repeating: [], count: count)
    }

    /// A path cannot be a token in one layer and a group in another (`a.b` and `a.b.c`):
    /// the DTCG output could not hold both.
    ///
    /// One layer is one document's tree (a token set's sources are merged into one tree first),
    /// where a member is either a token or a group, so a lone layer cannot clash: skipping it
    /// spares the base look (a cold resolve) a string and a hash per path prefix, a tenth of it.
    func checkTokenGroupClashes() {
        guard layers.count > 1 else { return }
        for (id, path) in paths.enumerated() {
            var prefixEnd = path.utf8.startIndex
            while let dot = path.utf8[prefixEnd...].firstIndex(of: UInt8(ascii: ".")) {
                let prefix = String(path[..<dot])
                if let owner = ids[prefix] {
                    let layer = layers[definitions[owner, 0].layer].inLocation
                    fail(id, .invalidDocument, "'\(path)' sits inside '\(prefix)', which is a token\(layer); a token cannot also be a group")
                    break
                }
                prefixEnd = path.utf8.index(after: dot)
            }
        }
    }

    /// Records an error at a token and stops working on it.
    func fail(_ token: Int, _ code: DiagnosticCode, _ message: String) {
        problems.add(.error(code, at: paths[token], message))
        failed[token] = true
    }

    func layerName(_ token: Int, _ index: Int) -> String {
        layers[definitions[token, index].layer].name
    }

    /// ` (in variant dark)`, ` (in base@3)`, or nothing for the document itself: the end of a
    /// message about a token's `index`-th definition (``Layer/location``).
    func inLayer(_ token: Int, _ index: Int) -> String {
        layers[definitions[token, index].layer].inLocation
    }

    /// `variant dark`, `base@3`, or `the document`: a layer named inside a message.
    func layerTitle(_ token: Int, _ index: Int) -> String {
        layers[definitions[token, index].layer].location ?? "the document"
    }

    // The document definition behind a definition is `layers[c.layer].definitions[c.position]`;
    // loops over every token read the one member they need in place (`declaredType`, `groupType`)
    // rather than copying it whole, which retained each of its strings and values.

    /// The `$type` a token's `index`-th definition declares, read in place.
    func declaredType(_ token: Int, _ index: Int) -> TokenType? {
        let compiled = definitions[token, index]
        return layers[compiled.layer].definitions[compiled.position].type
    }

    /// The `$type` of the group around a token's `index`-th definition, read in place.
    func groupType(_ token: Int, _ index: Int) -> TokenType? {
        let compiled = definitions[token, index]
        return layers[compiled.layer].definitions[compiled.position].groupType
    }

    func reportCycles(_ order: DependencyOrder.Result) {
        for cycle in order.cycles {
            budget.spend(cycle.count)
            // Start the spelled-out cycle at its smallest path, so the same cycle reads the
            // same however the search found it (publish checks several layer sets).
            let start = cycle.indices.min { CanonicalJSON.codePointPrecedes(paths[cycle[$0]], paths[cycle[$1]]) }!
            let rotated = Array(cycle[start...] + cycle[..<start])
            let spelled = (rotated + [rotated[0]]).map { paths[$0] }.joined(separator: " → ")
            problems.add(.error(.cycle, at: paths[rotated[0]], "reference cycle: \(spelled)"))
            for member in cycle { failed[member] = true }
        }
        guard order.unspelled > 0 else { return }
        // The rest are named once each, at the first, in one error: no token on a cycle
        // resolves, and none is dropped without a word.
        let unnamed = order.onCycle.indices.filter { order.onCycle[$0] && !failed[$0] }
        for token in unnamed { failed[token] = true }
        let first = unnamed.map { paths[$0] }.min(by: CanonicalJSON.codePointPrecedes) ?? paths[order.onCycle.firstIndex(of: true) ?? 0]
        problems.add(.error(.cycle, at: first, "\(order.unspelled) more reference cycles, not spelled out (a report stays within a few names per token); \(unnamed.count) more tokens lie on them"))
    }

    /// The resolved tokens, in path order, with metadata from the latest definition that has each field.
    ///
    /// Sorted here, once, because the engine holds every path side by side: the flat writer then
    /// walks the result front to back (see `ResolvedTokens`).
    func collect() -> ResolvedTokens {
        var entries: [ResolvedTokens.Entry] = []
        entries.reserveCapacity(count)
        for token in PathOrder.sorted(paths) where !failed[token] {
            guard var value = values[token]?.value, let type = types[token] else { continue }
            if type == .opaque, case .opaque(_, let json) = value { value = .opaque(typeName: opaqueTypeName(token), json) }
            var resolved = ResolvedToken(
                type: type, value: value,
                provenance: TokenProvenance(layer: layerName(token, effective[token]), references: referenceChains[token]))
            let compiled = definitions[token, effective[token]]
            let written = layers[compiled.layer].definitions[compiled.position].value
            // A composite written as an object or array keeps it too, references and all: its
            // literal members keep their notation where the references are written in srgb
            // (`TokenValue.dtcgJSON(writtenAs:)` matches member by member).
            if compiled.literal != nil || written.objectValue != nil || written.arrayValue != nil { resolved.writtenLiteral = written }
            for index in definitions.indices(of: token).reversed() {
                let compiled = definitions[token, index]
                let definition = layers[compiled.layer].definitions[compiled.position]
                if resolved.description == nil { resolved.description = definition.description }
                if resolved.deprecated == nil { resolved.deprecated = definition.deprecated }
                if resolved.extensions == nil { resolved.extensions = definition.extensions }
                if resolved.otherMembers == nil { resolved.otherMembers = definition.otherMembers }
            }
            entries.append(ResolvedTokens.Entry(path: paths[token], token: resolved))
        }
        return ResolvedTokens(sorted: entries)
    }
}
