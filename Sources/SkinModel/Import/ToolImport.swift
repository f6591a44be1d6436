/// The import pre-pass (docs/architecture.md, "Reading a document"): what tools write beyond
/// DTCG 2025.10 in a token tree becomes canonical DTCG before the strict reader
/// (`TokenTreeReader`) sees it, each rewrite with the warning that says what was read as what
/// (docs/skins.md, "What tool exports may contain"). The messages are the ones designers have
/// always been given; only where they are made moved.
///
/// One walk of the tree, in document order, hands each group and token to the dialects:
/// ``DraftForms`` (pre-2025 draft tokens and their groups' metadata), ``PrimerMembers`` (`alpha`,
/// `mix`) and ``TokensStudioForms`` (`rgba()`, colour modifiers, multi-value spacing, CSS
/// gradients). A token set's selection applies ``PrimerOverrides`` before its merged tree gets here.
///
/// It runs after group `$extends` (a form copied by an `$extends` is rewritten where it lands, as
/// the reader reads it), and JSON pointers (`$ref`) keep pointing into the tree as written.
/// A dialect decides by the token's type where the tree says it (its own `$type`, else its
/// group's): a token whose type only its parent skin fixes gets none of these readings.
///
/// What can only be recognised where values are read (a reference by Figma's display name, its
/// `textCase` words, Tokens Studio's shadow members and unitless math, the `$type` names tools
/// write) is read there, from its dialect's file in this folder, which says why.
struct ToolImport {
    /// Prefix for diagnostic paths (`$livery.variants.dark.` inside a variant), as the reader's.
    let pathPrefix: String
    private(set) var problems = SkinProblems()

    /// The tree in canonical DTCG and what reading it as such found.
    static func canonical(_ tree: JSONObject, pathPrefix: String = "") -> (tree: JSONObject, problems: SkinProblems) {
        var pass = ToolImport(pathPrefix: pathPrefix)
        let result = pass.group(tree, names: [], inherited: nil)
        return (result, pass.problems)
    }

    private func location(_ names: [String]) -> String {
        pathPrefix + names.joined(separator: ".")
    }

    private mutating func group(_ written: JSONObject, names: [String], inherited: DeclaredType?) -> JSONObject {
        var group = DraftForms.groupMetadata(written, at: location(names), problems: &problems)
        var inside = inherited
        if case .string(let name)? = group["$type"], !name.isEmpty { inside = DeclaredType(name: name) }
        for key in group.keys where key == TokenPath.rootName || !key.hasPrefix("$") {
            guard case .object(var child)? = group[key] else { continue }
            group[key] = .null  // leaves `child` uniquely referenced while it changes
            let childNames = names + [key]
            if let draft = DraftForms.token(child) {
                problems.add(DraftForms.tokenWarning(at: location(childNames)))
                child = draft
            }
            if TokenTreeReader.isToken(child) {
                child = token(child, inherited: inside, at: location(childNames))
            } else {
                child = self.group(child, names: childNames, inherited: inside)
            }
            group[key] = .object(child)
        }
        return group
    }

    private mutating func token(_ written: JSONObject, inherited: DeclaredType?, at location: String) -> JSONObject {
        var token = written
        // A draft token as a token's member is a token too, which the reader refuses (tokens have no children).
        for key in token.keys where !key.hasPrefix("$") {
            if case .object(let member)? = token[key], let draft = DraftForms.token(member) { token[key] = .object(draft) }
        }
        let type = Self.type(of: token, inherited: inherited)
        PrimerMembers.apply(to: &token, type: type, at: location, problems: &problems)
        TokensStudioForms.apply(to: &token, type: type, at: location, problems: &problems)
        return token
    }

    /// The token's type as the reader takes it from the tree: its own `$type`, else its group's
    /// (a `math` token whose expression gives its type takes neither); nil when the tree does not say.
    static func type(of token: JSONObject, inherited: DeclaredType?) -> TokenType? {
        let value = token["$value"] ?? .null
        var own: DeclaredType?
        if case .string(let name)? = token["$type"], !name.isEmpty { own = DeclaredType(name: name) }
        if let resolved = own?.resolve(for: value) { return resolved.0 }
        if own == .math { return nil }
        return inherited?.resolve(for: value)?.0
    }
}
