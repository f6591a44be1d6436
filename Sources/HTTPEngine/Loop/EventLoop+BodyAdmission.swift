import Synchronization

extension EventLoop {
    /// A request head announced a body: ask the handler whether to read it (auth before body,
    /// SPEC §5), then whether the server-wide body budget has room, and only then say
    /// `100 Continue` (RFC 9110 §10.1.1) and read.
    func startBody(_ c: Connection, _ request: HTTPRequest) {
        c.reading = RequestBox(request)
        // Behind a held or queued request an answer now would overtake theirs (RFC 9112 §9.3.2):
        // such a body is read as before and screened by the route when its turn comes.
        guard c.held == nil, c.waiting.isEmpty else {
            admitBody(c)
            return
        }
        switch core.handler.screen(request) {
        case .accept:
            admitBody(c)
        case .reject(let response):
            refuseBody(c, response)
        case .check(let check):
            // Nothing more is read (or parsed) until the verdict; bytes already read wait in
            // the connection's stash.
            c.paused = true
            c.screening = true
            let connection = LoopBound(c)
            Task {
                let verdict = await check()
                self.execute { loop in loop.screened(connection.value, verdict) }
            }
        }
    }

    /// The off-loop check of a body is done: refuse, or admit and continue reading.
    private func screened(_ c: Connection, _ verdict: HTTPResponse?) {
        guard !c.closed, c.screening else { return }
        c.screening = false
        if let verdict {
            refuseBody(c, verdict)
        } else {
            admitBody(c)
        }
        // Sends 100 Continue or the refusal; a paused connection is then resumed by the loop.
        flushBatch(c)
        if !c.closed { updateTimer(c) }
    }

    /// Reserves a declared body in the budget and invites the client to send it.
    private func admitBody(_ c: Connection) {
        guard let box = c.reading else { return }
        if case .length(let length) = box.request.framing, !reserveBody(c, length) { return }
        if box.request.expectsContinue && c.held == nil && c.waiting.isEmpty && c.output.isEmpty {
            batch.append(OutputChunk(bytes: HTTPResponseRenderer.continueBytes, offset: 0))
        }
    }

    /// Counts `bytes` of body against `maxBufferedBodyBytes` (all connections together); over
    /// it the request is answered 503 with `Retry-After` and the connection closed.
    func reserveBody(_ c: Connection, _ bytes: Int) -> Bool {
        let total = core.bufferedBodyBytes.add(bytes, ordering: .relaxed).newValue
        guard total > core.configuration.maxBufferedBodyBytes else {
            c.reservedBodyBytes += bytes
            return true
        }
        core.bufferedBodyBytes.subtract(bytes, ordering: .relaxed)
        refuseBody(c, .problem(
            .serviceUnavailable, detail: "The server is buffering too many request bodies; try again shortly.",
            headers: [HTTPField("Retry-After", "1")]))
        return false
    }

    /// Gives back what a connection reserved, up to `bytes` (all of it when nil).
    func releaseBody(_ c: Connection, upTo bytes: Int? = nil) {
        let amount = min(c.reservedBodyBytes, bytes ?? c.reservedBodyBytes)
        guard amount > 0 else { return }
        c.reservedBodyBytes -= amount
        core.bufferedBodyBytes.subtract(amount, ordering: .relaxed)
    }

    /// Answers without reading the body, then closes: the unread body makes the connection
    /// unusable, and lingering lets the client read the answer before the close.
    private func refuseBody(_ c: Connection, _ response: HTTPResponse) {
        let request = c.reading?.request
        c.reading = nil
        c.stopParsing = true
        c.lingerOnClose = true
        var response = response
        response.closesConnection = true
        writeResponse(c, request: request, response: response, started: 0, heldSince: nil)
    }
}
