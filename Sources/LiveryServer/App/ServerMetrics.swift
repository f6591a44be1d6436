#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Request counters and a latency histogram for `/metrics` (Prometheus text format).
///
/// Counters live in a few shards, each a mutex around plain numbers, picked by the recording
/// thread: the event loops record every response, and with one shared lock they would contend
/// on every request. Rendering adds the shards up.
package final class ServerMetrics: Sendable {
    /// Upper bounds of the latency buckets, in seconds.
    static let bucketBounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60]

    struct RequestKey: Hashable {
        let route: String
        let status: Int
    }

    struct State {
        var requests: [RequestKey: Int] = [:]
        var bucketCounts = [Int](repeating: 0, count: ServerMetrics.bucketBounds.count + 1)
        var latencySum = 0.0
        var latencyCount = 0
        var publishes = 0
        /// Failed store operations behind answered requests, by cause code (`sqlite:10`).
        var storeErrors: [String: Int] = [:]

        mutating func add(_ other: State) {
            storeErrors.merge(other.storeErrors, uniquingKeysWith: +)
            requests.merge(other.requests, uniquingKeysWith: +)
            for index in bucketCounts.indices { bucketCounts[index] += other.bucketCounts[index] }
            latencySum += other.latencySum
            latencyCount += other.latencyCount
            publishes += other.publishes
        }
    }

    /// One lock's worth of counters (a class: `Mutex` cannot live in an array).
    final class Shard: Sendable {
        let state = Mutex(State())
    }

    private static let shardCount = 8
    private let shards: [Shard]

    package init() {
        shards = (0..<Self.shardCount).map { _ in Shard() }
    }

    /// This thread's shard: threads keep their shard, so a loop thread meets only itself.
    private var shard: Shard {
        // pthread_t is the thread's control block address: drop the always-equal low bits.
        let thread = UInt(pthread_self())
        return shards[Int((thread >> 12 ^ thread >> 20) % UInt(Self.shardCount))]
    }

    /// Records one answered request. Held long-polls are left out of the latency histogram
    /// (their duration is the client's wait, not the server's work).
    func record(route: String, status: Int, seconds: Double, held: Bool) {
        shard.state.withLock { state in
            state.requests[RequestKey(route: route, status: status), default: 0] += 1
            guard !held else { return }
            let bucket = Self.bucketBounds.firstIndex { seconds <= $0 } ?? Self.bucketBounds.count
            state.bucketCounts[bucket] += 1
            state.latencySum += seconds
            state.latencyCount += 1
        }
    }

    /// Records a request answered with a failure of the store (see `Problem.cause`).
    func recordStoreError(code: String) {
        shard.state.withLock { $0.storeErrors[code, default: 0] += 1 }
    }

    func recordPublish() {
        shard.state.withLock { $0.publishes += 1 }
    }

    /// The Prometheus text exposition (version 0.0.4).
    func render(openConnections: Int, waitingLongPolls: Int, cacheHits: Int, cacheMisses: Int) -> String {
        var snapshot = State()
        for shard in shards { snapshot.add(shard.state.withLock { $0 }) }
        var text = "# HELP livery_http_requests_total Requests answered, by route and status.\n"
        text += "# TYPE livery_http_requests_total counter\n"
        for (key, count) in snapshot.requests.sorted(by: { ($0.key.route, $0.key.status) < ($1.key.route, $1.key.status) }) {
            text += "livery_http_requests_total{route=\"\(key.route)\",status=\"\(key.status)\"} \(count)\n"
        }
        text += "# HELP livery_http_request_duration_seconds Time from request to response, held long-polls excluded.\n"
        text += "# TYPE livery_http_request_duration_seconds histogram\n"
        var cumulative = 0
        for (index, bound) in Self.bucketBounds.enumerated() {
            cumulative += snapshot.bucketCounts[index]
            text += "livery_http_request_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)\n"
        }
        cumulative += snapshot.bucketCounts[Self.bucketBounds.count]
        text += "livery_http_request_duration_seconds_bucket{le=\"+Inf\"} \(cumulative)\n"
        text += "livery_http_request_duration_seconds_sum \(snapshot.latencySum)\n"
        text += "livery_http_request_duration_seconds_count \(snapshot.latencyCount)\n"
        text += gauge("livery_open_connections", "Open client connections.", openConnections)
        text += gauge("livery_waiting_long_polls", "Long-poll requests held right now.", waitingLongPolls)
        text += counter("livery_resolve_cache_hits_total", "Resolved-document lookups answered from memory.", cacheHits)
        text += counter("livery_resolve_cache_misses_total", "Resolutions computed.", cacheMisses)
        text += counter("livery_publishes_total", "Versions published through this process.", snapshot.publishes)
        text += "# HELP livery_store_errors_total Requests answered with a store failure, by result code.\n"
        text += "# TYPE livery_store_errors_total counter\n"
        for (code, count) in snapshot.storeErrors.sorted(by: { $0.key < $1.key }) {
            text += "livery_store_errors_total{code=\"\(code)\"} \(count)\n"
        }
        text += counter(
            "livery_log_lines_dropped_total", "Log lines dropped because the log sink did not keep up.", LogQueue.droppedTotal)
        return text
    }

    private func gauge(_ name: String, _ help: String, _ value: Int) -> String {
        "# HELP \(name) \(help)\n# TYPE \(name) gauge\n\(name) \(value)\n"
    }

    private func counter(_ name: String, _ help: String, _ value: Int) -> String {
        "# HELP \(name) \(help)\n# TYPE \(name) counter\n\(name) \(value)\n"
    }
}
