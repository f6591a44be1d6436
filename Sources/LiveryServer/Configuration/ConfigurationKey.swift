import SkinModel
import SkinStore

/// One configuration key: its dotted name in the file, its environment variable,
/// and how to read and store its value.
///
/// Keeping the three spellings of a key in one row means the file, the
/// environment and the flags can never disagree about what a key is called.
package struct ConfigurationKey: Sendable {
    /// Dotted name in the JSON file (`http.port`).
    package let name: String
    /// Environment variable (`LIVERY_PORT`).
    package let environmentVariable: String
    /// One line for `config/README.md` and error messages.
    package let summary: String
    let apply: @Sendable (inout LiveryConfiguration, ConfigurationInput) throws(ConfigurationError) -> Void
}

/// A value as a source gave it: JSON from the file, text from the environment or a flag.
package enum ConfigurationInput: Sendable {
    case json(JSONValue)
    case text(String)
}

extension ConfigurationKey {
    /// Every key Livery understands.
    package static let all: [ConfigurationKey] = [
        .string("http.host", "LIVERY_HOST", "address to listen on (0.0.0.0, ::, 127.0.0.1)", \.host),
        .integer("http.port", "LIVERY_PORT", "TCP port; 0 picks a free one", \.port, range: 0...65_535),
        .string("database.path", "LIVERY_DATABASE", "SQLite database file (when database.url is not set)", \.databasePath),
        .databaseURL("database.url", "LIVERY_DATABASE_URL", "PostgreSQL URL (postgresql://…); replaces database.path", \.databaseURL),
        .databaseURL("database.readUrl", "LIVERY_DATABASE_READ_URL", "PostgreSQL hot standby for reads", \.databaseReadURL),
        .choice("log.level", "LIVERY_LOG_LEVEL", "error, warning, info or debug", \.logLevel),
        .choice("log.format", "LIVERY_LOG_FORMAT", "logfmt or json", \.logFormat),
        .integer("http.maxHeaderBytes", "LIVERY_MAX_HEADER_BYTES", "largest request head in bytes (431 above)", \.maxHeaderBytes, range: 1_024...1_048_576),
        .integer("http.maxBodyBytes", "LIVERY_MAX_BODY_BYTES", "largest request body in bytes, assets included (413 above)", \.maxBodyBytes, range: 1_024...1_073_741_824),
        .integer("http.maxConnections", "LIVERY_MAX_CONNECTIONS", "open connections at most", \.maxConnections, range: 1...1_000_000),
        .integer(
            "http.maxBufferedBodyBytes", "LIVERY_MAX_BUFFERED_BODY_BYTES", "request body bytes buffered at once over all connections (503 above)",
            \.maxBufferedBodyBytes, range: 65_536...68_719_476_736),
        .integer(
            "http.maxBufferedBodyBytesPerToken", "LIVERY_MAX_BUFFERED_BODY_BYTES_PER_TOKEN",
            "request body bytes one token may have buffered at once over all its connections (429 above)",
            \.maxBufferedBodyBytesPerToken, range: 1_024...68_719_476_736),
        .seconds("http.headerTimeout", "LIVERY_HEADER_TIMEOUT", "seconds to receive a request head (408 after)", \.headerTimeout),
        .seconds("http.idleTimeout", "LIVERY_IDLE_TIMEOUT", "seconds an idle keep-alive connection stays open", \.idleTimeout),
        .integer("http.eventLoops", "LIVERY_EVENT_LOOPS", "I/O threads; 0 = one per CPU the process may use (affinity mask, cgroup quota)", \.eventLoops, range: 0...256),
        .eventBackend(
            "http.eventBackend", "LIVERY_EVENT_BACKEND",
            "how the event loops wait: epoll (Linux only) or poll (portable, O(connections) per wait); null = epoll on Linux, poll on macOS",
            \.eventBackend),
        .origins("http.corsAllowOrigins", "LIVERY_CORS_ALLOW_ORIGINS", "origins whose pages may read the client routes (CORS): * (any), a list, or none", \.corsAllowOrigins),
        .integer("http.sharedMaxAge", "LIVERY_SHARED_MAX_AGE", "seconds shared caches may answer launches (s-maxage); 0 = none", \.sharedMaxAge, range: 0...31_536_000),
        .integer("http.staleWhileRevalidate", "LIVERY_STALE_WHILE_REVALIDATE", "seconds a shared cache may serve a stale launch while it revalidates", \.staleWhileRevalidate, range: 0...31_536_000),
        .seconds("longPoll.maxWait", "LIVERY_MAX_WAIT", "cap on wait=N for long-polls, seconds", \.maxWait),
        .integer(
            "longPoll.maxWaiters", "LIVERY_MAX_WAITERS", "long-polls held at once (304 + Retry-After above); 0 = http.maxConnections less 5 %",
            \.maxWaiters, range: 0...1_000_000),
        .seconds("shutdown.grace", "LIVERY_SHUTDOWN_GRACE", "seconds in-flight requests get at shutdown", \.shutdownGrace),
        .seconds(
            "shutdown.drainDelay", "LIVERY_DRAIN_DELAY", "seconds /readyz says draining (503) before the listener closes",
            \.drainDelay, range: 0...3_600),
        .boolean("auth.publicReads", "LIVERY_PUBLIC_READS", "client reads need no token", \.publicReads),
        .integer("assets.maxCount", "LIVERY_ASSET_MAX_COUNT", "distinct assets stored at most (507 above); 0 = no limit", \.assetMaxCount, range: 0...100_000_000),
        .integer(
            "assets.maxBytes", "LIVERY_ASSET_MAX_BYTES", "bytes of all assets together at most (507 above); 0 = no limit", \.assetMaxBytes,
            range: 0...1_099_511_627_776),
        .origin(
            "assets.origin", "LIVERY_ASSET_ORIGIN", "separate origin (https://assets.example.com) on which SVG and PDF assets are shown inline; elsewhere they are attachments",
            \.assetOrigin),
        .origin(
            "http.publicOrigin", "LIVERY_PUBLIC_ORIGIN",
            "origin (https://themes.example.com) at which apps and phones reach this server: preview links are made with it; without it, with the request's Host",
            \.publicOrigin),
        .boolean(
            "webhooks.allowPrivateTargets", "LIVERY_WEBHOOKS_ALLOW_PRIVATE_TARGETS",
            "webhooks may target loopback, private, link-local and unique-local addresses (refused by default)", \.webhooksAllowPrivateTargets),
        .certificateFile(
            "webhooks.trustedCertificates", "LIVERY_WEBHOOKS_TRUSTED_CERTIFICATES",
            "PEM file of certificate authorities HTTPS webhook targets may be signed by, besides the system's (an internal CA)",
            \.webhooksTrustedCertificates),
        .boolean("metrics.requireToken", "LIVERY_METRICS_REQUIRE_TOKEN", "/metrics needs a token", \.metricsRequireToken),
        .boolean("demo.seed", "LIVERY_SEED_DEMO", "publish the demo skin on first start", \.seedDemo),
        .seconds("changes.pollInterval", "LIVERY_CHANGE_POLL_INTERVAL", "seconds between checks for due schedules and (SQLite) other processes' writes (at most 1)", \.changePollInterval, range: 0.01...1),
        .integer(
            "cache.maxBytes", "LIVERY_CACHE_MAX_BYTES",
            "bytes all caches together may hold (resolved documents 1/2, parsed versions 1/4, lookups 1/8, OFREP answers 1/8), least recently used out",
            \.cacheMaxBytes, range: 1_048_576...1_099_511_627_776),
        .integer(
            "lane.heavyJobs", "LIVERY_LANE_HEAVY_JOBS",
            "heavy jobs (validation, publish, the release gate, contrast, uncached resolutions) run at once; 0 = one per CPU the process may use",
            \.laneHeavyJobs, range: 0...256),
        .integer("lane.queue", "LIVERY_LANE_QUEUE", "heavy jobs waiting at most for a place (503 + Retry-After above)", \.laneQueue, range: 0...100_000),
        .seconds("lane.deadline", "LIVERY_LANE_DEADLINE", "seconds a heavy job may wait for a place (503 + Retry-After after)", \.laneDeadline, range: 0.01...3_600),
        .integer(
            "compatibility.liveDays", "LIVERY_COMPATIBILITY_LIVE_DAYS", "days a build counts as live on a channel after its last request there",
            \.liveDays, range: 1...3_650),
        .integer(
            "compatibility.liveMinRequests", "LIVERY_COMPATIBILITY_LIVE_MIN_REQUESTS",
            "requests over the live window that keep a build live after its first day (1: any request does)",
            \.liveMinRequests, range: 1...1_000_000_000),
    ]

