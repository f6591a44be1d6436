/// Why a value could not be read or evaluated. The caller adds the token path.
struct ValueError: Error, Equatable {
    var code: DiagnosticCode
    var message: String
    /// True when a referenced token failed: its own error is reported, this one is not.
    var isDependencyFailure = false

    init(_ code: DiagnosticCode, _ message: String) {
        self.code = code
        self.message = message
    }

    static let dependencyFailed: ValueError = {
        var error = ValueError(.unknownReference, "a referenced token has errors")
        error.isDependencyFailure = true
        return error
    }()
}
