/// Reads a DTCG Resolver Module 2025.10 document with the files it references (docs/skins.md, "Token sets")
/// into a `TokenSet`: sets and modifiers looked up, every reference followed to its source,
/// every modifier in `resolutionOrder` made a variant axis. Reports every problem at once,
/// each at `file#/pointer`.
struct ResolverBundleReader {
    /// Most files a bundle may carry: far above real systems (Primer: 40), low enough that a
    /// hostile bundle cannot make every resolution walk thousands of sources.
    static let maximumFiles = 1024
    /// Deepest chain of set references (`#/sets/a` whose sources reference `#/sets/b`, …).
    static let maximumReferenceDepth = 16
    /// How the resolver document itself is named in locations.
    static let resolverFile = "resolver"

    let resolver: JSONObject
    /// Normalized path → content.
    private(set) var files: [String: JSONValue] = [:]
    var usedFiles: Set<String> = []
    private(set) var axes: [VariantAxis] = []
    /// Modifier identity (`#/modifiers/theme` or the inline name) → axis index.
    private var axisOf: [String: Int] = [:]
    var problems = SkinProblems()
    /// The bundle's expansion budget: every source a set reference copies in spends from it.
    var budget = ExpansionBudget.unlimited()

    init(resolver: JSONObject, files: JSONObject?) {
        self.resolver = resolver
        guard let files else { return }
        if files.count > Self.maximumFiles {
            problems.add(.error(.tokenSetTooLarge, at: "files", "the bundle has \(files.count) files; at most \(Self.maximumFiles) are allowed"))
            return
        }
        for (path, content) in files.members {
            guard let normalized = BundlePath.normalize(path) else {
                problems.add(.error(.outsideBundle, at: "files", "file path '\(path)' leaves the bundle (absolute, a URL, or above the resolver's folder)"))
                continue
            }
            if self.files.updateValue(content, forKey: normalized) != nil {
                problems.add(.error(.invalidTokenSet, at: "files", "two files are named '\(normalized)'"))
            }
        }
    }

    static func location(_ pointer: [String]) -> SourceLocation { SourceLocation(file: resolverFile, pointer: pointer) }

    mutating func fail(_ code: DiagnosticCode, _ location: SourceLocation, _ message: String) {
        problems.add(.error(code, at: location.description, message))
    }

    /// The token set, or nil with the problems recorded.
    mutating func read() -> TokenSet? {
        if resolver["version"] != .string("2025.10") {
            fail(.invalidTokenSet, Self.location(["version"]), "a resolver document's version must be \"2025.10\", found \(resolver["version"].map(JSONDescription.describe) ?? "none")")
        }
        guard case .array(let order)? = resolver["resolutionOrder"] else {
            fail(.invalidTokenSet, Self.location(["resolutionOrder"]), "a resolver document needs a resolutionOrder array")
            return nil
        }
        var steps: [TokenSet.ResolverStep] = []
        var inlineNames: Set<String> = []
        for (index, item) in order.enumerated() {
            let at = ["resolutionOrder", String(index)]
            guard case .object(let object) = item else {
                fail(.invalidTokenSet, Self.location(at), "a resolutionOrder item must be an object, found \(JSONDescription.describe(item))")
                continue
            }
            if let step = readOrderItem(object, at: at, inlineNames: &inlineNames) { steps.append(step) }
        }
        for path in files.keys.sorted() where !usedFiles.contains(path) {
            problems.add(.warning(.unusedSource, at: SourceLocation(file: path).description, "no set or modifier in resolutionOrder references file '\(path)'; its tokens are in no permutation"))
        }
        guard problems.errors.isEmpty else { return nil }
        return TokenSet(form: .resolver, axes: axes, plan: .resolver(steps))
    }

