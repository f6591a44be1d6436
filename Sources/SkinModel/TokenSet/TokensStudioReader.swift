/// Reads Tokens Studio's single-file export (docs/skins.md, "Token sets") into a `TokenSet`: token sets as
/// top-level members, `$metadata.tokenSetOrder` for their order, `$themes` for the axes (one
/// per theme `group`; themes without a group share the axis `theme`; a theme's name is its
/// context). Reports every problem at once, each at `set#/pointer` or `$themes#/i/…`.
struct TokensStudioReader {
    /// Most sets an export may hold (the same bound as a resolver bundle's files).
    static let maximumSets = ResolverBundleReader.maximumFiles
    /// The axis of themes that name no group.
    static let ungroupedAxis = "theme"

    let root: JSONObject
    var problems = SkinProblems()

    init(root: JSONObject) {
        self.root = root
    }

    mutating func fail(_ location: SourceLocation, _ message: String) {
        problems.add(.error(.invalidTokenSet, at: location.description, message))
    }

    /// Whether `root` is the export as Tokens Studio's Generic Versioned Storage sends it (docs/api.md,
    /// "Tokens Studio"): `{version, updatedAt, values: {set: tokens…}, $themes}`, the sets wrapped
    /// in `values` (in set order) beside the plugin's version and the time of the write.
    static func isVersionedStorage(_ root: JSONObject) -> Bool {
        guard case .object? = root["values"] else { return false }
        return root.keys.allSatisfy { $0.hasPrefix("$") || $0 == "values" || $0 == "version" || $0 == "updatedAt" }
    }

    mutating func read() -> TokenSet? {
        var sets: [String: TokenSource] = [:]
        var documentOrder: [String] = []
        var members = root.members
        if Self.isVersionedStorage(root), case .object(let values)? = root["values"] { members = values.members }
        for (name, value) in members where !name.hasPrefix("$") {
            guard case .object(let tree) = value else {
                fail(SourceLocation(file: name), "a token set must be an object, found \(JSONDescription.describe(value))")
                continue
            }
            sets[name] = TokenSource(tree: tree, location: SourceLocation(file: name))
            documentOrder.append(name)
        }
        if sets.count > Self.maximumSets {
            problems.add(.error(.tokenSetTooLarge, at: "", "the export has \(sets.count) token sets; at most \(Self.maximumSets) are allowed"))
            return nil
        }
        let order = readOrder(documentOrder, sets: sets)
        let (axes, themes) = readThemes(sets: sets)
        var used: Set<String> = themes.isEmpty ? Set(order) : []
        for contexts in themes { for selected in contexts { used.formUnion(selected.filter { $0.value != .disabled }.keys) } }
        for name in order where !used.contains(name) {
            problems.add(.warning(.unusedSource, at: SourceLocation(file: name).description, "no theme enables or sources set '\(name)'; its tokens are in no permutation"))
        }
        guard problems.errors.isEmpty else { return nil }
        return TokenSet(form: .tokensStudio, axes: axes, plan: .tokensStudio(sets: sets, order: order, themes: themes))
    }

    /// `tokenSetOrder`, then any set it leaves out, in document order.
    private mutating func readOrder(_ documentOrder: [String], sets: [String: TokenSource]) -> [String] {
        guard let metadata = root["$metadata"] else { return documentOrder }
        let at = SourceLocation(file: "$metadata", pointer: ["tokenSetOrder"])
        guard case .array(let listed)? = metadata["tokenSetOrder"] else {
            fail(at, "$metadata.tokenSetOrder must be an array of set names")
            return documentOrder
        }
        var order: [String] = []
        for (index, entry) in listed.enumerated() {
            guard case .string(let name) = entry else {
                fail(at.appending([String(index)]), "a tokenSetOrder entry must be a set name, found \(JSONDescription.describe(entry))")
                continue
            }
            if sets[name] == nil {
                problems.add(.warning(.unusedSource, at: at.appending([String(index)]).description, "tokenSetOrder names '\(name)', which the export does not contain"))
            } else if !order.contains(name) {
                order.append(name)
            }
        }
        return order + documentOrder.filter { !order.contains($0) }
    }

    /// Axes in order of first appearance, and per axis, per context, the set statuses.
    private mutating func readThemes(sets: [String: TokenSource]) -> ([VariantAxis], [[[String: TokenSet.SetStatus]]]) {
        guard let raw = root["$themes"] else { return ([], []) }
        guard case .array(let list) = raw else {
            fail(SourceLocation(file: "$themes"), "$themes must be an array of themes")
            return ([], [])
        }
        var axes: [VariantAxis] = []
        var themes: [[[String: TokenSet.SetStatus]]] = []
        for (index, entry) in list.enumerated() {
            let at = SourceLocation(file: "$themes", pointer: [String(index)])
            guard case .object(let theme) = entry, case .string(let name)? = theme["name"] else {
                fail(at, "a theme must be an object with a name")
                continue
            }
            let group = theme["group"]?.stringValue ?? Self.ungroupedAxis
            if let problem = VariantAxis.problem(withName: group) ?? VariantAxis.problem(withName: name) {
                problems.add(.error(.invalidName, at: at.description, "theme group or name \(problem)"))
                continue
            }
            let selected = readSelection(theme["selectedTokenSets"], at: at.appending(["selectedTokenSets"]), sets: sets)
            if let axis = axes.firstIndex(where: { $0.name == group }) {
                guard !axes[axis].contexts.contains(name) else {
                    fail(at.appending(["name"]), "theme group '\(group)' has two themes named '\(name)'")
                    continue
                }
                axes[axis].contexts.append(name)
                themes[axis].append(selected)
            } else {
                axes.append(VariantAxis(name: group, contexts: [name], defaultContext: name))
                themes.append([selected])
            }
        }
        return (axes, themes)
    }

    private mutating func readSelection(_ value: JSONValue?, at: SourceLocation, sets: [String: TokenSource]) -> [String: TokenSet.SetStatus] {
        guard case .object(let object)? = value else {
            if value != nil { fail(at, "selectedTokenSets must be an object (set name → enabled, source or disabled)") }
            return [:]
        }
        var selection: [String: TokenSet.SetStatus] = [:]
        for (name, raw) in object.members {
            guard case .string(let text) = raw, let status = TokenSet.SetStatus(rawValue: text) else {
                fail(at.appending([name]), "a set's status must be \"enabled\", \"source\" or \"disabled\", found \(JSONDescription.describe(raw))")
                continue
            }
            guard sets[name] != nil else {
                if status != .disabled { fail(at.appending([name]), "the theme uses set '\(name)', which the export does not contain") }
                continue
            }
            selection[name] = status
        }
        return selection
    }
}
