/// A parsed skin document (docs/skins.md): its tokens, its variants' overrides, its parent,
/// and the styling half of `$livery`, with group `$extends` and `$ref` pointers already
/// resolved within the document.
///
/// Parsing checks structure (names, token shapes, `$type` names, `$livery` members) and
/// reports every problem at once; values are read at resolution, where a token's type
/// (possibly fixed by an ancestor) is known. Use `Validator` for the full publish check.
///
/// ```swift
/// let document = try SkinDocument.parse(Array(body))
/// document.extends?.description  // "base@3"
/// document.variantNames          // ["dark"]
/// ```
public struct SkinDocument: Sendable, Hashable {
    /// `$livery.extends`, when the skin has a parent.
    public let extends: ParentReference?
    /// The variants this document declares, in document order.
    public let variantNames: [String]
    /// The raw `$livery` member.
    public let livery: JSONObject?
    /// The token definitions, in document order.
    public let tokens: [TokenDefinition]
    /// Each declared variant's overrides.
    public let variants: [String: [TokenDefinition]]
    /// Components, styles, rules and images of `$livery`.
    public let styling: LiverySection
    /// Findings that do not reject the document (ignored members, …).
    public let warnings: [Diagnostic]
    /// Set when the version is a token set (docs/skins.md, "Token sets"): its tokens come from merging the
    /// sources a selection picks, and `tokens` and `variants` are empty.
    public let tokenSet: TokenSet?
    /// Group path → the group's `$description`, `$deprecated`, `$extensions` and other members
    /// as written, kept for `format=dtcg` (docs/skins.md, "What tool exports may contain").
    public let groups: [String: JSONObject]
    /// Every token path the document's tree writes (after group `$extends`): what "never
    /// silently lost" checks against the resolved document (docs/skins.md, "What tool exports may contain").
    public let inputPaths: [String]
    /// The same for each variant's overrides.
    public let variantInputPaths: [String: [String]]
    /// Token and group path → its names, where a name holds a `.` (`dotted-name`, docs/skins.md, "What tool exports may contain"), so
    /// `format=dtcg` writes `opacities.0.25` back as `opacities` › `0.25`; variants' included.
    public internal(set) var dottedNames: [String: [String]] = [:]

    /// Parses JSON bytes.
    /// - Throws: `SkinProblems` with every error found (`invalid-json` for malformed JSON).
    public static func parse(_ bytes: [UInt8]) throws(SkinProblems) -> SkinDocument {
        try SkinDocument(json: JSONParser.parse(bytes))
    }

    /// Reads a parsed JSON document.
    /// - Throws: `SkinProblems` with every error found, and the warnings.
    public init(json: JSONValue) throws(SkinProblems) {
        guard case .object(let root) = json else {
            throw SkinProblems(errors: [.error(.invalidDocument, at: "", "a skin document must be a JSON object, found \(JSONDescription.describe(json))")])
        }
        if let form = TokenSet.form(of: root) {
            self = try SkinDocument(tokenSetRoot: root, form: form)
            return
        }
        var problems = SkinProblems()
        // One budget for every expansion of this document, proportional to its size.
        let budget = ExpansionBudget(inputUnits: json.valueCount())
        var tree = root
        tree["$livery"] = nil
        var extendsResolver = GroupExtendsResolver(root: tree, budget: budget)
        tree = extendsResolver.resolveTree()
        problems.add(contentsOf: extendsResolver.problems)

        // JSON pointers point into the tree as written; the reader reads it in canonical DTCG.
        var pointerRoot = tree
        pointerRoot["$livery"] = root["$livery"]
        let imported = ToolImport.canonical(tree)
        problems.add(contentsOf: imported.problems)
        var reader = TokenTreeReader(pathPrefix: "", document: .object(pointerRoot), budget: budget)
        reader.readGroup(imported.tree, names: [], inheritedType: nil)
        reader.checkDottedNames()

        var liveryMembers = LiveryMembers(budget: budget)
        if let raw = root["$livery"] {
            liveryMembers.read(raw, documentTree: tree, pointerRoot: .object(pointerRoot))
        }
        problems.add(contentsOf: reader.problems)
        problems.add(contentsOf: reader.refs.problems)
        problems.add(contentsOf: liveryMembers.problems)
        guard problems.errors.isEmpty else { throw problems.groupingWarnings() }

        self.extends = liveryMembers.extends
        self.variantNames = liveryMembers.variantNames
        self.livery = root["$livery"]?.objectValue
        self.tokens = reader.definitions
        self.variants = liveryMembers.variants
        self.styling = liveryMembers.styling
        self.warnings = problems.warnings
        self.tokenSet = nil
        self.groups = reader.groups
        self.inputPaths = TokenTreeReader.tokenPaths(in: imported.tree)
        self.variantInputPaths = liveryMembers.variantTrees.mapValues { TokenTreeReader.tokenPaths(in: $0) }
        self.dottedNames = reader.dottedNames.merging(liveryMembers.dottedNames) { own, _ in own }
    }
}
