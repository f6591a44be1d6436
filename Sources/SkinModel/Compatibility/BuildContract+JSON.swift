extension BuildContract {
    /// Most entries (tokens, styles and images together) one contract may name. A large design
    /// system has a few thousand tokens; the bound keeps one request's checking work (one lookup
    /// per entry per checked selection) proportional to something sane.
    public static let maxEntries = 100_000

    /// Reads a contract body, reporting every malformed member at once.
    ///
    /// - Throws: `SkinProblems` whose errors name each bad member (`tokens.color.tint`,
    ///   `styles[2]`) with code `invalid-document` or `invalid-value`, for a `422`.
    public init(json: JSONValue) throws(SkinProblems) {
        var problems = SkinProblems()
        func fail(_ code: DiagnosticCode, _ path: String, _ message: String) {
            problems.errors.append(.error(code, at: path, message))
        }
        guard case .object(let object) = json else {
            throw SkinProblems(errors: [.error(
                .invalidDocument, at: "",
                "A contract is {\"tokens\": {path: type}, \"styles\": [element id], \"images\": [image id]}")])
        }
        for key in object.keys where !["tokens", "styles", "images"].contains(key) {
            fail(.invalidDocument, key, "Unknown member \"\(key)\"; a contract has only tokens, styles and images")
        }
        var tokens: [String: String] = [:]
        switch object["tokens"] {
        case nil, .null?: break
        case .object(let members)?:
            for path in members.keys {
                let value = members[path] ?? .null
                guard Self.isTokenPath(path) else {
                    fail(.invalidName, "tokens.\(path)", "\"\(path)\" is not a token path (dot-separated names, no braces)")
                    continue
                }
                guard case .string(let type) = value, let known = TokenType(rawValue: type), known != .opaque else {
                    fail(.invalidValue, "tokens.\(path)",
                        "The type of \(path) must be one of \(Self.typeNames.joined(separator: ", ")), not \(value.brief)")
                    continue
                }
                tokens[path] = known.rawValue
            }
        default: fail(.invalidDocument, "tokens", "tokens must be an object of token path → type name")
        }
        let styles = Self.identifiers(object["styles"], member: "styles", into: &problems) { id in
            (try? ElementIdentifier(parsing: id)) != nil ? nil : "\"\(id)\" is not an element id such as checkout/header/title"
        }
        let images = Self.identifiers(object["images"], member: "images", into: &problems) { id in
            id.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty } && !id.contains(where: \.isWhitespace)
                ? nil : "\"\(id)\" is not an image id such as logo or checkout/header/icon"
        }
        if tokens.count + styles.count + images.count > Self.maxEntries {
            fail(.invalidDocument, "", "A contract names at most \(Self.maxEntries) tokens, styles and images together")
        }
        guard problems.errors.isEmpty else { throw problems }
        self.init(tokens: tokens, styles: styles, images: images)
    }

    /// The type names a contract may give a token: the DTCG types and Livery's `asset`.
    static let typeNames = TokenType.allCases.filter { $0 != .opaque }.map(\.rawValue)

    /// A dot-separated path of non-empty names without reference braces.
    static func isTokenPath(_ path: String) -> Bool {
        !path.isEmpty && !path.contains(where: { $0 == "{" || $0 == "}" || $0.isWhitespace })
            && path.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty }
    }

    /// An array of distinct strings, each accepted by `problem` (which returns nil or why not).
    private static func identifiers(
        _ value: JSONValue?, member: String, into problems: inout SkinProblems, _ problem: (String) -> String?
    ) -> [String] {
        switch value {
        case nil, .null?: return []
        case .array(let items)?:
            var seen = Set<String>()
            for (index, item) in items.enumerated() {
                guard case .string(let id) = item else {
                    problems.errors.append(.error(.invalidValue, at: "\(member)[\(index)]", "\(member)[\(index)] must be a string"))
                    continue
                }
                if let reason = problem(id) {
                    problems.errors.append(.error(.invalidValue, at: "\(member)[\(index)]", reason))
                } else {
                    seen.insert(id)
                }
            }
            return seen.sorted()
        default:
            problems.errors.append(.error(.invalidDocument, at: member, "\(member) must be an array of strings"))
            return []
        }
    }
}
