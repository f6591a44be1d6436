/// One validation finding: an error (the document is rejected) or a warning
/// (returned with the publish result), ready to become an element of a
/// problem+json `errors`/`warnings` array (`{path, code, message}`).
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    public var severity: Severity
    /// Where in the document: a token path (`color.tint`), or a `$livery` location
    /// (`$livery.styles.title.properties.font`, `$livery.rules[2].selector`).
    public var path: String
    public var code: DiagnosticCode
    /// A sentence for a person, naming the offending text (for a grouped warning, the first path's).
    public var message: String
    /// What makes this finding a kind of its own among those of its code (`spacing → dimension`
    /// for a `mapped-type`, `em` for a `non-dtcg-unit`); nil where the code alone is the kind.
    public var detail: String?
    /// The further paths a warning of this kind concerns, after `path` (docs/skins.md, "What tool exports may contain": one warning per
    /// kind that names the paths; see ``SkinProblems/groupingWarnings()``). Empty for errors.
    public var otherPaths: [String] = []
    /// The message at each of `otherPaths`, in the same order.
    public var otherMessages: [String] = []

    public init(_ severity: Severity, path: String, code: DiagnosticCode, message: String, detail: String? = nil) {
        self.severity = severity
        self.path = path
        self.code = code
        self.message = message
        self.detail = detail
    }

    public static func error(_ code: DiagnosticCode, at path: String, _ message: String) -> Diagnostic {
        Diagnostic(.error, path: path, code: code, message: message)
    }

    public static func warning(_ code: DiagnosticCode, at path: String, _ message: String, detail: String? = nil) -> Diagnostic {
        Diagnostic(.warning, path: path, code: code, message: message, detail: detail)
    }

    public var description: String { "\(severity) \(code.rawValue) at \(path): \(message)" }
}

/// A machine-readable diagnostic code (the `code` of docs/api.md's problem details).
///
/// A struct rather than an enum so each concern declares its codes next to the
/// code that raises them (`extension DiagnosticCode { static let … }`).
public struct DiagnosticCode: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
}

extension DiagnosticCode {
    // Codes docs/skins.md names.
    public static let missingType: DiagnosticCode = "missing-type"
    public static let typeMismatch: DiagnosticCode = "type-mismatch"
    public static let cycle: DiagnosticCode = "cycle"
    public static let unknownSkin: DiagnosticCode = "unknown-skin"
    public static let unknownVariant: DiagnosticCode = "unknown-variant"
    public static let unsupportedColorSpace: DiagnosticCode = "unsupported-color-space"
    // Livery's own.
    public static let invalidJSON: DiagnosticCode = "invalid-json"
    public static let invalidDocument: DiagnosticCode = "invalid-document"
    public static let invalidName: DiagnosticCode = "invalid-name"
    public static let invalidValue: DiagnosticCode = "invalid-value"
    public static let outOfGamut: DiagnosticCode = "out-of-gamut"
    public static let unknownReference: DiagnosticCode = "unknown-reference"
    public static let invalidExpression: DiagnosticCode = "invalid-expression"
    public static let unknownFunction: DiagnosticCode = "unknown-function"
    public static let expressionType: DiagnosticCode = "expression-type"
    public static let lineageTooDeep: DiagnosticCode = "lineage-too-deep"
    public static let unknownComponent: DiagnosticCode = "unknown-component"
    public static let unknownProperty: DiagnosticCode = "unknown-property"
    public static let propertyType: DiagnosticCode = "property-type"
    public static let unknownStyle: DiagnosticCode = "unknown-style"
    public static let invalidSelector: DiagnosticCode = "invalid-selector"
    public static let unknownImage: DiagnosticCode = "unknown-image"
}

/// Errors and warnings found together: the model reports all problems at once, not just the first.
public struct SkinProblems: Error, Sendable, Hashable {
    public var errors: [Diagnostic]
    public var warnings: [Diagnostic]

    public init(errors: [Diagnostic] = [], warnings: [Diagnostic] = []) {
        self.errors = errors
        self.warnings = warnings
    }

    public var isEmpty: Bool { errors.isEmpty && warnings.isEmpty }

    /// Sorts a finding into errors or warnings by its severity.
    public mutating func add(_ diagnostic: Diagnostic) {
        switch diagnostic.severity {
        case .error: errors.append(diagnostic)
        case .warning: warnings.append(diagnostic)
        }
    }

    public mutating func add(contentsOf other: SkinProblems) {
        errors += other.errors
        warnings += other.warnings
    }
}
