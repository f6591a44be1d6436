import Logging
import SkinStore
import Synchronization

/// Counts resolved-document requests per app build and channel in memory, and writes them to
/// the store at most once per `interval` (a minute by default) from a background task, so a
/// launch never waits on a write (docs/apps.md, "Old builds in the field").
///
/// Recording is one lock and one dictionary update on the request's thread. Counts are kept per
/// UTC hour, the store's granularity for `requests24h`; a failed write puts its counts back,
/// so an outage of the database loses nothing that a later write can still record.
final class ClientRecorder: Sendable {
    struct Key: Hashable, Sendable {
        let client: ClientIdentity
        /// `""` for the `/v1/skins/...` routes.
        let channel: String
        /// Hours since 1970 (UTC).
        let hour: Int64
    }

    struct Tally: Sendable {
        var requests = 0
        var first: Int64
        var last: Int64
    }

    struct State {
        var pending: [Key: Tally] = [:]
        /// When the last write started (ms since 1970), nil before the first.
        var lastWrite: Int64?
        var writing = false
        /// The batch being written: still counted by ``pending()`` until its write ends, so the
        /// release gate never misses a live build while its counts are between memory and store.
        var inFlight: [Key: Tally] = [:]
    }

    /// Most distinct (build, channel, hour) entries held between writes. Versions are whatever
    /// clients send, so without a bound a client inventing versions could grow memory without
    /// limit; past it, requests of builds not yet held are not counted until the next write.
    static let maxPending = 10_000

    let store: SkinStore
    let logger: Logger
    /// Shortest time between two writes, in milliseconds.
    let interval: Int64
    /// Days a build counts as live (`compatibility.liveDays`); hours older than this are pruned.
    let liveDays: Int
    /// Milliseconds since 1970; injected by tests.
    let clock: @Sendable () -> Int64
    private let state = Mutex(State())
    private let writeCount = Atomic<Int>(0)
    private let droppedCount = Atomic<Int>(0)
    private let loop = Mutex<Task<Void, Never>?>(nil)

    init(
        store: SkinStore, interval: Duration = .seconds(60), liveDays: Int = 30, logger: Logger,
        clock: @escaping @Sendable () -> Int64 = { Timestamp.nowMilliseconds() }
    ) {
        self.store = store
        self.interval = interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000
        self.liveDays = liveDays
        self.logger = logger
        self.clock = clock
    }

    /// Store transactions written so far (for `/metrics`, tests and the benchmark).
    var writes: Int { writeCount.load(ordering: .relaxed) }
    /// Requests not counted because ``maxPending`` entries were held.
    var dropped: Int { droppedCount.load(ordering: .relaxed) }

    /// Its lines of `/metrics`: how often counts were written, and requests not counted.
    var metricsText: String {
        "# HELP livery_client_count_writes_total Store transactions writing per-build request counts.\n"
            + "# TYPE livery_client_count_writes_total counter\nlivery_client_count_writes_total \(writes)\n"
            + "# HELP livery_client_requests_uncounted_total Requests with client= not counted (too many distinct builds at once).\n"
            + "# TYPE livery_client_requests_uncounted_total counter\nlivery_client_requests_uncounted_total \(dropped)\n"
    }

    /// Counts one request of `client` on `channel` (nil for the skin routes). Never blocks on I/O.
    func record(_ client: ClientIdentity, channel: String?) {
        let now = clock()
        let key = Key(client: client, channel: channel ?? "", hour: now / 3_600_000)
        // One hash lookup for a build already held (every request but its first in the interval).
        let counted = state.withLock { state -> Bool in
            if let index = state.pending.index(forKey: key) {
                state.pending.values[index].requests += 1
                state.pending.values[index].last = now
                return true
            }
            guard state.pending.count < Self.maxPending else { return false }
            state.pending[key] = Tally(requests: 1, first: now, last: now)
            return true
        }
        if !counted { droppedCount.add(1, ordering: .relaxed) }
    }

    /// Counts held in memory and not yet written (those of a write in progress included), by
    /// build and channel. While a write commits, a listing may count its batch twice for a moment;
    /// it never counts it zero times, which is what the release gate must not do.
    func pending() -> [Key: Tally] {
        state.withLock { state in
            guard !state.inFlight.isEmpty else { return state.pending }
            var all = state.inFlight
            for (key, tally) in state.pending {
                if all[key] == nil { all[key] = tally } else { all[key]!.merge(tally) }
            }
            return all
        }
    }

    /// Writes the held counts if `interval` has passed since the last write (and none is running).
    /// - Returns: whether a write was made.
    @discardableResult
    func flushIfDue() async -> Bool {
        let now = clock()
        let batch = state.withLock { state -> [Key: Tally]? in
            guard !state.writing, !state.pending.isEmpty else { return nil }
            if let last = state.lastWrite, now - last < interval { return nil }
            state.writing = true
            state.lastWrite = now
            state.inFlight = state.pending
            defer { state.pending.removeAll(keepingCapacity: true) }
            return state.pending
        }
        guard let batch else { return false }
        let ok = await write(batch, now: now)
        state.withLock { state in
            state.writing = false
            state.inFlight.removeAll()
            if !ok {
                // Put them back: nothing is lost, the next due write retries.
                for (key, tally) in batch {
                    state.pending[key, default: Tally(first: tally.first, last: tally.last)].merge(tally)
                }
            }
        }
        return ok
    }

    /// Writes whatever is held now, whatever the interval (at shutdown).
    func flushNow() async {
        state.withLock { $0.lastWrite = nil }
        await flushIfDue()
    }

    private func write(_ batch: [Key: Tally], now: Int64) async -> Bool {
        let usage = batch.map { key, tally in
            ClientUsage(
                client: key.client, channel: key.channel, hour: Self.hourText(key.hour), requests: tally.requests,
                firstSeen: Timestamp.format(millisecondsSince1970: tally.first), lastSeen: Timestamp.format(millisecondsSince1970: tally.last))
        }
        let pruneBefore = Self.hourText(now / 3_600_000 - Int64(liveDays) * 24)
        do {
            try await store.recordClients(usage, pruneBefore: pruneBefore)
            writeCount.add(1, ordering: .relaxed)
            return true
        } catch {
            logger.warning("client counts not written", metadata: ["error": "\(error)", "clients.entries": "\(usage.count)"])
            return false
        }
    }

    /// `2026-11-29T13`: an hour as the store keeps it.
    static func hourText(_ hour: Int64) -> String {
        String(Timestamp.format(millisecondsSince1970: hour * 3_600_000).prefix(13))
    }

    /// Checks every second whether a write is due, until ``stop()``.
    func start() {
        let task = Task { [self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                if Task.isCancelled { break }
                await flushIfDue()
            }
        }
        loop.withLock { $0 = task }
    }

    /// Stops the loop and writes what is held, so a clean shutdown loses no counts.
    func stop() async {
        stopLoop()
        await flushNow()
    }

    /// Stops the background writer without writing (tests that must see counts still held).
    func stopLoop() {
        loop.withLock { task in
            task?.cancel()
            task = nil
        }
    }
}

extension ClientRecorder.Tally {
    mutating func merge(_ other: ClientRecorder.Tally) {
        requests += other.requests
        first = min(first, other.first)
        last = max(last, other.last)
    }
}
