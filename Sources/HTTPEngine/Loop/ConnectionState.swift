/// Where one connection is in its life, as a value (docs/architecture.md, "The connection").
///
/// The event loop tells it what happened — a request completed, a body was announced or
/// screened, output drained, the client ended its stream, a deadline passed, shutdown began —
/// and carries out the action it answers. It holds no socket, buffer or clock: what the
/// connection holds right now comes in as a ``Backlog``, so every path through it (pipelining,
/// pausing, screening, lingering, shutdown, each timeout) is tested without sockets
/// (`ConnectionStateTests`).
struct ConnectionState: Equatable {
    /// What the reading side does with the next bytes.
    enum Reading: Equatable {
        /// Parsing requests: heads, and bodies admitted to be read.
        case requests
        /// A body was announced and the handler decides off the loop whether to read it
        /// (`HTTPBodyScreening`): nothing more is parsed until its verdict.
        case screeningBody
        /// A body was announced behind a held or queued request: neither screened nor read until
        /// their answers are out (an answer now would overtake theirs, RFC 9112 §9.3.2).
        case bodyAwaitingTurn
        /// No more requests are parsed: after an error, a request with `Connection: close`, the
        /// client's end of stream, a refused body or shutdown.
        case stopped
    }

    /// How the connection ends.
    enum Ending: Equatable {
        /// Undecided: more requests may follow.
        case open
        /// Close once the output is written. `linger`: the close follows something the client
        /// may not expect (an error, a refused body: it may still be sending), so shut down
        /// writing and read until it closes, lest unread bytes turn the close into a reset that
        /// destroys the answer; otherwise close right away.
        case afterWrite(linger: Bool)
        /// Writing is shut down; reading and discarding until the client closes (or the deadline).
        case lingering
        case closed(ConnectionCloseReason)
    }

    /// What the connection holds right now: the facts the state's decisions depend on, which
    /// the connection keeps as buffers (``Connection/backlog``).
    struct Backlog: Equatable {
        /// A deferred request awaits its answer.
        var held = false
        /// Complete requests queued behind it, in order.
        var waiting = 0
        /// Output the kernel has not taken yet.
        var outputPending = false
        /// Input read while reading was suspended, not yet parsed.
        var stashed = false
        /// A request's body is being read.
        var readingBody = false
        /// No part of a request has been read since the last one completed.
        var parserIdle = true
    }

    /// What the event loop does next for this connection.
    enum Action: Equatable {
        case none
        /// Close the socket now (a held request is told its client is gone).
        case close(ConnectionCloseReason)
        /// Answer `408` (in order, behind what is held or queued) and close after it.
        case answerTimeout
        /// Shut down writing, then linger or close (``lingerStarted()``).
        case startLinger
        /// Parse what was stashed and read what the socket may hold (``Backlog/stashed``,
        /// ``readPending``): reading may go on.
        case resume
    }

    /// What to do once writing is shut down.
    enum LingerStep: Equatable {
        /// The client already ended its stream: close.
        case close
        /// Read and discard what arrives; then close at once (`closeWhenDrained`) or wait for
        /// the client to close, until the linger deadline.
        case drain(closeWhenDrained: Bool)
    }

    private(set) var reading = Reading.requests
    private(set) var ending = Ending.open
    /// The client shut down its sending side (a read returned 0).
    private(set) var peerClosed = false
    /// Reading is suspended and the socket may hold more bytes: with edge-triggered readiness no
    /// new event will say so, so resuming reads them.
    var readPending = false
    /// A request completed since the deadline was last chosen: the header deadline starts afresh.
    private(set) var completedRequest = false

    var isClosed: Bool { if case .closed = ending { true } else { false } }
    var isLingering: Bool { ending == .lingering }
    /// Whether the connection closes once its output is written.
    var closesAfterWrite: Bool { if case .afterWrite = ending { true } else { false } }
    /// Whether requests may still be parsed.
    var parsesRequests: Bool { reading != .stopped && !isClosed }

    // MARK: Reading

    /// Whether reading waits: for a body's screening or turn, for queued requests to be answered
    /// (at most `maxPipelined` wait), or for output to drain. Bytes that arrive meanwhile stay
    /// in the socket (``readPending``) or, once read, in the stash.
    func isSuspended(_ backlog: Backlog, maxPipelined: Int) -> Bool {
        reading == .screeningBody || reading == .bodyAwaitingTurn || backlog.outputPending || backlog.waiting >= maxPipelined
    }

    /// Whether reading was suspended with input left over and may now go on.
    func mayResume(_ backlog: Backlog, maxPipelined: Int) -> Bool {
        guard !isClosed, !isLingering else { return false }
        return !isSuspended(backlog, maxPipelined: maxPipelined) && (backlog.stashed || readPending)
    }

    /// A request was parsed whole. After one with `Connection: close` (or during shutdown) no
    /// further request is processed (RFC 9112 §9.6).
    mutating func requestCompleted(keepAlive: Bool, shuttingDown: Bool) {
        completedRequest = true
        if !keepAlive || shuttingDown { reading = .stopped }
    }

    /// A head announced a body. Behind a held or queued request it waits its turn; otherwise the
    /// loop screens it now. Returns whether to screen it now.
    mutating func bodyAnnounced(behindOthers: Bool) -> Bool {
        guard behindOthers else { return true }
        reading = .bodyAwaitingTurn
        return false
    }

    /// The handler checks the body off the loop: nothing more is parsed until ``screened()``.
    mutating func screeningStarted() {
        reading = .screeningBody
    }

