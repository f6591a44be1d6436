/// Walks a DTCG token tree (SPEC §1.1) into token definitions, collecting every problem.
///
/// An object with `$value` is a token; any other object is a group whose non-`$` members
/// are tokens or groups. Groups pass their `$type` down. Names are checked; the `$`
/// properties DTCG defines are checked for shape; `$`-members nobody defines (`$themes`,
/// `$metadata` in Tokens Studio exports) are ignored with a warning.
struct TokenTreeReader {
    static let groupProperties: Set<String> = ["$type", "$description", "$deprecated", "$extensions", "$extends", "$schema"]
    static let tokenProperties: Set<String> = ["$value", "$type", "$description", "$deprecated", "$extensions"]

    /// Prefix for diagnostic paths (`$livery.variants.dark.` inside a variant).
    let pathPrefix: String
    var refs: ValueReferenceResolver
    private(set) var definitions: [TokenDefinition] = []
    var problems = SkinProblems()

    init(pathPrefix: String, document: JSONValue) {
        self.pathPrefix = pathPrefix
        self.refs = ValueReferenceResolver(document: document)
    }

    mutating func readGroup(_ group: JSONObject, names: [String], inheritedType: TokenType?) {
        let location = pathPrefix + names.joined(separator: ".")
        var groupType = inheritedType
        if let raw = group["$type"], let type = readType(raw, at: location) { groupType = type }
        checkMetadata(group, at: location)
        for (key, value) in group.members {
            let childNames = names + [key]
            let childLocation = pathPrefix + childNames.joined(separator: ".")
            if key.hasPrefix("$"), key != TokenPath.rootName {
                if !Self.groupProperties.contains(key), !(names.isEmpty && key == "$livery") {
                    problems.add(.warning(.ignoredMember, at: childLocation, "'\(key)' is not a DTCG group property; ignored"))
                }
                continue
            }
            if key != TokenPath.rootName, let problem = TokenPath.problem(withName: key) {
                problems.add(.error(.invalidName, at: childLocation, problem))
                continue
            }
            guard case .object(let child) = value else {
                problems.add(.error(.invalidDocument, at: childLocation, "'\(key)' must be a token (an object with $value) or a group (an object), found \(JSONDescription.describe(value))"))
                continue
            }
            if child["$value"] != nil {
                readToken(child, names: childNames, groupType: groupType)
            } else if key == TokenPath.rootName {
                problems.add(.error(.invalidDocument, at: childLocation, "a group's $root must be a token (an object with $value)"))
            } else {
                readGroup(child, names: childNames, inheritedType: groupType)
            }
        }
    }

    mutating func readToken(_ token: JSONObject, names: [String], groupType: TokenType?) {
        let path = names.joined(separator: ".")
        let location = pathPrefix + path
        for key in token.keys where !Self.tokenProperties.contains(key) {
            if key.hasPrefix("$") {
                problems.add(.warning(.ignoredMember, at: location, "'\(key)' is not a DTCG token property; ignored"))
            } else {
                problems.add(.error(.invalidDocument, at: location, "a token cannot contain '\(key)': an object with $value is a token, and tokens have no children"))
            }
        }
        let type = token["$type"].flatMap { readType($0, at: location) }
        checkMetadata(token, at: location)
        let errorsBefore = refs.problems.errors.count
        let value = refs.resolve(token["$value"]!, at: location)
        if refs.problems.errors.count > errorsBefore { return }
        definitions.append(TokenDefinition(
            path: path, type: type, groupType: groupType, value: value,
            description: token["$description"]?.stringValue, deprecated: token["$deprecated"], extensions: token["$extensions"]))
    }

    mutating func readType(_ raw: JSONValue, at location: String) -> TokenType? {
        guard case .string(let name) = raw, let type = TokenType(rawValue: name) else {
            let known = TokenType.allCases.map(\.rawValue).joined(separator: ", ")
            problems.add(.error(.unknownType, at: location, "$type \(JSONDescription.describe(raw)) is not a token type (\(known))"))
            return nil
        }
        return type
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
