/// Codes raised by the tokens half beyond those Core declares.
extension DiagnosticCode {
    /// A `$type` that is not one of SPEC §1.2's types.
    public static let unknownType: DiagnosticCode = "unknown-type"
    /// A `sha256:` asset reference that the request's asset catalog does not hold.
    public static let unknownAsset: DiagnosticCode = "unknown-asset"
    /// A `$`-prefixed member Livery does not know (`$themes`, `$metadata`): kept out of resolution, reported as a warning.
    public static let ignoredMember: DiagnosticCode = "ignored-member"
    /// A resolution request that cannot be served as asked (empty lineage).
    public static let invalidRequest: DiagnosticCode = "invalid-request"
}
