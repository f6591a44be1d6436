import HTTPEngine
import SkinModel

/// Everything an operator can set, with the defaults of docs/operations.md.
///
/// Values come from three sources, each overriding the one before: the JSON
/// file (`--config`, `LIVERY_CONFIG`), `LIVERY_*` environment variables, and
/// command-line flags. `ConfigurationKey.all` lists every key; the sample file
/// `config/livery.example.json` and `config/README.md` document them.
package struct LiveryConfiguration: Sendable, Equatable {
    /// Address to listen on: `0.0.0.0` (all IPv4), `::` (IPv6 and IPv4), or a specific address.
    package var host = "0.0.0.0"
    /// TCP port; `0` picks a free one (logged as `listening on http://H:P`).
    package var port = 8080
    /// SQLite database file; its directory is created when missing. Unused with ``databaseURL``.
    package var databasePath = "./data/livery.sqlite"
    /// PostgreSQL primary (`postgresql://…`); when set, the store is PostgreSQL (docs/operations.md, "Shutdown, several processes, caches and balancers").
    package var databaseURL: String?
    /// PostgreSQL hot standby for reads; only with ``databaseURL``.
    package var databaseReadURL: String?
    package var logLevel = LogLevelSetting.info
    /// Log format: `logfmt` (default) or `json`.
    package var logFormat = LogFormatSetting.logfmt

    package var maxHeaderBytes = 16_384
    package var maxBodyBytes = 8 * 1_048_576
    /// Open connections at most (docs/operations.md: 10,000 long-polls and a publish need no
    /// configuration; the open-file limit is raised to match at start).
    package var maxConnections = 65_536
    /// Request body bytes buffered at once over all connections (docs/operations.md: 64 MiB).
    package var maxBufferedBodyBytes = 64 * 1_048_576
    /// The share of `maxBufferedBodyBytes` one token may hold (a quarter: two bodies of the
    /// largest size), so a slow client cannot hold the whole budget (docs/operations.md).
    package var maxBufferedBodyBytesPerToken = 16 * 1_048_576
    /// Seconds a client may take to send a request head (slowloris guard).
    package var headerTimeout = 10.0
    /// Seconds an idle keep-alive connection is kept.
    package var idleTimeout = 60.0
    /// Event loops (threads doing socket I/O); `0` means one per CPU the process may use.
    package var eventLoops = 0
    /// How the event loops wait for readiness: `epoll` (Linux) or `poll` (portable, O(connections)
    /// per wait: for development); by default epoll on Linux, poll on Darwin (docs/operations.md).
    package var eventBackend = HTTPEventBackend.platformDefault
    /// Origins whose pages may read the client routes from a browser (CORS): `["*"]` (any), a
    /// list such as `["https://app.example.com"]`, or none (off). Lowercase, as browsers send them.
    package var corsAllowOrigins = ["*"]
    /// Seconds a shared cache (CDN) may answer launches without asking (`s-maxage`); 0: none.
    package var sharedMaxAge = 0
    /// Seconds a shared cache may keep serving a stale launch while it revalidates.
    package var staleWhileRevalidate = 0

    /// Longest long-poll a client may ask for, in seconds.
    package var maxWait = 60.0
    /// Long-polls held at once; `0` means `maxConnections` less a reserve of 5 % (docs/api.md, "Reading skins"),
    /// so that a publish, a health check or a launch always finds a connection.
    package var maxWaiters = 0
    /// Seconds given to in-flight requests at shutdown.
    package var shutdownGrace = 10.0
    /// Seconds between SIGTERM and closing the listener, while `/readyz` answers 503 and
    /// responses close their connections, so a balancer moves traffic away first.
    package var drainDelay = 0.0

    /// Whether the client reads of docs/api.md, "Reading skins" need no token.
    package var publicReads = true
    /// Distinct assets the store may hold; `0`: no limit (docs/operations.md, "Assets").
    package var assetMaxCount = 10_000
    /// Bytes of all assets together; `0`: no limit.
    package var assetMaxBytes = 1_073_741_824
    /// A separate origin (`https://assets.example.com`) routed to this server: on it, SVG and PDF
    /// assets are shown inline; everywhere else they are sent as attachments (docs/operations.md).
    package var assetOrigin: String?
    /// Where apps and phones reach the server (`http.publicOrigin`), for preview links; nil:
    /// `http://` and the request's `Host`.
    package var publicOrigin: String?
    /// Whether `/metrics` needs a token (role reader or above).
    package var metricsRequireToken = false
    /// Whether the first start publishes the demo skin on the `default` channel.
    package var seedDemo = true
    /// How often to look for changes written by other processes, in seconds (≤ 1 s per docs/api.md, "Reading skins").
    package var changePollInterval = 0.25
    /// Days a build counts as live on a channel after its last request there (docs/apps.md,
    /// "Old builds in the field"): `GET /v1/clients` sums requests over this window.
    package var liveDays = 30
    /// Requests over the live window that keep a build live once its first day is over
    /// (docs/operations.md, "Which builds are live"): one request a day cannot keep an old
    /// build live, and with it every look the gate refuses for it.
    package var liveMinRequests = 100
    /// Heavy jobs running at once (docs/operations.md, "The heavy-work lane"); `0` means one per
    /// CPU the process may use: the work is CPU-bound, so more at once only slows each.
    package var laneHeavyJobs = 0
    /// Heavy jobs waiting for a place at most; past it a request is answered 503. Sixteen is a
    /// few seconds of publishes and validations at once, not a backlog clients time out in.
    package var laneQueue = 16
    /// Seconds a heavy job may wait for a place before it is answered 503.
    package var laneDeadline = 10.0
    /// Bytes all caches together may hold (docs/operations.md, "Caches"): resolved documents, parsed
    /// versions, lookups' resolved looks and OFREP answers, each within its share (``CacheBudget``).
    /// 256 MiB holds hundreds of large looks; a process serving a few skins needs far less.
    package var cacheMaxBytes = 256 * 1_048_576
    /// Build contracts the store may hold (docs/operations.md, "Limits"): a new one past it is
    /// `422`. Not a configuration key yet (1,000 is years of weekly releases on five
    /// platforms); tests lower it.
    package var maxContracts = 1_000
    /// Drafts the store may keep at once (docs/operations.md, "Limits"): a new one past it is
    /// `422`; each keeps its latest 50 revisions. Not a configuration key yet; tests lower it.
    package var maxDrafts = 1_000
    /// Whether webhooks may target addresses inside the network (`webhooks.allowPrivateTargets`,
    /// docs/api.md "Webhooks"): off by default, so the server cannot be made to call into it.
    package var webhooksAllowPrivateTargets = false
    /// A PEM file of certificate authorities trusted for HTTPS webhook targets besides the
    /// system's (`webhooks.trustedCertificates`, docs/operations.md "The webhook outbox"): for
    /// receivers inside a network whose certificates an internal CA signs.
    package var webhooksTrustedCertificates: String?
    /// Seconds between writes of the per-build request counts. Not a configuration key: at
    /// most once a minute per build is the promise (docs/apps.md); tests shorten it.
    package var clientFlushInterval = 60.0

    package init() {}

    /// When a build counts as live (`compatibility.liveDays`, `compatibility.liveMinRequests`).
    package var liveWindow: LiveWindow { LiveWindow(days: liveDays, minRequests: liveMinRequests) }

    /// The long-poll budget in effect (`maxWaiters`, or its default from `maxConnections`).
    package var effectiveMaxWaiters: Int {
        maxWaiters > 0 ? maxWaiters : max(1, maxConnections - maxConnections / 20)
    }
}

package enum LogLevelSetting: String, Sendable, CaseIterable {
    case error, warning, info, debug
}

package enum LogFormatSetting: String, Sendable, CaseIterable {
    case logfmt, json
}
