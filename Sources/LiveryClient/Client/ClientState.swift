import Foundation

/// Everything a `LiveryClient` changes after it is created, under one lock.
struct ClientState: Sendable {
    /// A draft shown through a preview link (`LiveryClient.preview(url:)`).
    struct Preview: Sendable {
        /// The link as given, `…/v1/previews/lvp_…`.
        let link: URL
        /// Where its document is read: the link's `/skin`, with the client's variants.
        let documentURL: URL
        /// The draft's skin, once it arrived; never persisted.
        var skin: Skin?
    }

    /// The channel's skin held: cached or bundled at launch, then the newest answer from the server.
    var skin: Skin?
    /// Set between `preview(url:)` and `endPreview()`: every request goes to the link.
    var preview: Preview?
    /// The skin the app shows: the preview's once it arrived, else the channel's.
    var shown: Skin? { preview?.skin ?? skin }
    /// Exchanges started, numbered from 1, and the number of the newest one whose 200 was
    /// applied: an older answer that arrives late never replaces a newer skin.
    var requestsStarted: UInt64 = 0
    var newestApplied: UInt64 = 0
    /// Set when URLSession handed back a body still gzip-compressed: from then on the client
    /// asks for identity (see `LiveryClient+Exchange.swift`).
    var gzipUnsupported = false
    /// Bodies parsed from the network (for tests: a 304 parses nothing).
    var documentsParsed = 0

    /// The continuations of the live `updates()` sequences, by id.
    var subscribers: [Int: AsyncStream<Skin>.Continuation] = [:]
    var lastSubscriberID = 0
    /// The one long-poll loop shared by all sequences, running while there are subscribers.
    var poller: Task<Void, Never>?
    /// The previous loop, cancelled and perhaps still winding down: a new loop waits for it,
    /// so two polls never overlap.
    var retiring: Task<Void, Never>?

    /// Set by `pause()`: no request starts, and those in flight were cancelled.
    var paused = false
    /// The requests in flight, by exchange number, so that `pause()` can cancel them.
    var inFlight: [UInt64: RequestHandle] = [:]
    /// Tasks waiting in `waitWhilePaused()`, resumed by `resume()` (or their cancellation).
    var resumeWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
    var lastWaiterID = 0
    /// The server's `Retry-After` on the latest answer, for the poll loop to honour once.
    var retryAfter: Duration?
    /// The error of the latest exchange, nil once one succeeds (for `LiveryStore.lastError`).
    var lastFailure: LiveryClientError?
    /// Told of every failed exchange (`failures()`), by id.
    var failureSubscribers: [Int: AsyncStream<Void>.Continuation] = [:]
}
