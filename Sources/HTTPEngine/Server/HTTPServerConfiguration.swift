#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything the engine can be told: where to listen, how many loops, and every limit, with
/// the defaults of docs/operations.md.
package struct HTTPServerConfiguration: Sendable {
    /// A numeric address or `localhost`: `127.0.0.1`, `::1`, `0.0.0.0`, or `::` (dual-stack).
    package var host = "127.0.0.1"
    /// 0 picks a free port; read it back from `HTTPServer.port` after `start()`.
    package var port = 8080
    /// Event loops (threads); default one per CPU this process may use (affinity mask and
    /// cgroup quota, see `AvailableCPUs`).
    package var loopCount = AvailableCPUs.count
    package var backlog: Int32 = 4096
    /// How the loops wait for readiness: `epoll` (Linux, the default there) or `poll` (portable,
    /// the default on Darwin; O(connections) per wait). See `HTTPEventBackend`.
    package var eventBackend = HTTPEventBackend.platformDefault

    /// Request line, CR included (→ 414).
    package var maxRequestLineBytes = 8192
    /// Header fields after the request line, CRLFs included (→ 431).
    package var maxHeaderBytes = 16384
    /// Header field lines (→ 431).
    package var maxHeaderCount = 100
    /// Request body after chunked decoding (→ 413).
    package var maxBodyBytes = 8 << 20
    /// Request bodies buffered at once over all connections (declared lengths count whole
    /// before reading); a body that does not fit is answered 503 with `Retry-After`.
    package var maxBufferedBodyBytes = 64 << 20
    /// The share of `maxBufferedBodyBytes` one client may hold: bodies the screen admitted for
    /// the same owner (a token, see `HTTPBodyVerdict`) together; over it 429 and close. One
    /// slow client (a token dripping bytes into many bodies) then cannot hold the whole budget.
    /// Per connection no limit is needed: a connection reads one body at a time (a body behind
    /// an unanswered request waits for its turn), so it holds at most `maxBodyBytes`.
    package var maxBufferedBodyBytesPerOwner = 16 << 20
    /// Open connections over all loops; more are answered 503 and closed at once. The default
    /// holds 62,259 long-polls (the budget of docs/operations.md) with room for the rest.
    package var maxConnections = 65_536
    /// Open connections from which a new one makes the accepting loop close its oldest idle
    /// keep-alive connection: the last 5 % (the reserve the long-poll budget leaves) is not for
    /// idle connections.
    package var idleEvictionThreshold: Int { maxConnections - maxConnections / 20 }
    /// Requests parsed and queued behind an unanswered (deferred) one before the engine stops
    /// reading from that connection.
    package var maxPipelinedRequests = 64

    /// From accept, or from the first byte of a request, until its head is complete; also the
    /// longest pause while a body arrives (→ 408 and close).
    package var headerTimeout: Duration = .seconds(10)
    /// A keep-alive connection with no request in progress is closed after this.
    package var idleTimeout: Duration = .seconds(60)
    /// A client that reads none of a pending response for this long is dropped.
    package var writeTimeout: Duration = .seconds(30)
    /// After a response that closes the connection, how long the engine drains the client's
    /// unread bytes (so the close is not a reset that destroys the response).
    package var lingerTimeout: Duration = .seconds(2)

    package init() {}

    var parserLimits: HTTPParserLimits {
        var limits = HTTPParserLimits()
        limits.maxRequestLineBytes = maxRequestLineBytes
        limits.maxHeaderBytes = maxHeaderBytes
        limits.maxHeaderCount = maxHeaderCount
        limits.maxBodyBytes = maxBodyBytes
        return limits
    }
}
