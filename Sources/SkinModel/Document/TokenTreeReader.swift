/// Walks a DTCG token tree (docs/skins.md, "Tokens and groups", §1.8) into token definitions, collecting every problem.
///
/// The tree is canonical DTCG: the import pre-pass (`Import/ToolImport.swift`) has already turned
/// what tools write beyond it into DTCG, with its warnings. An object with `$value` is a token, and
/// so is a token-level `{"$ref": "#/pointer"}`; any other object is a group whose non-`$` members
/// are tokens or groups. Groups pass their `$type` and `$deprecated` down.
/// Type names DTCG does not define map to DTCG types (`mapped-type`) or make opaque tokens (`unknown-type`).
/// Members nobody defines are kept for `format=dtcg` with an `ignored-member` warning. Group
/// `$description`, `$deprecated` and `$extensions` are collected into `groups`. A name with a
/// `.` (`opacities` › `0.25`) is kept as written, warning `dotted-name` (see `+DottedNames`).
struct TokenTreeReader {
    static let groupProperties: Set<String> = ["$type", "$description", "$deprecated", "$extensions", "$extends", "$schema"]
    static let tokenProperties: Set<String> = ["$value", "$type", "$description", "$deprecated", "$extensions", "$ref"]

    /// Prefix for diagnostic paths (`$livery.variants.dark.` inside a variant).
    let pathPrefix: String
    var refs: ValueReferenceResolver
    private(set) var definitions: [TokenDefinition] = []
    /// Group path → the group's metadata and other members as written, for `format=dtcg`.
    private(set) var groups: [String: JSONObject] = [:]
    /// Token and group path → its names, for the paths where a name holds a `.` (`dotted-name`).
    var dottedNames: [String: [String]] = [:]
    var problems = SkinProblems()

    init(pathPrefix: String, document: JSONValue, budget: ExpansionBudget = .unlimited()) {
        self.pathPrefix = pathPrefix
        self.refs = ValueReferenceResolver(document: document, budget: budget)
    }

    /// What a group hands down to its members.
    struct Inherited {
        var type: DeclaredType?
        var deprecated: JSONValue?
    }

    mutating func readGroup(_ group: JSONObject, names: [String], inheritedType: TokenType?) {
        readGroup(group, names: names, inherited: Inherited(type: inheritedType.map(DeclaredType.known)))
    }

    mutating func readGroup(_ group: JSONObject, names: [String], inherited: Inherited) {
        let location = pathPrefix + names.joined(separator: ".")
        var inside = inherited
        if let raw = group["$type"], let type = readType(raw, at: location) { inside.type = type }
        if let deprecated = group["$deprecated"] { inside.deprecated = deprecated }
        checkMetadata(group, at: location)
        var kept = JSONObject()
        for (key, value) in group.members {
            let childNames = names + [key]
            let childLocation = pathPrefix + childNames.joined(separator: ".")
            if key.hasPrefix("$"), key != TokenPath.rootName {
                if ["$description", "$deprecated", "$extensions"].contains(key) {
                    kept[key] = value
                } else if !Self.groupProperties.contains(key), !(names.isEmpty && key == "$livery") {
                    problems.add(.warning(.ignoredMember, at: childLocation, "'\(key)' is not a DTCG group property; kept in format=dtcg, not resolved", detail: key))
                    kept[key] = value
                }
                continue
            }
            if key != TokenPath.rootName, let problem = TokenPath.problem(withName: key) {
                guard TokenPath.isDottedName(key) else {
                    problems.add(.error(.invalidName, at: childLocation, problem))
                    continue
                }
                problems.add(.warning(.dottedName, at: childLocation, "'\(key)' has a '.', which DTCG forbids in a name; kept as written, so the path is \(childNames.joined(separator: "."))"))
            }
            guard case .object(let child) = value else {
                problems.add(.warning(.ignoredMember, at: childLocation, "'\(key)' is neither a token nor a group (\(JSONDescription.describe(value))); kept in format=dtcg, not resolved", detail: "neither token nor group"))
                kept[key] = value
                continue
            }
            if Self.isToken(child) {
                readToken(child, names: childNames, inherited: inside)
            } else if key == TokenPath.rootName {
                problems.add(.error(.invalidDocument, at: childLocation, "a group's $root must be a token (an object with $value)"))
            } else {
                readGroup(child, names: childNames, inherited: inside)
            }
        }
        if !kept.isEmpty {
            groups[names.joined(separator: ".")] = kept
            recordNames(names)
        }
    }

    mutating func readToken(_ token: JSONObject, names: [String], inherited: Inherited) {
        let path = names.joined(separator: ".")
        let location = pathPrefix + path
        var others = JSONObject()
        for (key, member) in token.members where !Self.tokenProperties.contains(key) {
            if case .object(let child) = member, Self.isToken(child), !key.hasPrefix("$") {
                problems.add(.error(.invalidDocument, at: location, "a token cannot contain '\(key)': an object with $value is a token, and tokens have no children"))
                return
            }
            others[key] = member
            problems.add(.warning(.ignoredMember, at: location, "'\(key)' is not a DTCG token property; kept in format=dtcg, not resolved", detail: key))
        }
        let declared = token["$type"].flatMap { readType($0, at: location) }
        checkMetadata(token, at: location)
        let errorsBefore = refs.problems.errors.count
        // A token-level `$ref` (DTCG 2025.10 §7.1.2) is the token's value, as a pointer.
        let rawValue = token["$value"] ?? .object(JSONObject([("$ref", token["$ref"]!)]))
        let written = refs.resolve(rawValue, at: location)
        if refs.problems.errors.count > errorsBefore { return }
        let own = declared?.resolve(for: written)
        // A token's own `math` type whose expression gives the type overrides its group's.
        let group = declared == .math && own == nil ? nil : inherited.type?.resolve(for: written)
        var definition = TokenDefinition(
            path: path, type: own?.0, groupType: group?.0, value: written,
            description: token["$description"]?.stringValue, deprecated: token["$deprecated"] ?? inherited.deprecated,
            extensions: token["$extensions"])
        definition.opaqueTypeName = own?.opaqueName ?? (own == nil ? group?.opaqueName : nil)
        definition.otherMembers = others.isEmpty ? nil : others
        definitions.append(definition)
        recordNames(names)
    }

    mutating func readType(_ raw: JSONValue, at location: String) -> DeclaredType? {
        guard case .string(let name) = raw, !name.isEmpty else {
            problems.add(.error(.unknownType, at: location, "$type \(JSONDescription.describe(raw)) is not a type name"))
            return nil
        }
        if let (code, message, detail) = DeclaredType.warning(for: name) { problems.add(.warning(code, at: location, message, detail: detail)) }
        return DeclaredType(name: name)
    }

    mutating func checkMetadata(_ object: JSONObject, at location: String) {
        if let description = object["$description"], description.stringValue == nil {
            problems.add(.error(.invalidDocument, at: location, "$description must be a string, found \(JSONDescription.describe(description))"))
        }
        if let deprecated = object["$deprecated"], deprecated.boolValue == nil, deprecated.stringValue == nil {
            problems.add(.error(.invalidDocument, at: location, "$deprecated must be true, false or an explanation string, found \(JSONDescription.describe(deprecated))"))
        }
        if let extensions = object["$extensions"], extensions.objectValue == nil {
            problems.add(.error(.invalidDocument, at: location, "$extensions must be an object, found \(JSONDescription.describe(extensions))"))
        }
    }
}