    private mutating func readOrderItem(_ object: JSONObject, at: [String], inlineNames: inout Set<String>) -> TokenSet.ResolverStep? {
        if let reference = object["$ref"] {
            guard case .string(let text) = reference, let pointer = JSONPointer(text), text.hasPrefix("#"), pointer.tokens.count == 2,
                pointer.tokens[0] == "sets" || pointer.tokens[0] == "modifiers"
            else {
                fail(.invalidTokenSet, Self.location(at + ["$ref"]), "a resolutionOrder reference must name \"#/sets/NAME\" or \"#/modifiers/NAME\", found \(JSONDescription.describe(reference))")
                return nil
            }
            let kind = pointer.tokens[0], name = pointer.tokens[1]
            guard case .object(let target)? = resolver[kind]?[name] else {
                fail(.invalidTokenSet, Self.location(at + ["$ref"]), "\(text) names no \(kind == "sets" ? "set" : "modifier") of this document")
                return nil
            }
            let definition = Self.overlaid(target, with: object)
            if kind == "sets" {
                return readSources(definition["sources"], at: Self.location([kind, name, "sources"]), depth: 0, setChain: [name]).map { .sources($0) }
            }
            return readModifier(definition, name: name, identity: text, at: [kind, name])
        }
        guard case .string(let name)? = object["name"], case .string(let type)? = object["type"], type == "set" || type == "modifier" else {
            fail(.invalidTokenSet, Self.location(at), "an inline resolutionOrder item needs a name and a type of \"set\" or \"modifier\"")
            return nil
        }
        guard inlineNames.insert(name).inserted else {
            fail(.invalidTokenSet, Self.location(at + ["name"]), "two resolutionOrder items are named '\(name)'")
            return nil
        }
        if type == "set" {
            return readSources(object["sources"], at: Self.location(at + ["sources"]), depth: 0, setChain: []).map { .sources($0) }
        }
        return readModifier(object, name: name, identity: "inline:\(name)", at: at)
    }

    /// JSON Schema 2020-12 (the Resolver Module's "Extending"): members beside `$ref` replace
    /// the referenced object's, shallowly.
    static func overlaid(_ target: JSONObject, with reference: JSONObject) -> JSONObject {
        var result = target
        for (key, value) in reference.members where key != "$ref" { result[key] = value }
        return result
    }

    private mutating func readModifier(_ modifier: JSONObject, name: String, identity: String, at: [String]) -> TokenSet.ResolverStep? {
        if let problem = VariantAxis.problem(withName: name) {
            fail(.invalidName, Self.location(at), "modifier name \(problem)")
            return nil
        }
        guard case .object(let contexts)? = modifier["contexts"], !contexts.isEmpty else {
            fail(.invalidTokenSet, Self.location(at + ["contexts"]), "modifier '\(name)' must declare a non-empty contexts object")
            return nil
        }
        if contexts.count == 1 {
            problems.add(.warning(.invalidTokenSet, at: Self.location(at + ["contexts"]).description, "modifier '\(name)' has one context; a set would say the same"))
        }
        var sources: [[TokenSource]] = []
        for (context, value) in contexts.members {
            let contextAt = Self.location(at + ["contexts", context])
            if let problem = VariantAxis.problem(withName: context) {
                fail(.invalidName, contextAt, "context name \(problem)")
                continue
            }
            sources.append(readSources(value, at: contextAt, depth: 0, setChain: []) ?? [])
        }
        var defaultContext = contexts.keys[0]
        if let declared = modifier["default"] {
            guard case .string(let text) = declared, contexts[text] != nil else {
                fail(.invalidTokenSet, Self.location(at + ["default"]), "modifier '\(name)' default \(JSONDescription.describe(declared)) is not one of its contexts (\(contexts.keys.joined(separator: ", ")))")
                return nil
            }
            defaultContext = text
        }
        let axis: Int
        if let known = axisOf[identity] {
            axis = known
        } else {
            guard !axes.contains(where: { $0.name == name }) else {
                fail(.invalidTokenSet, Self.location(at), "two modifiers in resolutionOrder are named '\(name)'")
                return nil
            }
            axis = axes.count
            axisOf[identity] = axis
            axes.append(VariantAxis(name: name, contexts: contexts.keys, defaultContext: defaultContext))
        }
        return .modifier(axis: axis, contexts: sources)
    }
}
