/// A finding of reading a value that does not stop it (a colour clipped into sRGB, a tool's unit
/// kept), before it has a path: the resolver adds the token path and the layer.
struct ReadingWarning {
    let code: DiagnosticCode
    let message: String
    /// What makes this finding a kind of its own among those of `code` (`em` for a kept unit):
    /// docs/skins.md, "What tool exports may contain" reports one warning per kind, naming its paths (``Diagnostic/detail``).
    let detail: String?

    init(_ code: DiagnosticCode, _ message: String, detail: String? = nil) {
        self.code = code
        self.message = message
        self.detail = detail
    }
}
