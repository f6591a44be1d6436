extension HTTPSmuggleProbe {
    /// The framings a probe may be read with: those RFC 9112 gives (`rfc`), and `REJECT` where that
    /// is `TE` and a Content-Length is also present (RFC 9112 §6.1 lets a server reject a message
    /// with both; PortSwigger's `rfc` names only the framing).
    func framingsAllowed(rfc: [String]) -> Set<String> {
        var allowed = Set(rfc)
        if allowed.contains("TE") && contentLengthBodyLength != nil { allowed.insert("REJECT") }
        return allowed
    }

    /// How the server read the probe, from what it answered (nil: neither framing whole, e.g. an
    /// answer to the left-over bytes as a request, or a body of another length):
    /// - `REJECT`: an error answer first (a 411 to `te-only` is `NOTE`: the server saw no
    ///   Transfer-Encoding, so no framing, and asked for a length).
    /// - `TE`: one success with the chunked body length; with a Content-Length present it must close
    ///   (RFC 9112 §6.1), so the left-over is never read.
    /// - `NOTE`: a success with the Content-Length body (none for `te-only`); the left-over bytes,
    ///   when any, are then a request of their own, which must be rejected (they are not HTTP).
    func framingRead(by outcome: CorpusOutcome) -> String? {
        guard !outcome.malformed, let first = outcome.responses.first else { return nil }
        if first.status >= 400 {
            guard outcome.responses.count == 1 else { return nil }
            return self == .teOnly && first.status == 411 ? "NOTE" : "REJECT"
        }
        let rest = outcome.responses.dropFirst()
        if first.requestBodyLength == chunkedBodyLength {
            guard rest.isEmpty, contentLengthBodyLength == nil || first.closes else { return nil }
            return "TE"
        }
        if first.requestBodyLength == (contentLengthBodyLength ?? 0) {
            // tecl's 6 bytes are all body; clte and te-only leave `\r\n0\r\n\r\n` / the chunks.
            let leftOverRejected = rest.count == 1 && rest.first!.status >= 400
            guard self == .tecl ? rest.isEmpty : (leftOverRejected || first.closes && rest.isEmpty) else { return nil }
            return "NOTE"
        }
        return nil
    }
}
