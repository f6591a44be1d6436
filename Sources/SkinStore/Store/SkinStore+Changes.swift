import Dispatch

/// The audit log, the change sequence, and change monitoring.
extension SkinStore {
    /// Audit rows with `seq > after`, oldest first, at most `limit`.
    package func auditLog(after: Int = 0, limit: Int = 100) async throws -> [AuditEntry] {
        try await read { try AuditQueries.list($0, after: after, limit: limit) }
    }

    /// Events with `seq > after`, oldest first, at most `limit` (`GET /v1/events`): the public
    /// feed, without drafts' saves (change monitors read those too).
    package func events(after: Int = 0, limit: Int = 100) async throws -> [StoreEvent] {
        try await read { try EventQueries.list($0, after: after, limit: limit, includingDrafts: false) }
    }

    /// ``events(after:limit:)`` and the highest seq committed, read in one snapshot, so
    /// `current` is never behind the events answered (`GET /v1/events` gives both: a client
    /// starts from `current` instead of paging through the history from 0).
    package func feedPage(after: Int, limit: Int) async throws -> (events: [StoreEvent], current: Int) {
        try await read { database in
            let events = try EventQueries.list(database, after: after, limit: limit, includingDrafts: false)
            return (events, try EventQueries.currentSequence(database))
        }
    }

    /// The highest event seq so far (0 before the first write).
    package func currentSequence() async throws -> Int {
        try await read { try EventQueries.currentSequence($0) }
    }

    /// Starts a ``ChangeMonitor`` on this database that calls `handler` with the events after
    /// `after` (default: the current sequence, i.e. only future changes), whichever process
    /// writes them. Keep the returned monitor; it stops when released or on ``ChangeMonitor/stop()``.
    /// `interval` is SQLite's poll period; see ``StoreBackend/makeChangeMonitor(after:interval:logger:handler:)``.
    package func changeMonitor(
        after: Int? = nil, interval: DispatchTimeInterval = .milliseconds(250),
        handler: @escaping @Sendable ([StoreEvent]) -> Void
    ) async throws -> any ChangeMonitor {
        let start: Int
        if let after {
            start = after
        } else {
            start = try await currentSequence()
        }
        let monitor = try await backend.makeChangeMonitor(after: start, interval: interval, logger: logger, handler: handler)
        monitors.withLock { $0.append(WeakMonitor(monitor: monitor)) }
        return monitor
    }
}
