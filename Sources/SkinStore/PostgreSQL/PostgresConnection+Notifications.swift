import CLibPQ

/// `LISTEN`/`NOTIFY` support for ``PostgresChangeMonitor``: the socket to wait on, and the
/// notifications that arrived.
extension PostgresConnection {
    /// The connection's socket, to wait on with `poll`; nil when not connected.
    var socket: Int32? {
        guard let handle, PQstatus(handle) == CONNECTION_OK else { return nil }
        let descriptor = PQsocket(handle)
        return descriptor >= 0 ? descriptor : nil
    }

    /// Reads what the server sent and returns how many notifications arrived (their payloads
    /// are not needed: the monitor reads the events table itself).
    /// - Throws: ``StoreError/unavailable(reason:)`` when the connection is gone.
    func takeNotifications() throws -> Int {
        let handle = try connectedHandle()
        guard PQconsumeInput(handle) == 1 else {
            let message = String(cString: PQerrorMessage(handle)).trimmingTrailingNewlines()
            close()
            throw StoreError.unavailable(reason: "the database connection was lost: \(message)")
        }
        var count = 0
        while let notification = PQnotifies(handle) {
            PQfreemem(notification)
            count += 1
        }
        return count
    }
}
