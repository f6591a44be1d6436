/// Codes raised by the tokens half beyond those Core declares.
extension DiagnosticCode {
    /// A `$type` that is neither one of docs/skins.md, "Types and the notations Livery reads" types nor a tool's name for one: the token
    /// is opaque, its value kept verbatim (a warning, docs/skins.md, "What tool exports may contain"; an error only where a `$type` is not a string).
    public static let unknownType: DiagnosticCode = "unknown-type"
    /// A tool's type name read as a DTCG type (`spacing` → `dimension`), or a tool's member names read as DTCG's.
    public static let mappedType: DiagnosticCode = "mapped-type"
    /// A composite member DTCG does not list, kept and resolved.
    public static let extraMember: DiagnosticCode = "extra-member"
    /// A composite member an export left out, given DTCG's neutral value.
    public static let defaultedMember: DiagnosticCode = "defaulted-member"
    /// A pre-2025 draft form (`value`/`type` without `$`, numbers as text, a colour's `channels`, a unitless dimension).
    public static let legacyForm: DiagnosticCode = "legacy-form"
    /// A dimension unit beyond DTCG's px and rem (`em`, `%`, `pt`, `dp`, `sp`, `vw`, `vh`), kept as given.
    public static let nonDTCGUnit: DiagnosticCode = "non-dtcg-unit"
    /// A DTCG colour whose `hex` disagrees with its components inside sRGB: the components win.
    public static let hexMismatch: DiagnosticCode = "hex-mismatch"
    /// A token of the document that resolution would drop without an error (docs/skins.md, "What tool exports may contain": a bug turned into a 422).
    public static let lostToken: DiagnosticCode = "lost-token"
    /// A token without a `$type` anywhere whose literal value's shape tells its type (a colour object, `{value, unit}`).
    public static let inferredType: DiagnosticCode = "inferred-type"
    /// A token or group name with a `.` (DTCG forbids it; design tools' plugins write `0.25`), kept as written.
    public static let dottedName: DiagnosticCode = "dotted-name"
    /// A reference that names a token by a tool's display name (`{@typography.Scale 03}` for `scale-03`).
    public static let displayNameReference: DiagnosticCode = "display-name-reference"
    /// A tool's value with no DTCG equivalent (a multi-value spacing, a CSS gradient): an
    /// opaque token, its text kept with the references inside resolved.
    public static let opaqueForm: DiagnosticCode = "opaque-form"
    /// A `sha256:` asset reference that the request's asset catalog does not hold.
    public static let unknownAsset: DiagnosticCode = "unknown-asset"
    /// A `$`-prefixed member Livery does not know (`$themes`, `$metadata`): kept out of resolution, reported as a warning.
    public static let ignoredMember: DiagnosticCode = "ignored-member"
    /// A resolution request that cannot be served as asked (empty lineage).
    public static let invalidRequest: DiagnosticCode = "invalid-request"
}
