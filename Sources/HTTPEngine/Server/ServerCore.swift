import Logging
import Synchronization

/// What every loop of one server shares: configuration, handler, observer and counters.
final class ServerCore: Sendable {
    let configuration: HTTPServerConfiguration
    let limits: HTTPParserLimits
    let handler: any HTTPServerHandler
    let observer: (any HTTPServerObserver)?
    /// Checked per request instead of the existential, which would be copied (and retained).
    let hasObserver: Bool
    let logger: Logger
    let openConnections = Atomic<Int>(0)
    let requestCount = Atomic<Int>(0)
    let heldCount = Atomic<Int>(0)
    /// Request body bytes buffered over all connections (see `maxBufferedBodyBytes`).
    let bufferedBodyBytes = Atomic<Int>(0)
    /// The part of `bufferedBodyBytes` held by each owner (see `maxBufferedBodyBytesPerOwner`).
    let bufferedBodyBytesByOwner = Mutex<[String: Int]>([:])
    /// Set when shutdown is near: every response then closes its connection.
    let draining = Atomic<Bool>(false)

    init(configuration: HTTPServerConfiguration, handler: any HTTPServerHandler, observer: (any HTTPServerObserver)?, logger: Logger) {
        self.configuration = configuration
        self.limits = configuration.parserLimits
        self.handler = handler
        self.observer = observer
        self.hasObserver = observer != nil
        self.logger = logger
    }
}