    package static func named(_ name: String) -> ConfigurationKey? {
        all.first { $0.name == name }
    }
}

extension ConfigurationKey {
    static func string(
        _ name: String, _ variable: String, _ summary: String,
        _ keyPath: any WritableKeyPath<LiveryConfiguration, String> & Sendable
    ) -> ConfigurationKey {
        ConfigurationKey(name: name, environmentVariable: variable, summary: summary) { configuration, input throws(ConfigurationError) in
            let text: String
            switch input {
            case .json(.string(let string)): text = string
            case .text(let string): text = string
            case .json: throw ConfigurationError(key: name, message: "must be a string")
            }
            guard !text.isEmpty else { throw ConfigurationError(key: name, message: "must not be empty") }
            configuration[keyPath: keyPath] = text
        }
    }

    /// A PostgreSQL connection URL (`postgres://` or `postgresql://`), kept as given; `null` in
    /// the file leaves it unset (the example file lists it that way).
    static func databaseURL(
        _ name: String, _ variable: String, _ summary: String,
        _ keyPath: any WritableKeyPath<LiveryConfiguration, String?> & Sendable
    ) -> ConfigurationKey {
        ConfigurationKey(name: name, environmentVariable: variable, summary: summary) { configuration, input throws(ConfigurationError) in
            let text: String
            switch input {
            case .json(.string(let string)), .text(let string): text = string
            case .json(.null):
                configuration[keyPath: keyPath] = nil
                return
            case .json: throw ConfigurationError(key: name, message: "must be a string")
            }
            guard PostgresBackend.accepts(text) else {
                throw ConfigurationError(key: name, message: "must be a postgres:// or postgresql:// URL")
            }
            configuration[keyPath: keyPath] = text
        }
    }

