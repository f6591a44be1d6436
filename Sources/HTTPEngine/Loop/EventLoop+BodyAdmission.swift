import Synchronization

extension EventLoop {
    /// A request head announced a body: ask the handler whether to read it (auth before body,
    /// docs/operations.md), then whether the body budget has room, and only then say
    /// `100 Continue` (RFC 9110 §10.1.1) and read.
    func startBody(_ c: Connection, _ request: HTTPRequest) {
        c.incoming = RequestBox(request)
        c.bodyLimit = nil
        // Behind a held or queued request an answer now would overtake theirs (RFC 9112 §9.3.2),
        // and reading the body now would buffer it unscreened for as long as they are held (a
        // long-poll: minutes). So nothing more is read until their answers are out; then the
        // body is screened like any other (`bodyTurnCame`).
        guard c.state.bodyAnnounced(behindOthers: c.held != nil || !c.waiting.isEmpty) else { return }
        screenBody(c, request)
    }

    /// The requests before a waiting body are answered: screen it now (called by `runWaiting`).
    func bodyTurnCame(_ c: Connection) {
        guard let box = c.incoming, c.state.bodyTurnCame() else { return }
        screenBody(c, box.request)
    }

    private func screenBody(_ c: Connection, _ request: HTTPRequest) {
        switch core.handler.screen(request) {
        case .accept:
            admitBody(c, owner: nil)
        case .acceptUpTo(let maxBytes, let owner):
            admitBody(c, owner: owner, maxBytes: maxBytes)
        case .reject(let response):
            refuseBody(c, response)
        case .check(let check):
            // Nothing more is read (or parsed) until the verdict; bytes already read wait in
            // the connection's stash.
            c.state.screeningStarted()
            let connection = LoopBound(c)
            Task {
                let verdict = await check()
                self.execute { loop in loop.screened(connection.value, verdict) }
            }
        }
    }

    /// The off-loop check of a body is done: refuse, or admit and continue reading.
    private func screened(_ c: Connection, _ verdict: HTTPBodyVerdict) {
        guard c.state.screened() else { return }
        switch verdict {
        case .refuse(let response): refuseBody(c, response)
        case .admit(let owner, let maxBytes): admitBody(c, owner: owner, maxBytes: maxBytes)
        }
        // Sends 100 Continue or the refusal; reading then resumes (`outputDrained`).
        flushBatch(c)
        if !c.closed { updateTimer(c) }
    }

    /// Reserves a declared body in the budget and invites the client to send it; a declared
    /// length past the route's own limit (`maxBytes`) is refused first, uninvited.
    private func admitBody(_ c: Connection, owner: String?, maxBytes: Int? = nil) {
        guard let box = c.incoming else { return }
        // RFC 9110 §15.5.14: 413 for content larger than the target accepts, decided from the
        // declared length before `100 Continue` (RFC 9110 §10.1.1 lets a server refuse unread).
        if let maxBytes, case .length(let length) = box.request.framing, length > maxBytes {
            refuseBody(c, Self.tooLarge(maxBytes))
            return
        }
        c.bodyLimit = maxBytes
        // A connection's reserved bytes all count against one owner; a new owner takes over
        // only once the last body is released (it is, before the next is read: one at a time).
        if c.reservedBodyBytes == 0 { c.bodyOwner = owner }
        if case .length(let length) = box.request.framing, !reserveBody(c, length) { return }
        if box.request.expectsContinue && c.held == nil && c.waiting.isEmpty && c.output.isEmpty {
            batch.append(OutputChunk(bytes: HTTPResponseRenderer.continueBytes, offset: 0))
        }
    }

    /// Counts `bytes` of body against `maxBufferedBodyBytes` (all connections together), over it
    /// 503 with `Retry-After`, and against the owner's share (`maxBufferedBodyBytesPerOwner`),
    /// over it 429 with `Retry-After`; either answer closes the connection.
    func reserveBody(_ c: Connection, _ bytes: Int) -> Bool {
        let total = core.bufferedBodyBytes.add(bytes, ordering: .relaxed).newValue
        guard total <= core.configuration.maxBufferedBodyBytes else {
            core.bufferedBodyBytes.subtract(bytes, ordering: .relaxed)
            refuseBody(c, .problem(
                .serviceUnavailable, detail: "The server is buffering too many request bodies; try again shortly.",
                headers: [HTTPField("Retry-After", "1")]))
            return false
        }
        if let owner = c.bodyOwner {
            let limit = core.configuration.maxBufferedBodyBytesPerOwner
            let fits = core.bufferedBodyBytesByOwner.withLock { owners -> Bool in
                let held = owners[owner, default: 0]
                guard held + bytes <= limit else { return false }
                owners[owner] = held + bytes
                return true
            }
            guard fits else {
                core.bufferedBodyBytes.subtract(bytes, ordering: .relaxed)
                refuseBody(c, .problem(
                    HTTPStatus(429),
                    detail: "This client's request bodies in progress would exceed its share of the server's body buffer (\(limit) bytes); finish or cancel the others first.",
                    headers: [HTTPField("Retry-After", "1")]))
                return false
            }
        }
        c.reservedBodyBytes += bytes
        return true
    }

    /// Gives back what a connection reserved, up to `bytes` (all of it when nil).
    func releaseBody(_ c: Connection, upTo bytes: Int? = nil) {
        let amount = min(c.reservedBodyBytes, bytes ?? c.reservedBodyBytes)
        guard amount > 0 else { return }
        c.reservedBodyBytes -= amount
        core.bufferedBodyBytes.subtract(amount, ordering: .relaxed)
        if let owner = c.bodyOwner {
            core.bufferedBodyBytesByOwner.withLock { owners in
                let left = owners[owner, default: 0] - amount
                owners[owner] = left > 0 ? left : nil
            }
        }
    }

    /// The `413` of a body past its route's own limit.
    static func tooLarge(_ maxBytes: Int) -> HTTPResponse {
        .problem(.contentTooLarge, detail: "This endpoint accepts a request body of at most \(maxBytes) bytes.")
    }

    /// Answers without reading the body, then closes: the unread body makes the connection
    /// unusable, and lingering lets the client read the answer before the close.
    func refuseBody(_ c: Connection, _ response: HTTPResponse) {
        let request = c.incoming?.request
        c.incoming = nil
        c.bodyLimit = nil
        c.state.closeAfterWrite(linger: true)
        var response = response
        response.closesConnection = true
        writeResponse(c, request: request, response: response, started: 0, heldSince: nil)
    }
}