    /// The off-loop check answered. Returns false when the connection has moved on (closed, or
    /// not screening): the verdict is then ignored.
    mutating func screened() -> Bool {
        guard reading == .screeningBody, !isClosed else { return false }
        reading = .requests
        return true
    }

    /// The requests before a waiting body are answered. Returns whether to screen it now.
    mutating func bodyTurnCame() -> Bool {
        guard reading == .bodyAwaitingTurn, !isClosed else { return false }
        reading = .requests
        return true
    }

    /// A parse error, a refused body or a timeout: nothing more is parsed.
    mutating func stopReading() {
        if reading != .stopped { reading = .stopped }
    }

    /// The deadline was chosen: a completed request no longer re-arms the next one.
    mutating func deadlineChosen() {
        completedRequest = false
    }

    // MARK: Writing and ending

    /// An answer was queued that closes the connection (`linger`: see ``Ending/afterWrite(linger:)``;
    /// once asked for, lingering is kept).
    mutating func closeAfterWrite(linger: Bool) {
        reading = .stopped
        switch ending {
        case .open: ending = .afterWrite(linger: linger)
        case .afterWrite(let already): ending = .afterWrite(linger: already || linger)
        case .lingering, .closed: break
        }
    }

    /// The client ended its stream. With a request held (it would be answered to no one), while
    /// lingering, or with nothing left to send, close now; otherwise after the output is written.
    mutating func peerEnded(_ backlog: Backlog) -> Action {
        peerClosed = true
        reading = .stopped
        if backlog.held || isLingering || (!backlog.outputPending && backlog.waiting == 0) {
            return .close(.clientClosed)
        }
        closeAfterWrite(linger: false)
        return .none
    }

    /// Everything queued was written. During shutdown an idle connection closes; one that
    /// closes after writing starts lingering; one whose reading was suspended resumes.
    mutating func outputDrained(_ backlog: Backlog, shuttingDown: Bool, maxPipelined: Int) -> Action {
        guard !isClosed, !isLingering, !backlog.outputPending else { return .none }
        if shuttingDown && !backlog.held && backlog.waiting == 0 && !backlog.readingBody { closeAfterWrite(linger: false) }
        if closesAfterWrite { return .startLinger }
        return mayResume(backlog, maxPipelined: maxPipelined) ? .resume : .none
    }

    /// Writing was shut down. During shutdown nobody waits for the client.
    mutating func lingerStarted(shuttingDown: Bool) -> LingerStep {
        let waitForClient = ending == .afterWrite(linger: true) && !shuttingDown
        ending = .lingering
        reading = .stopped
        readPending = false
        return peerClosed ? .close : .drain(closeWhenDrained: !waitForClient)
    }

    /// Closes for `reason`. Returns false when it was already closed.
    mutating func close(_ reason: ConnectionCloseReason) -> Bool {
        guard !isClosed else { return false }
        ending = .closed(reason)
        return true
    }

    /// Shutdown began (held requests have been told). Lingering or idle connections close now;
    /// busy ones close after their current answer.
    func shutdownBegan(_ backlog: Backlog) -> Action {
        guard !isClosed else { return .none }
        if isLingering { return .close(.serverShutdown) }
        if !backlog.held && backlog.waiting == 0 && !backlog.outputPending && !backlog.readingBody { return .close(.serverShutdown) }
        return .none
    }

    // MARK: Deadlines

    /// The deadline the connection's state calls for now, and whether it starts afresh.
    /// `progress` (bytes moved) re-arms the body, write and idle deadlines; the header deadline
    /// runs from a request's first byte and starts afresh only when a request completed. While a
    /// request is held, queued or screened no deadline runs: that wait is the server's (a slow
    /// token check under load once answered a client that had sent its whole body 408).
    func deadline(_ backlog: Backlog, progress: Bool) -> (kind: TimerKind, rearm: Bool) {
        let kind: TimerKind
        if isLingering {
            kind = .linger
        } else if backlog.outputPending {
            kind = .write
        } else if backlog.held || backlog.waiting > 0 || reading == .screeningBody || reading == .bodyAwaitingTurn {
            kind = .none
        } else if backlog.readingBody {
            kind = .body
        } else if !backlog.parserIdle || backlog.stashed {
            kind = .header
        } else {
            kind = .idle
        }
        return (kind, kind == .header ? completedRequest : (progress && kind != .linger))
    }

    /// A deadline passed. A request too slow to arrive (slowloris) is answered `408` with
    /// `Connection: close` (RFC 9110 §15.5.9); an idle, unwritable or lingering connection closes.
    mutating func deadlinePassed(_ kind: TimerKind) -> Action {
        guard !isClosed else { return .none }
        switch kind {
        case .header, .body:
            reading = .stopped
            return .answerTimeout
        case .idle: return .close(.idle)
        case .write: return .close(.writeTimedOut)
        case .linger: return .close(.lingerEnded)
        case .none: return .none
        }
    }
}

/// Why a connection was closed: the end of its ``ConnectionState``.
enum ConnectionCloseReason: Equatable {
    /// The client ended its stream, or the socket failed (reset, error).
    case clientClosed
    /// Idle past `idleTimeout`, or the oldest idle one when the server neared its cap.
    case idle
    /// The client took none of the output for `writeTimeout`.
    case writeTimedOut
    /// The client did not close within `lingerTimeout` after the answer.
    case lingerEnded
    /// The server is shutting down.
    case serverShutdown
}