    static func integer(
        _ name: String, _ variable: String, _ summary: String,
        _ keyPath: any WritableKeyPath<LiveryConfiguration, Int> & Sendable, range: ClosedRange<Int>
    ) -> ConfigurationKey {
        ConfigurationKey(name: name, environmentVariable: variable, summary: summary) { configuration, input throws(ConfigurationError) in
            let value: Int?
            switch input {
            case .json(.number(let number)): value = number.rounded() == number ? Int(exactly: number) : nil
            case .text(let text): value = Int(text.trimmingWhitespace)
            case .json: value = nil
            }
            guard let value else { throw ConfigurationError(key: name, message: "must be a whole number") }
            guard range.contains(value) else {
                throw ConfigurationError(key: name, message: "must be between \(range.lowerBound) and \(range.upperBound), not \(value)")
            }
            configuration[keyPath: keyPath] = value
        }
    }

    static func seconds(
        _ name: String, _ variable: String, _ summary: String,
        _ keyPath: any WritableKeyPath<LiveryConfiguration, Double> & Sendable, range: ClosedRange<Double> = 0...86_400
    ) -> ConfigurationKey {
        ConfigurationKey(name: name, environmentVariable: variable, summary: summary) { configuration, input throws(ConfigurationError) in
            let value: Double?
            switch input {
            case .json(.number(let number)): value = number
            case .text(let text): value = Double(text.trimmingWhitespace)
            case .json: value = nil
            }
            guard let value, value.isFinite else { throw ConfigurationError(key: name, message: "must be a number of seconds") }
            guard range.contains(value) else {
                throw ConfigurationError(key: name, message: "must be between \(range.lowerBound) and \(range.upperBound) seconds, not \(value)")
            }
            configuration[keyPath: keyPath] = value
        }
    }

    static func boolean(
        _ name: String, _ variable: String, _ summary: String,
        _ keyPath: any WritableKeyPath<LiveryConfiguration, Bool> & Sendable
    ) -> ConfigurationKey {
        ConfigurationKey(name: name, environmentVariable: variable, summary: summary) { configuration, input throws(ConfigurationError) in
            let value: Bool?
            switch input {
            case .json(.bool(let bool)): value = bool
            case .text(let text):
                switch text.trimmingWhitespace.lowercased() {
                case "true", "1", "yes", "on": value = true
                case "false", "0", "no", "off": value = false
                default: value = nil
                }
            case .json: value = nil
            }
            guard let value else { throw ConfigurationError(key: name, message: "must be true or false") }
            configuration[keyPath: keyPath] = value
        }
    }

    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ variable: String, _ summary: String,
        _ keyPath: any WritableKeyPath<LiveryConfiguration, Choice> & Sendable
    ) -> ConfigurationKey where Choice.RawValue == String {
        ConfigurationKey(name: name, environmentVariable: variable, summary: summary) { configuration, input throws(ConfigurationError) in
            let text: String?
            switch input {
            case .json(.string(let string)): text = string
            case .text(let string): text = string
            case .json: text = nil
            }
            guard let text, let value = Choice(rawValue: text.trimmingWhitespace.lowercased()) else {
                let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
                throw ConfigurationError(key: name, message: "must be one of \(allowed)")
            }
            configuration[keyPath: keyPath] = value
        }
    }
}

extension String {
    var trimmingWhitespace: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return Substring(scalars[first...last])
    }
}
