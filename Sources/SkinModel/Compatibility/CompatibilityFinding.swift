/// One thing a look lacks that a build reads (docs/apps.md, "Old builds in the field"): a
/// token missing or of another type, a style id no rule matches any more, an image id that no
/// longer resolves. The gate answers `409` with these as `errors`; validate and publish list
/// them as `incompatible` warnings.
public struct CompatibilityFinding: Sendable, Hashable {
    /// What the build reads: a token path, `$livery.styles.<id>` or `$livery.images.<id>`.
    public var path: String
    /// A sentence naming the build, the entry and what changed.
    public var message: String
    /// The build that reads it, `ios/3.2.1`.
    public var build: String
    /// The variant selection under which it fails (empty: the base look).
    public var variants: [String]

    public init(path: String, message: String, build: String, variants: [String] = []) {
        self.path = path
        self.message = message
        self.build = build
        self.variants = variants
    }

    /// `{path, code: "incompatible", message, build}`, the same in a 409's `errors` and in
    /// validate's and publish's `warnings`.
    public var json: JSONValue {
        .object(JSONObject([
            ("path", .string(path)), ("code", .string(DiagnosticCode.incompatible.rawValue)),
            ("message", .string(message)), ("build", .string(build)),
        ]))
    }
}

extension DiagnosticCode {
    /// A look lacks a token, style or image that a live build's contract names.
    public static let incompatible: DiagnosticCode = "incompatible"
}
