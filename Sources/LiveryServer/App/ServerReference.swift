import HTTPEngine
import Synchronization

/// The engine, for routes that report on it; set right after the engine is created (the engine
/// needs the routes first).
final class ServerReference: Sendable {
    private let server = Mutex<HTTPServer?>(nil)

    func set(_ server: HTTPServer) {
        self.server.withLock { $0 = server }
    }

    /// Open client connections, 0 before the engine exists.
    var openConnections: Int { server.withLock { $0?.openConnections ?? 0 } }

    /// Whether shutdown has begun (the drain delay included).
    var isDraining: Bool { server.withLock { $0?.isDraining ?? false } }
}
