import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Livery client for apps: fetches the active skin of a channel, keeps the last good copy
/// on disk, and follows changes by long-polling.
///
/// ```swift
/// let client = try LiveryClient(configuration: LiveryClientConfiguration(
///     baseURL: URL(string: "https://skins.example.com")!, variants: ["dark"],
///     cacheDirectory: cachesURL, fallback: .file(bundledSkinURL)))
/// apply(client.current)                        // at once: cached (or bundled) look, no network
/// Task { apply(try? await client.fetch()) }    // then the fresh one
/// Task { for await skin in client.updates() { apply(skin) } }  // and every change after
/// ```
///
/// **Offline first.** `current` is available synchronously from the moment the client exists:
/// the document persisted by an earlier run (`.cached`), else the bundled fallback
/// (`.bundled`); after a successful exchange it is `.fresh`. Errors never clear it.
///
/// **Concurrency.** A `Sendable` final class with its mutable state under a lock, rather than
/// an actor, so that `current` can be read synchronously from any thread (a view's first
/// frame must not wait for an actor hop). No lock is held across an `await`.
///
/// **Updates.** Every `updates()` sequence is served by one shared long-poll loop, started by
/// the first sequence and stopped when the last one ends: however many sequences exist, at
/// most one poll is in flight. See `updates()`.
public final class LiveryClient: Sendable {
    public let configuration: LiveryClientConfiguration
    let endpoint: SkinEndpoint
    let transport: HTTPTransport
    let cache: SkinCache?
    let install: InstallIdentity
    let state: LockedState<ClientState>
    /// The bundled skin's tokens behind every skin this client hands out; nil without a usable fallback.
    let tokenFallback: TokenFallback?
    /// Why the configured bundled fallback could not be used (missing file, not a resolved
    /// document), or nil. The client works on without it: an app must never fail to start
    /// because of its theme. Also reported as `LiveryClientEvent.fallbackUnavailable`.
    public let fallbackError: LiveryClientError?

    /// Creates a client and loads, synchronously, the persisted last good document or else the
    /// bundled fallback. No network access happens here.
    /// - Throws: `.invalidConfiguration` for a base URL without scheme or host (a constant of
    ///   the app, found on its first run). A fallback that is configured but unreadable or not a
    ///   resolved document does not throw: it is `fallbackError` and a `.fallbackUnavailable`
    ///   event (checked even when a cache exists, so the mistake shows up during development).
    public init(configuration: LiveryClientConfiguration) throws(LiveryClientError) {
        let install = InstallIdentity.load(directory: configuration.cacheDirectory)
        let endpoint = try SkinEndpoint(configuration: configuration, bucket: install.bucket)
        let cache = configuration.cacheDirectory.map {
            SkinCache(directory: $0, requestURL: endpoint.resourceURL, channel: configuration.channel)
        }
        var bundled: Skin?, fallbackError: LiveryClientError?
        if let fallback = configuration.fallback {
            do throws(LiveryClientError) {
                bundled = try Self.load(fallback, baseURL: configuration.baseURL)
            } catch {
                fallbackError = error
            }
        }
        let report = configuration.eventHandler
        let tokenFallback = bundled.map { TokenFallback(bundled: $0) { event in report?(event) } }
        self.configuration = configuration
        self.endpoint = endpoint
        self.install = install
        self.transport = HTTPTransport(session: configuration.session)
        self.cache = cache
        self.tokenFallback = tokenFallback
        self.fallbackError = fallbackError
        let cached = cache?.load(baseURL: configuration.baseURL)?.with(fallback: tokenFallback)
        self.state = LockedState(ClientState(skin: cached ?? bundled))
        if let fallbackError { emit(.fallbackUnavailable(fallbackError)) }
    }

    /// The skin held now: `.fresh` after a successful exchange, else the persisted one
    /// (`.cached`), else the bundled fallback (`.bundled`); `nil` only on a first launch
    /// with neither cache nor fallback before any fetch succeeded.
    public var current: Skin? {
        state.withLock { $0.shown }
    }

    /// The request URL this client polls: `{base}/v1/channels/{channel}/skin?variant=…&bucket=N`.
    public var skinURL: URL { endpoint.url }

    /// This install's rollout bucket, 0…99 (docs/api.md, "Rollouts, schedules and rollback"), sent as `bucket=` with every request.
    ///
    /// Derived from a random install id that the client makes once and keeps in the cache
    /// directory (`livery-install-id`), so a device stays in its bucket across launches and a
    /// rollout's percentage moves it at most once. The id is not a user identifier: it is random,
    /// never leaves the device, and goes with the cache. Without a cache directory the id, and
    /// so the bucket, is new at every launch.
    public var bucket: Int { install.bucket }

    /// Where the last good document is persisted, if a cache directory was configured.
    public var cacheFile: URL? { cache?.file }

    func emit(_ event: LiveryClientEvent) {
        configuration.eventHandler?(event)
        if case .requestFailed = event {
            for subscriber in state.withLock({ Array($0.failureSubscribers.values) }) { subscriber.yield(()) }
        }
    }

    /// The latest exchange's error, nil once one succeeds (a poll of `updates()` included).
    var lastFailure: LiveryClientError? { state.withLock { $0.lastFailure } }

    /// A signal each time an exchange fails — the polls of `updates()` too, whose errors the
    /// sequence does not throw — so `LiveryStore` can show them; read `lastFailure` on each.
    func failures() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            state.lastSubscriberID += 1
            state.failureSubscribers[state.lastSubscriberID] = continuation
            return state.lastSubscriberID
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.failureSubscribers.removeValue(forKey: id) }
        }
        return stream
    }

    private static func load(_ fallback: SkinFallback, baseURL: URL) throws(LiveryClientError) -> Skin {
        let bytes: [UInt8]
        switch fallback {
        case .bytes(let given):
            bytes = given
        case .file(let url):
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw .invalidFallback("cannot read \(url.path)")
            }
            bytes = [UInt8](data)
        }
        do {
            return try Skin(bytes: bytes, source: .bundled, baseURL: baseURL)
        } catch {
            throw .invalidFallback(error.errors.map(\.description).joined(separator: "; "))
        }
    }
}
