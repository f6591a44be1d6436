/// One client connection, confined to the thread of the loop that accepted it.
///
/// It holds no buffer, timer or closure of its own while idle or held: the parser's partial
/// head, a body in progress, requests queued behind a deferred one and unwritten output are the
/// only allocations, each made only while needed. Deadlines are links into the loop's deadline
/// lists (`DeadlineList`), not timers.
final class Connection {
    let fd: Int32
    let remote: HTTPRemoteAddress?
    var parser: HTTPRequestParser

    /// Where the connection is in its life: what it reads, how it ends (``ConnectionState``).
    var state = ConnectionState()

    /// The request whose body is being read.
    var incoming: RequestBox?
    /// The request answered later (deferred), with its handle.
    var held: HeldRequest?
    /// Set by `HTTPRequestContext.deferResponse()` during a handler call.
    var newDeferred: HTTPDeferredResponse?
    /// The route answering the request being dispatched (set by the router through the context).
    var route: String?
    /// Fields for the response to the request being dispatched (set through the context).
    var responseFields: HTTPPreparedFields?
    /// Complete requests pipelined behind the held one, in order.
    var waiting: [HTTPRequest] = []
    /// Output the kernel did not take yet, in order.
    var output: [OutputChunk] = []
    /// Input read but not yet parsed because reading is suspended.
    var stash: [UInt8] = []
    /// A parse error to answer once the requests before it are answered.
    var pendingError: HTTPParseError?

    /// Whose share of the body budget `reservedBodyBytes` counts against (see `HTTPBodyVerdict`).
    var bodyOwner: String?
    /// Body bytes this connection counts against the server's body budget.
    var reservedBodyBytes = 0
    /// The route's own body limit for the body being read, below the server's (see
    /// `HTTPBodyScreening.acceptUpTo`); nil: the server's alone.
    var bodyLimit: Int?
    /// What a level-triggered selector watches this connection for (see `EventLoop.syncInterest`).
    var interest: ReadinessInterest = .readable

    // Deadline list membership (see DeadlineList).
    var deadline: Int64 = 0
    var timerList: TimerKind = .none
    unowned(unsafe) var timerPrev: Connection?
    unowned(unsafe) var timerNext: Connection?

    init(fd: Int32, remote: HTTPRemoteAddress?, limits: HTTPParserLimits) {
        self.fd = fd
        self.remote = remote
        self.parser = HTTPRequestParser(limits: limits)
    }

    var closed: Bool { state.isClosed }

    /// What the connection holds now, for its state's decisions.
    var backlog: ConnectionState.Backlog {
        ConnectionState.Backlog(
            held: held != nil, waiting: waiting.count, outputPending: !output.isEmpty, stashed: !stash.isEmpty,
            readingBody: incoming != nil || parser.isReadingBody, parserIdle: parser.isIdle)
    }
}

/// A request whose body is still arriving (boxed so an idle connection does not carry its size).
final class RequestBox {
    var request: HTTPRequest
    init(_ request: HTTPRequest) { self.request = request }
}

/// A deferred request waiting for its answer.
final class HeldRequest {
    let request: HTTPRequest
    let handle: HTTPDeferredResponse
    let started: Int64
    let heldSince: Int64
    let route: String?
    let responseFields: HTTPPreparedFields?
    init(
        request: HTTPRequest, handle: HTTPDeferredResponse, started: Int64, heldSince: Int64, route: String?,
        responseFields: HTTPPreparedFields?
    ) {
        self.route = route
        self.responseFields = responseFields
        self.request = request
        self.handle = handle
        self.started = started
        self.heldSince = heldSince
    }
}

/// A piece of output: a shared buffer, written from `offset` to its end.
struct OutputChunk {
    let bytes: HTTPBytes
    var offset: Int
}

/// Which deadline list a connection is in.
enum TimerKind: UInt8 {
    case none, header, body, idle, write, linger
}
