extension HTTPCorpusExpectation {
    /// Whether `outcome` is the verdict the case's peer expects (see docs/http-conformance.md,
    /// "How verdicts are read").
    func isMet(by outcome: CorpusOutcome) -> Bool {
        switch self {
        case .accept(let n): return Self.allows("accept:\(n)", outcome)
        case .reject(let n): return Self.allows("reject:\(n)", outcome)
        case .incomplete(let n): return Self.allows("incomplete:\(n)", outcome)
        case .closeAfter(let n): return Self.allows("close-after:\(n)", outcome)
        case .handoff(let n): return Self.handoffMet(answered: n, outcome)
        case .any(let allowed): return allowed.contains { Self.allows($0, outcome) }
        case .smuggle(let probe, let rfc):
            guard let read = probe.framingRead(by: outcome) else { return false }
            return probe.framingsAllowed(rfc: rfc).contains(read)
        }
    }

    /// One outcome named the corpus's way. `accept:N` holds whether or not the server then closes
    /// (the request may have asked it to); `close-after:N` and `accept-close:N` need the closing answer.
    static func allows(_ expected: String, _ outcome: CorpusOutcome) -> Bool {
        let observed = outcome.verdict
        switch expected.split(separator: ":").first {
        case "accept": return observed == expected || observed == "accept-close:" + expected.dropFirst("accept:".count)
        case "close-after": return observed == "accept-close:" + expected.dropFirst("close-after:".count)
        default: return observed == expected
        }
    }

    /// A server that tunnels nothing (no CONNECT tunnel, no Upgrade, no HTTP/2 preface) meets a
    /// handoff case when it switches to nothing (no 101) and answers no more than the requests
    /// before the handoff point: it rejects (`PRI *` is not asterisk-form, RFC 9112 §3.2.4),
    /// answers CONNECT and closes (RFC 9110 §9.3.6), or ignores Upgrade and goes on reading
    /// HTTP/1.1 (RFC 9110 §7.8).
    static func handoffMet(answered n: Int, _ outcome: CorpusOutcome) -> Bool {
        if outcome.responses.contains(where: { $0.status == 101 }) { return false }
        let verdict = outcome.verdict
        guard verdict != "malformed", !verdict.hasPrefix("closed:") else { return false }
        return outcome.answered <= n
    }
}
