import SkinModel

/// An RFC 9457 `application/problem+json` body, as the Livery server sends with every error.
public struct LiveryProblem: Sendable, Hashable, CustomStringConvertible {
    /// One finding of a validation failure: `{path, code, message}`. A warning stands for one kind
    /// (its `code` and `detail`) and names every path of it in `paths` (docs/skins.md, "What tool exports may contain").
    public struct Finding: Sendable, Hashable {
        /// Where; for a warning, the first of `paths`.
        public var path: String
        public var code: String
        public var message: String
        /// What distinguishes this kind among findings of `code` (`spacing → dimension`), if anything.
        public var detail: String?
        /// Every path the finding concerns, `path` first (just `path` for an error, or from an older server).
        public var paths: [String]

        public init(path: String, code: String, message: String, detail: String? = nil, paths: [String]? = nil) {
            self.path = path
            self.code = code
            self.message = message
            self.detail = detail
            self.paths = paths ?? [path]
        }

        /// How many paths the finding concerns.
        public var count: Int { paths.count }
    }

    /// A URI naming the kind of problem.
    public var type: String?
    /// A short summary (`Not found`).
    public var title: String?
    public var status: Int?
    /// What went wrong in this case, for people.
    public var detail: String?
    /// Validation failures, with paths.
    public var errors: [Finding]
    public var warnings: [Finding]

    public init(
        type: String? = nil, title: String? = nil, status: Int? = nil, detail: String? = nil,
        errors: [Finding] = [], warnings: [Finding] = []
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.errors = errors
        self.warnings = warnings
    }

    /// Reads a problem body; `nil` when the bytes are not a JSON object.
    init?(bytes: [UInt8]) {
        guard let json = try? JSONParser.parse(bytes), json.objectValue != nil else { return nil }
        self.init(
            type: json["type"]?.stringValue, title: json["title"]?.stringValue,
            status: json["status"]?.numberValue.flatMap { Int(exactly: $0) }, detail: json["detail"]?.stringValue,
            errors: Self.findings(json["errors"]), warnings: Self.findings(json["warnings"]))
    }

    public var description: String {
        [title, detail].compactMap { $0 }.joined(separator: ": ")
    }

    private static func findings(_ json: JSONValue?) -> [Finding] {
        (json?.arrayValue ?? []).compactMap { item in
            guard let path = item["path"]?.stringValue, let code = item["code"]?.stringValue else { return nil }
            let paths = item["paths"]?.arrayValue?.compactMap(\.stringValue)
            return Finding(
                path: path, code: code, message: item["message"]?.stringValue ?? "", detail: item["detail"]?.stringValue,
                paths: paths?.isEmpty == false ? paths : nil)
        }
    }
}
