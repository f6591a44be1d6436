import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension LiveryClient {
    /// The outcome of one request for the skin.
    struct Exchange: Sendable {
        /// The skin held after the exchange.
        var skin: Skin
        /// Whether the held document changed (new bytes).
        var changed: Bool
        /// The long-poll wait the server says it honoured (`Preference-Applied: wait=N`), if any.
        var appliedWait: Int?
    }

    /// Fetches the channel's skin once: a conditional GET with the held ETag.
    ///
    /// A `200` is parsed, persisted (atomically, with its ETag and version) and returned as a
    /// new `.fresh` skin; a `304` returns the held skin, unparsed, now marked `.fresh`.
    /// Either way `current` is updated and, when the document changed, every `updates()`
    /// sequence receives it.
    ///
    /// - Returns: the skin now held. Its `bytes` and `etag` are the server's (for tools such as `livery get`).
    /// - Throws: `LiveryClientError`: `.unreachable` when offline or the server is down,
    ///   `.httpStatus` with the problem+json details for an error status (404 for an unknown
    ///   channel, 401 without a valid token…), `.invalidDocument`, `.cancelled`, and `.paused`
    ///   between `pause()` and `resume()` (nothing is sent then).
    ///   `current` is left as it was.
    @discardableResult
    public func fetch() async throws(LiveryClientError) -> Skin {
        try await exchange(wait: 0).skin
    }

    /// One request: `wait > 0` makes it a long-poll.
    func exchange(wait: Int) async throws(LiveryClientError) -> Exchange {
        let requestHandle = RequestHandle()
        let admitted = state.withLock { state -> (etag: String?, sequence: UInt64, gzip: Bool, preview: URL?)? in
            guard !state.paused else { return nil }
            state.requestsStarted += 1
            state.inFlight[state.requestsStarted] = requestHandle
            let etag = state.preview.map { $0.skin?.etag } ?? state.skin?.etag
            return (etag, state.requestsStarted, !state.gzipUnsupported, state.preview?.documentURL)
        }
        guard let (etag, sequence, gzip, preview) = admitted else { throw .paused }
        defer { state.withLock { _ = $0.inFlight.removeValue(forKey: sequence) } }
        emit(.requestSent(wait: wait))
        do throws(LiveryClientError) {
            let response: HTTPTransport.Response
            do throws(LiveryClientError) {
                response = try await transport.send(endpoint.request(etag: etag, wait: wait, gzip: gzip, preview: preview), handle: requestHandle)
            } catch .cancelled where requestHandle.wasPaused && !Task.isCancelled {
                throw LiveryClientError.paused
            }
            emit(.responseReceived(status: response.status, bodyBytes: response.body.count))
            state.withLock { $0.retryAfter = Self.retryAfter(response.header("Retry-After")) }
            let exchange = try await handle(response, sentETag: etag, sequence: sequence, wait: wait, gzip: gzip, preview: preview)
            state.withLock { $0.lastFailure = nil }
            return exchange
        } catch {
            if error != .cancelled, error != .paused {
                state.withLock { $0.lastFailure = error }
                emit(.requestFailed(error))
            }
            throw error
        }
    }

    /// `Retry-After` in seconds (RFC 9110 §10.2.3). The HTTP-date form is not used by Livery and
    /// is ignored, as is anything above an hour (a misconfigured proxy must not silence an app).
    static func retryAfter(_ header: String?) -> Duration? {
        guard let header, let seconds = Int(header.trimmingCharacters(in: .whitespaces)), seconds > 0 else { return nil }
        return .seconds(min(seconds, 3600))
    }

    private func handle(
        _ response: HTTPTransport.Response, sentETag: String?, sequence: UInt64, wait: Int, gzip: Bool, preview: URL?
    ) async throws(LiveryClientError) -> Exchange {
        let appliedWait = Self.appliedWait(response.header("Preference-Applied"))
        switch response.status {
        case 304:
            let held = state.withLock { state -> Skin? in
                if preview != nil, state.preview?.documentURL == preview {
                    if let skin = state.preview?.skin, skin.etag == sentETag, sentETag != nil { state.preview?.skin = skin.with(source: .fresh) }
                    return state.preview?.skin
                }
                if let skin = state.skin, skin.etag == sentETag, sentETag != nil { state.skin = skin.with(source: .fresh) }
                return state.skin
            }
            guard sentETag != nil, let held else { throw .invalidResponse("304 Not Modified to a request without If-None-Match") }
            return Exchange(skin: held, changed: false, appliedWait: appliedWait)
        case 200:
            // URLSession decodes `Content-Encoding: gzip` on Darwin and, through libcurl, on
            // Linux (checked with Swift 6.3 FoundationNetworking: the body arrives decoded while
            // the response still reports `Content-Encoding: gzip` and the compressed
            // `Content-Length`). The headers cannot tell, so the body's magic bytes decide: a
            // JSON document never starts with 0x1f 0x8b. Should a session ever hand back gzip,
            // the client stops asking for it, rather than carry an inflater, and asks again at once.
            if Self.isGzip(response.body) {
                guard gzip else { throw .invalidResponse("the body is gzip-compressed although identity was asked") }
                state.withLock { $0.gzipUnsupported = true }
                return try await exchange(wait: wait)
            }
            return try await apply(response, sequence: sequence, appliedWait: appliedWait, preview: preview)
        case 404 where preview != nil, 410 where preview != nil:
            // The link was revoked or expired (or never was): back to the channel's look.
            endPreview(ifShowing: preview, gone: true)
            throw .httpStatus(response.status, LiveryProblem(bytes: response.body))
        default:
            let problem = Self.isGzip(response.body) ? nil : LiveryProblem(bytes: response.body)
            throw .httpStatus(response.status, problem)
        }
    }

    /// Parses a 200, makes it the held skin unless a newer answer won, persists it, and tells
    /// the `updates()` sequences when the document changed.
    private func apply(
        _ response: HTTPTransport.Response, sequence: UInt64, appliedWait: Int?, preview: URL?
    ) async throws(LiveryClientError) -> Exchange {
        let skin: Skin
        do {
            skin = try Skin(
                bytes: response.body, etag: response.header("ETag"), source: .fresh, receivedAt: Date(),
                baseURL: configuration.baseURL
            ).with(fallback: tokenFallback)
        } catch {
            throw .invalidDocument(error)
        }
        let outcome = state.withLock { state -> (held: Skin, changed: Bool, applied: Bool) in
            state.documentsParsed += 1
            guard sequence > state.newestApplied else { return (state.shown ?? skin, false, false) }
            if let preview {
                // A preview's answer: shown while the preview lasts, never persisted.
                guard state.preview?.documentURL == preview else { return (state.shown ?? skin, false, false) }
                let changed = state.shown?.bytes != skin.bytes
                state.preview?.skin = skin
                state.newestApplied = sequence
                if changed { for continuation in state.subscribers.values { continuation.yield(skin) } }
                return (skin, changed, false)
            }
            // The channel's answer: held (and persisted), shown unless a preview is.
            let changed = state.skin?.bytes != skin.bytes && state.preview?.skin == nil
            state.skin = skin
            state.newestApplied = sequence
            if changed {
                // Yielding under the lock keeps every sequence in the order skins were applied;
                // `yield` never calls back into the client.
                for continuation in state.subscribers.values { continuation.yield(skin) }
            }
            return (skin, changed, true)
        }
        if outcome.changed { emit(.skinChanged(skin)) }
        if outcome.applied, let cache {
            do {
                try await cache.save(skin, sequence: sequence)
            } catch {
                emit(.cacheWriteFailed(String(describing: error)))
            }
        }
        return Exchange(skin: outcome.held, changed: outcome.changed, appliedWait: appliedWait)
    }

    static func isGzip(_ body: [UInt8]) -> Bool {
        body.count >= 2 && body[0] == 0x1f && body[1] == 0x8b
    }

    /// `wait=N` from `Preference-Applied` (RFC 7240 §3).
    static func appliedWait(_ header: String?) -> Int? {
        guard let header else { return nil }
        for preference in header.split(separator: ",") {
            let parts = preference.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0].lowercased() == "wait", let seconds = Int(parts[1]) { return seconds }
        }
        return nil
    }
}
