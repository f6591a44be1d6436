import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything a `LiveryClient` needs: where the server is, which skin to ask for, where to
/// keep the last good copy, and how to behave on the network.
///
/// ```swift
/// var configuration = LiveryClientConfiguration(baseURL: URL(string: "https://skins.example.com")!)
/// configuration.variants = ["dark"]
/// configuration.cacheDirectory = URL.cachesDirectory.appending(path: "livery")
/// configuration.fallback = .file(Bundle.main.url(forResource: "skin", withExtension: "json")!)
/// ```
public struct LiveryClientConfiguration: Sendable {
    /// The server, e.g. `https://skins.example.com` or `https://example.com/livery/` (a path prefix is kept).
    public var baseURL: URL
    /// The channel whose active skin to follow (default `default`).
    public var channel: String
    /// Variants to resolve with, in order of precedence: `["dark"]`, `["dark", "highContrast"]`.
    public var variants: [String]
    /// Sent as `Authorization: Bearer …` when the server requires a reader token. Never logged.
    public var bearerToken: String?
    /// Where the last good document is persisted (one small file per base URL, channel and
    /// variants); `nil` keeps nothing across launches. Created if missing.
    public var cacheDirectory: URL?
    /// The skin bundled with the app: the look on a first launch without cache, and the source of
    /// any token the served look lacks or holds with another type (read from it and reported
    /// once as `LiveryClientEvent.tokenFallback`). A missing or unreadable file never stops the
    /// client: it is reported as `LiveryClientEvent.fallbackUnavailable` and `fallbackError`.
    public var fallback: SkinFallback?
    /// Which build is asking, sent as `client=PLATFORM/VERSION` (see `LiveryClientIdentity`).
    /// Default: the main bundle's on Apple platforms, none elsewhere.
    public var client: LiveryClientIdentity?
    /// The session requests go through (default `defaultSession`). If you inject your own,
    /// give it no `URLCache` (`urlCache = nil`): the client revalidates with its own ETag, and
    /// on Linux a session with a cache can crash when a long-poll is cancelled (see `defaultSession`).
    public var session: URLSession
    /// The longest a long-poll of `updates()` is held, in seconds (`Prefer: wait=N`; the server
    /// caps it, 60 s by default). Default 30.
    public var maxWait: Int
    /// How long a request may take beyond its long-poll wait before it fails as unreachable. Default 30 s.
    public var requestTimeout: TimeInterval
    /// Backoff of `updates()` after errors.
    public var retry: RetryPolicy
    /// Receives every network event; see `LiveryClientEvent`.
    public var eventHandler: (@Sendable (LiveryClientEvent) -> Void)?

    public init(
        baseURL: URL, channel: String = "default", variants: [String] = [], bearerToken: String? = nil,
        cacheDirectory: URL? = nil, fallback: SkinFallback? = nil, client: LiveryClientIdentity? = LiveryClientIdentity.bundle, session: URLSession = Self.defaultSession, maxWait: Int = 30,
        requestTimeout: TimeInterval = 30, retry: RetryPolicy = RetryPolicy(),
        eventHandler: (@Sendable (LiveryClientEvent) -> Void)? = nil
    ) {
        self.baseURL = baseURL
        self.channel = channel
        self.variants = variants
        self.bearerToken = bearerToken
        self.cacheDirectory = cacheDirectory
        self.fallback = fallback
        self.client = client
        self.session = session
        self.maxWait = maxWait
        self.requestTimeout = requestTimeout
        self.retry = retry
        self.eventHandler = eventHandler
    }

    /// The session clients use unless given another: shared by all clients, with no `URLCache`.
    ///
    /// No cache because the client keeps its own (the persisted document and its ETag) and
    /// sends `If-None-Match` itself, and because FoundationNetworking's cache lookup runs on a
    /// background queue before a task's protocol exists: cancelling a task in that window (as
    /// ending `updates()` does) can trap in `URLSession.behaviour(for:)` on Linux
    /// (swift-corelibs-foundation issues #3292, #3296). Seen here at 2 runs in 5 with `.shared`.
    public static let defaultSession: URLSession = {
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()
}
