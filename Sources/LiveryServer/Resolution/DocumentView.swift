import SkinStore
import SkinModel

/// What a client asks to see: one resolved document, identified by the route's target and
/// the query that shapes it. Long-poll waiters watch views; the document cache is keyed by them.
package struct DocumentView: Hashable, Sendable {
    package enum Target: Hashable, Sendable {
        /// The active skin of a channel (`/v1/channels/{channel}/skin`).
        case channel(String)
        /// A skin's latest version (`/v1/skins/{skin}/resolved`).
        case latest(skin: String)
        /// One version (`/v1/skins/{skin}/versions/{n}/resolved`).
        case version(skin: String, number: Int)
        /// A draft's latest revision (`/v1/drafts/{id}/resolved`; docs/api.md, "Drafts").
        case draft(id: String)
        /// The draft or version a preview link shows (`/v1/previews/{secret}/skin`; docs/api.md,
        /// "Preview links"), checked on every request: the link may expire or be revoked.
        case preview(secret: String)
    }

    package enum Format: String, Hashable, Sendable {
        case flat
        case dtcg
        /// Custom properties in `:root`, for web clients (`text/css`).
        case css

        /// The `Content-Type` of a document in this format.
        package var contentType: String { self == .css ? CachedDocument.cssType : CachedDocument.jsonType }
    }

    package var target: Target
    /// Requested variants, in request order (order matters: later variants win), canonical
    /// (``SkinModel/ResolutionRequest/canonicalVariants(_:)``, done by `DocumentQuery`), so
    /// equal looks are one view.
    package var variants: [String]
    package var format: Format
    package var explain: Bool
    /// The client's rollout bucket (`bucket=0…99`, docs/api.md, "Rollouts, schedules and rollback"), kept only for channel targets:
    /// a skin route shows the same bytes to every bucket, so its views are not split by it.
    /// A channel's views are, so a long-poll wakes only when its own bucket's document changes.
    package var bucket: Int?
    /// The app build asking (`client=ios/3.2.1`, normalised), kept only for channel targets like
    /// `bucket`: a channel's `builds` entries may give it its own document, so a long-poll of one
    /// build wakes only when that build's document changes (docs/apps.md, "Old builds in the field").
    package var client: ClientIdentity?

    package init(
        target: Target, variants: [String] = [], format: Format = .flat, explain: Bool = false, bucket: Int? = nil,
        client: ClientIdentity? = nil
    ) {
        self.target = target
        self.variants = variants
        self.format = format
        self.explain = explain
        if case .channel = target { (self.bucket, self.client) = (bucket, client) }
    }
}
