import Foundation
import Logging
import Synchronization

/// Livery's HTTP/1.1 server: one event loop per core (epoll, or `poll(2)`: see `HTTPEventBackend`),
/// each on its own thread.
///
/// ```swift
/// var configuration = HTTPServerConfiguration()
/// configuration.port = 0
/// let server = HTTPServer(configuration: configuration, handler: router, logger: logger)
/// try server.start()
/// print("listening on \(server.port)")
/// ...
/// await server.shutdown(grace: .seconds(10))
/// ```
package final class HTTPServer: Sendable {
    enum Phase {
        case idle
        case running([EventLoop])
        case stopping
        case stopped
    }

    let core: ServerCore
    private let phase = Mutex(Phase.idle)
    private let boundPort = Atomic<Int>(0)
    private let finished = Mutex<(loopsLeft: Int, waiters: [@Sendable () -> Void])>((0, []))

    package init(
        configuration: HTTPServerConfiguration, handler: some HTTPServerHandler,
        observer: (any HTTPServerObserver)? = nil, logger: Logger
    ) {
        core = ServerCore(configuration: configuration, handler: handler, observer: observer, logger: logger)
    }

    package var configuration: HTTPServerConfiguration { core.configuration }

    /// The bound port (the real one when configured with port 0); 0 before `start()`.
    package var port: Int { boundPort.load(ordering: .acquiring) }

    /// Open client connections, over all loops.
    package var openConnections: Int { core.openConnections.load(ordering: .relaxed) }
    /// Requests received since start.
    package var requestCount: Int { core.requestCount.load(ordering: .relaxed) }
    /// Deferred requests not yet answered.
    package var heldRequests: Int { core.heldCount.load(ordering: .relaxed) }

    /// Whether the server is draining or shutting down (see `beginDraining`).
    package var isDraining: Bool { core.draining.load(ordering: .relaxed) }

    /// The first step of a balancer-friendly shutdown: the server keeps accepting and answering,
    /// but every response from now on carries `Connection: close`, so clients reconnect — to
    /// another instance, once the balancer has seen the readiness check fail.
    package func beginDraining() {
        core.draining.store(true, ordering: .relaxed)
    }

    /// Binds the listening sockets and starts the loop threads. Returns once connections are
    /// being accepted.
    package func start() throws(HTTPServerError) {
        let c = core.configuration
        let idle = phase.withLock { p -> Bool in
            if case .idle = p { return true }
            return false
        }
        guard idle else { throw .alreadyStarted }
        let files = FileLimit.raise(forConnections: c.maxConnections)
        if !files.sufficient {
            // Said at start, not discovered under load: past the limit new connections get the
            // prepared 503 (see EventLoop+Accept), which an operator should not have to guess.
            core.logger.warning("open-file limit too low for http.maxConnections", metadata: [
                "limit": "\(files.limit)", "needed": "\(files.needed)", "http.maxConnections": "\(c.maxConnections)",
            ])
        }
        var address = try ListeningSocket.address(host: c.host, port: c.port)
        // Port 0 gets a port nobody uses; a fixed one must be free of other listeners.
        if c.port != 0 { try ListeningSocket.claim(address.storage, length: address.length, host: c.host, port: c.port) }
        var loops: [EventLoop] = []
        var fds: [Int32] = []
        do {
            for i in 0..<max(1, c.loopCount) {
                #if os(Linux)
                let fd = try ListeningSocket.open(address.storage, length: address.length, backlog: c.backlog)
                #else
                // Darwin's SO_REUSEPORT does not spread connections over the sockets bound to a port (one
                // of them takes all): there the loops share one listener, each through its own descriptor.
                let fd = i == 0
                    ? try ListeningSocket.open(address.storage, length: address.length, backlog: c.backlog)
                    : fcntl(fds[0], F_DUPFD_CLOEXEC, 0)
                guard fd >= 0 else { throw HTTPServerError.system("fcntl(F_DUPFD_CLOEXEC)", errno) }
                #endif
                fds.append(fd)
                if i == 0 && c.port == 0 {
                    ListeningSocket.setPort(&address.storage, ListeningSocket.boundPort(fd))
                }
                let loop = try EventLoop(core: core, index: i)
                loop.adopt(listener: fd)
                loops.append(loop)
            }
        } catch {
            if loops.count < fds.count { for fd in fds[loops.count...] { close(fd) } }
            for loop in loops {
                if loop.listenFD >= 0 { close(loop.listenFD) }
                loop.selector.close()
            }
            throw error
        }
        let alreadyStarted = phase.withLock { p -> Bool in
            guard case .idle = p else { return true }
            p = .running(loops)
            return false
        }
        if alreadyStarted {
            for loop in loops { loop.execute { $0.beginShutdown(deadline: 0) } }
            throw .alreadyStarted
        }
        boundPort.store(ListeningSocket.boundPort(fds[0]), ordering: .releasing)
        finished.withLock { $0.loopsLeft = loops.count }
        for loop in loops {
            let thread = Thread { [self] in
                loop.run { self.loopExited() }
            }
            thread.name = "http-loop-\(loop.index)"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Graceful shutdown: stops accepting, tells held requests (`.serverShutdown`), lets
    /// in-flight requests finish, closes idle connections at once and busy ones after their
    /// current response, force-closing whatever remains after `grace`. Calls `completion` (on a
    /// loop thread) once every loop has stopped. Safe from any thread, including a
    /// `DispatchSourceSignal` handler; calling it again just adds a completion.
    package func shutdown(grace: Duration, completion: @escaping @Sendable () -> Void = {}) {
        core.draining.store(true, ordering: .relaxed)
        let loops: [EventLoop]? = phase.withLock { p in
            switch p {
            case .running(let loops):
                p = .stopping
                return loops
            case .idle:
                p = .stopped
                return []
            case .stopping, .stopped:
                return nil
            }
        }
        let callNow = finished.withLock { f -> Bool in
            if f.loopsLeft == 0 { return true }
            f.waiters.append(completion)
            return false
        }
        if callNow {
            completion()
            return
        }
        guard let loops else { return }
        let deadline = MonotonicClock.now() &+ grace.nanoseconds
        for loop in loops {
            loop.execute { $0.beginShutdown(deadline: deadline) }
        }
    }

    /// Graceful shutdown; returns when every loop has stopped (within `grace`, plus a moment).
    package func shutdown(grace: Duration) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            shutdown(grace: grace) { continuation.resume() }
        }
    }

    private func loopExited() {
        let waiters = finished.withLock { f -> [@Sendable () -> Void] in
            f.loopsLeft -= 1
            guard f.loopsLeft == 0 else { return [] }
            defer { f.waiters = [] }
            return f.waiters
        }
        if !waiters.isEmpty {
            phase.withLock { $0 = .stopped }
            for w in waiters { w() }
        }
    }
}
