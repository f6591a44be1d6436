import Foundation

/// What the client is doing on the network, for logs, an "offline" banner or tests.
/// Delivered synchronously to `LiveryClientConfiguration.eventHandler`: keep the handler quick.
public enum LiveryClientEvent: Sendable {
    /// A request for the skin was sent; `wait` is the long-poll wait asked (0 for a plain fetch).
    case requestSent(wait: Int)
    /// An answer arrived; `bodyBytes` counts the body as URLSession delivered it (0 for a `304`).
    case responseReceived(status: Int, bodyBytes: Int)
    /// A request failed (also reported for polls, whose errors `updates()` does not throw).
    case requestFailed(LiveryClientError)
    /// `updates()` will poll again after `delay`, its `failures`-th consecutive failed or
    /// unheld poll.
    case retryScheduled(delay: Duration, failures: Int)
    /// The held skin changed (a new ETag): by `fetch()` or by a poll.
    case skinChanged(Skin)
    /// Persisting the last good document failed; the skin is held in memory all the same.
    case cacheWriteFailed(String)
    /// `pause()` was called: requests in flight were cancelled, none starts until `resume()`.
    case paused
    /// `resume()` ended a pause; one revalidation follows.
    case resumed
    /// A token was read from the bundled skin because the served look lacks it (`servedType`
    /// nil) or holds another type: once per path per client. The build reads something the look
    /// no longer has; see docs/apps.md, "Old builds in the field".
    case tokenFallback(path: String, servedType: TokenType?, bundledType: TokenType)
    /// `preview(url:)` began showing the draft behind a preview link (docs/apps.md, "Previewing
    /// a draft"): an app may show a banner until `.previewEnded`.
    case previewStarted(URL)
    /// The preview ended: by `endPreview()`, or because the link was revoked or expired (`gone`).
    /// The channel's look is shown again.
    case previewEnded(URL, gone: Bool)
    /// The bundled fallback could not be read (missing file, not a resolved document). The client
    /// works on without it (cache and server); also kept as `LiveryClient.fallbackError`.
    case fallbackUnavailable(LiveryClientError)
}
