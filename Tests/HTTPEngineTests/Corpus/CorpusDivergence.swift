/// A corpus verdict Livery's engine deliberately does not give, with the RFC section that allows
/// its own answer. Every entry MUST appear, with the same pattern, outcome and section, in the
/// "Documented divergences" table of docs/http-conformance.md (`HTTPCorpusTests` checks both ways).
struct CorpusDivergence: Hashable, Sendable {
    /// Case ids it covers; `*` matches any run of characters.
    var idPattern: String
    /// The outcome the engine gives instead, as `CorpusOutcome.verdictWithStatus` (`reject:0/411`).
    var outcome: String
    /// Words of the engine's problem `detail` that say why it rejected (empty for no rejection):
    /// a divergence covers a rejection for this reason only, never another.
    var because: String
    /// The section that allows it, `RFC 9110 §N` or `RFC 9112 §N`.
    var rfc: String

    /// Whether the divergence covers a case that ended with `observed`.
    func covers(id: String, outcome observed: CorpusOutcome) -> Bool {
        observed.verdictWithStatus == outcome && (because.isEmpty || (observed.rejection?.detail ?? "").contains(because))
            && Self.glob(idPattern[...], id[...])
    }

    private static func glob(_ pattern: Substring, _ text: Substring) -> Bool {
        guard let star = pattern.firstIndex(of: "*") else { return pattern == text }
        let prefix = pattern[..<star]
        guard text.hasPrefix(prefix) else { return false }
        let rest = pattern[pattern.index(after: star)...]
        var from = text.index(text.startIndex, offsetBy: prefix.count)
        while true {
            if glob(rest, text[from...]) { return true }
            guard from < text.endIndex else { return false }
            from = text.index(after: from)
        }
    }
}

extension CorpusDivergence {
    /// The table. Keep it short: a case that fails because the engine is wrong is fixed in the
    /// engine, never listed here.
    static let all: [CorpusDivergence] = [
        CorpusDivergence(idPattern: "*#raw", outcome: "reject:0/400", because: "needs exactly one Host field", rfc: "RFC 9112 §3.2"),
        CorpusDivergence(idPattern: "llhttp/connection.md:*", outcome: "reject:0/411", because: "A body needs Content-Length", rfc: "RFC 9110 §15.5.12"),
        CorpusDivergence(idPattern: "llhttp/transfer-encoding.md:*", outcome: "reject:0/501", because: "A transfer coding other than chunked", rfc: "RFC 9112 §6.1"),
        CorpusDivergence(idPattern: "llhttp/method.md:*", outcome: "reject:0/400", because: "not HTTP/DIGIT.DIGIT", rfc: "RFC 9112 §2.3"),
        CorpusDivergence(idPattern: "llhttp/method.md:135#raw", outcome: "reject:0/400", because: "The request target is not valid", rfc: "RFC 9112 §3.2.4"),
        CorpusDivergence(idPattern: "llhttp/sample.md:314#raw", outcome: "reject:0/400", because: "not method SP target SP version", rfc: "RFC 9112 §3"),
        CorpusDivergence(idPattern: "llhttp/invalid.md:66#raw", outcome: "accept-close:1", because: "", rfc: "RFC 9110 §9.1"),
        CorpusDivergence(idPattern: "llhttp/invalid.md:356#host", outcome: "accept:1", because: "", rfc: "RFC 9110 §9.1"),
        CorpusDivergence(idPattern: "llhttp/invalid.md:490#raw", outcome: "accept:0", because: "", rfc: "RFC 9112 §8"),
        CorpusDivergence(idPattern: "h11/test_connection.py:1000#44", outcome: "accept:0", because: "", rfc: "RFC 9112 §2.2"),
        CorpusDivergence(idPattern: "h11/test_io.py:266#2", outcome: "reject:0/400", because: "Obsolete line folding", rfc: "RFC 9112 §5.2"),
        CorpusDivergence(idPattern: "h11/test_io.py:565#13", outcome: "reject:0/400", because: "A header field value contains a byte", rfc: "RFC 9110 §5.5"),
        CorpusDivergence(idPattern: "h11/test_io.py:458#21", outcome: "reject:0/400", because: "The chunked body is malformed", rfc: "RFC 9112 §7.1"),
    ]
}
