import Foundation

/// Previewing a draft in the real app (docs/apps.md, "Previewing a draft").
///
/// A designer makes a preview link to a draft (`POST /v1/drafts/{id}/preview-links`) and opens
/// it on a phone: the app hands the link to ``preview(url:)`` (or its deep-link handler to
/// ``handle(deepLink:)``), and from then on shows the draft, following every save, until
/// ``endPreview()`` or until the link is revoked or expires. The channel's look is kept aside,
/// still cached, and comes back at the end; nothing of the draft is persisted.
extension LiveryClient {
    /// Shows the draft behind `url` (`https://…/v1/previews/lvp_…`, with or without `/skin`)
    /// instead of the channel's look. The link must be on this client's server. A poll or
    /// long-poll in flight is cancelled and sent again to the link.
    /// - Throws: `.invalidConfiguration` for a URL that is no preview link of this server.
    public func preview(url: URL) throws(LiveryClientError) {
        let documentURL = try endpoint.previewDocumentURL(url)
        let (handles, previous) = state.withLock { state -> ([RequestHandle], URL?) in
            defer { state.preview = ClientState.Preview(link: url, documentURL: documentURL) }
            return (Array(state.inFlight.values), state.preview?.link)
        }
        if let previous { emit(.previewEnded(previous, gone: false)) }
        emit(.previewStarted(url))
        // Cancelled as a pause cancels: the poll loop sends its next request at once, to the link.
        for handle in handles { handle.cancel(pausing: true) }
        if !isPolling { Task { [self] in _ = try? await fetch() } }
    }

    /// Opens `url` if it is a preview link of this client's server (`…/v1/previews/lvp_…`): what
    /// an app's deep-link handler (`onOpenURL`, `application(_:open:)`) calls first.
    /// - Returns: whether it was one (and the preview began).
    @discardableResult
    public func handle(deepLink url: URL) -> Bool {
        guard url.path.contains("/v1/previews/lvp_") else { return false }
        do {
            try preview(url: url)
            return true
        } catch {
            return false
        }
    }

    /// Back to the channel's look. Idempotent.
    public func endPreview() {
        endPreview(ifShowing: nil, gone: false)
    }

    /// The preview link being shown, nil when none.
    public var previewURL: URL? { state.withLock { $0.preview?.link } }

    /// Whether a draft is being previewed: an app shows that it is (a banner).
    public var isPreviewing: Bool { previewURL != nil }

    /// Ends the preview (only the one reading `documentURL`, when given), shows the channel's
    /// look again and tells the `updates()` sequences.
    func endPreview(ifShowing documentURL: URL?, gone: Bool) {
        let ended = state.withLock { state -> (link: URL, restored: Skin?)? in
            guard let preview = state.preview, documentURL == nil || preview.documentURL == documentURL else { return nil }
            state.preview = nil
            if preview.skin != nil, let skin = state.skin {
                for continuation in state.subscribers.values { continuation.yield(skin) }
            }
            return (preview.link, state.skin)
        }
        guard let ended else { return }
        emit(.previewEnded(ended.link, gone: gone))
        if let restored = ended.restored { emit(.skinChanged(restored)) }
        let handles = state.withLock { Array($0.inFlight.values) }
        for handle in handles { handle.cancel(pausing: true) }
    }
}
