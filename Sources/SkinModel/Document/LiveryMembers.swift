/// Reads the tokens half of `$livery` — `extends` and `variants` — and hands the rest
/// (components, styles, rules, images) to `LiverySection.parse`.
struct LiveryMembers {
    var extends: ParentReference?
    var variantNames: [String] = []
    var variants: [String: [TokenDefinition]] = [:]
    /// Each variant's token tree with its `$extends` applied, as written.
    var variantTrees: [String: JSONObject] = [:]
    /// The variants' paths with a dotted name (`dotted-name`), for `format=dtcg`.
    var dottedNames: [String: [String]] = [:]
    var styling = LiverySection.parse(JSONObject()).0
    var problems = SkinProblems()
    /// The document's expansion budget: variants' `$extends` and `$ref`s spend from it too.
    var budget = ExpansionBudget.unlimited()

    mutating func read(_ raw: JSONValue, documentTree: JSONObject, pointerRoot: JSONValue) {
        guard case .object(let livery) = raw else {
            problems.add(.error(.invalidDocument, at: "$livery", "$livery must be an object, found \(JSONDescription.describe(raw))"))
            return
        }
        if let value = livery["extends"] {
            if case .string(let text) = value {
                switch ParentReference.parse(text) {
                case .success(let parent): extends = parent
                case .failure(let error): problems.add(.error(error.code, at: "$livery.extends", error.message))
                }
            } else {
                problems.add(.error(.invalidDocument, at: "$livery.extends", "extends must be a string (\"name\" or \"name@7\"), found \(JSONDescription.describe(value))"))
            }
        }
        if let value = livery["variants"] {
            readVariants(value, documentTree: documentTree, pointerRoot: pointerRoot)
        }
        var rest = livery
        rest["extends"] = nil
        rest["variants"] = nil
        let (section, diagnostics) = LiverySection.parse(rest, path: "$livery")
        styling = section
        for diagnostic in diagnostics { problems.add(diagnostic) }
    }

    /// Variant names travel in query strings (`?variant=dark,compact`) and layer names
    /// (`app@7#dark`), so they must not contain the separators those use.
    static func problem(withVariantName name: String) -> String? {
        if name.isEmpty { return "a variant name must not be empty" }
        if let bad = name.first(where: { ",#@/ ".contains($0) || $0.isWhitespace }) {
            return "variant name '\(name)' must not contain '\(bad)'"
        }
        return nil
    }

    mutating func readVariants(_ value: JSONValue, documentTree: JSONObject, pointerRoot: JSONValue) {
        guard case .object(let declared) = value else {
            problems.add(.error(.invalidDocument, at: "$livery.variants", "variants must be an object (variant name → token overrides), found \(JSONDescription.describe(value))"))
            return
        }
        for (name, overrides) in declared.members {
            let location = "$livery.variants.\(name)"
            if let problem = Self.problem(withVariantName: name) {
                problems.add(.error(.invalidName, at: location, problem))
                continue
            }
            guard case .object(let tree) = overrides else {
                problems.add(.error(.invalidDocument, at: location, "a variant must be a token tree (an object), found \(JSONDescription.describe(overrides))"))
                continue
            }
            var extendsResolver = GroupExtendsResolver(root: tree, fallback: documentTree, pathPrefix: location + ".", budget: budget)
            let resolved = extendsResolver.resolveTree()
            problems.add(contentsOf: extendsResolver.problems)
            let imported = ToolImport.canonical(resolved, pathPrefix: location + ".")
            problems.add(contentsOf: imported.problems)
            var reader = TokenTreeReader(pathPrefix: location + ".", document: pointerRoot, budget: budget)
            reader.readGroup(imported.tree, names: [], inheritedType: nil)
            reader.checkDottedNames()
            dottedNames.merge(reader.dottedNames) { first, _ in first }
            problems.add(contentsOf: reader.problems)
            problems.add(contentsOf: reader.refs.problems)
            variantNames.append(name)
            variants[name] = reader.definitions
            variantTrees[name] = imported.tree
        }
    }
}
