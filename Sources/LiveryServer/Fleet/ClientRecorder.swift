import Logging
import SkinStore
import Synchronization
import SkinModel

/// Counts resolved-document requests per app build and channel in memory, and writes them to
/// the store at most once per `interval` (a minute by default) from a background task, so a
/// launch never waits on a write (docs/apps.md, "Old builds in the field").
///
/// Recording is one lock and one dictionary update on the request's thread. Counts are kept per
/// UTC hour, the store's granularity for `requests24h`; a failed write puts its counts back,
/// so an outage of the database loses nothing that a later write can still record, and
/// ``stop()`` waits for a write in progress before writing the rest, so a shutdown loses none.
///
/// The table is bounded (``maxPending``), and a flood of invented builds must not push out the
/// builds the release gate protects: a build with a registered contract is always counted
/// (``refreshContracted()`` keeps the set; contracts are few, `compatibility.maxContracts`).
final class ClientRecorder: Sendable {
    struct Key: Hashable, Sendable {
        let client: ClientIdentity
        /// `""` for the `/v1/skins/...` routes.
        let channel: String
        /// Hours since 1970 (UTC).
        let hour: Int64
    }

    /// A build on one channel, whatever the hour.
    struct BuildOnChannel: Hashable, Sendable {
        let client: ClientIdentity
        let channel: String
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
        /// The builds with a registered contract: counted even when the table is full.
        var contracted: Set<ClientIdentity> = []
    }

    /// Most distinct (build, channel, hour) entries held between writes. Versions are whatever
    /// clients send, so without a bound a client inventing versions could grow memory without
    /// limit; past it, requests of builds not yet held are not counted until the next write,
    /// unless the build has a contract (at most `compatibility.maxContracts` builds, each on
    /// the channels that exist: still bounded).
    static let maxPending = 10_000

    let store: SkinStore
    let logger: Logger
    /// Shortest time between two writes, in milliseconds.
    let interval: Int64
    /// When a build counts as live; hours before the window's first are pruned.
    let window: LiveWindow
    /// Milliseconds since 1970; injected by tests.
    let clock: @Sendable () -> Int64
    private let state = Mutex(State())
    private let writeCount = Atomic<Int>(0)
    private let droppedCount = Atomic<Int>(0)
    private let loop = Mutex<Task<Void, Never>?>(nil)

    init(
        store: SkinStore, interval: Duration = .seconds(60), window: LiveWindow = LiveryConfiguration().liveWindow, logger: Logger,
        clock: @escaping @Sendable () -> Int64 = { Timestamp.nowMilliseconds() }
    ) {
        self.store = store
        self.interval = interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000
        self.window = window
        self.logger = logger
        self.clock = clock
    }

    /// Store transactions written so far (for `/metrics`, tests and the benchmark).
    var writes: Int { writeCount.load(ordering: .relaxed) }
    /// Requests not counted because ``maxPending`` entries were held.
    var dropped: Int { droppedCount.load(ordering: .relaxed) }
    /// Whether a write is in progress (a condition tests wait on, never a sleep).
    var isWriting: Bool { state.withLock { $0.writing } }

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
        let key = Key(client: client, channel: channel ?? "", hour: LiveWindow.hour(of: now))
        // One hash lookup for a build already held (every request but its first in the interval).
        let counted = state.withLock { state -> Bool in
            if let index = state.pending.index(forKey: key) {
                state.pending.values[index].requests += 1
                state.pending.values[index].last = now
                return true
            }
            guard state.pending.count < Self.maxPending || state.contracted.contains(client) else { return false }
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
    /// - Returns: whether nothing is left held (written, or nothing to write); false while
    ///   another write is in progress or when the write failed.
    @discardableResult
    func flushNow() async -> Bool {
        state.withLock { $0.lastWrite = nil }
        if await flushIfDue() { return true }
        return state.withLock { !$0.writing && $0.pending.isEmpty }
    }

    /// Reads which builds have a contract, so ``record(_:channel:)`` keeps counting them when
    /// the table is full. Called at start, once per write interval, and by this process's
    /// contract routes after a change; a failed read keeps the set it had.
    func refreshContracted() async {
        guard let stamps = try? await store.contractStamps() else { return }
        let builds = Set(stamps.compactMap { ClientIdentity($0.build) })
        state.withLock { $0.contracted = builds }
    }

    private func write(_ batch: [Key: Tally], now: Int64) async -> Bool {
        let usage = batch.map { key, tally in
            ClientUsage(
                client: key.client, channel: key.channel, hour: Self.hourText(key.hour), requests: tally.requests,
                firstSeen: Timestamp.format(millisecondsSince1970: tally.first), lastSeen: Timestamp.format(millisecondsSince1970: tally.last))
        }
        let pruneBefore = Self.hourText(window.firstHour(at: now))
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
        String(Timestamp.format(millisecondsSince1970: hour * LiveWindow.hour).prefix(13))
    }

    /// Checks every second whether a write is due, until ``stop()``; reads the contracted
    /// builds at once and after each write.
    func start() {
        let task = Task { [self] in
            await refreshContracted()
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                if Task.isCancelled { break }
                if await flushIfDue() { await refreshContracted() }
            }
        }
        loop.withLock { $0 = task }
    }

    /// Stops the loop and writes what is held, so a clean shutdown loses no counts: a write the
    /// loop has in progress is awaited first (counts recorded meanwhile are not in its batch,
    /// and its batch comes back when it fails), then everything held is written in one more
    /// write (the store already waits out a busy database). Called after the HTTP engine has
    /// stopped, so nothing is recorded after it.
    func stop() async {
        await stopLoop()?.value
        if await flushNow() { return }
        let left = pending().values.reduce(0) { $0 + $1.requests }
        logger.error("client counts lost at shutdown", metadata: ["clients.requests": "\(left)"])
    }

    /// Stops the loop without writing (tests that count in memory). - Returns: its task, which
    /// may still be finishing a write.
    @discardableResult
    func stopLoop() -> Task<Void, Never>? {
        loop.withLock { task in
            defer { task = nil }
            task?.cancel()
            return task
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
