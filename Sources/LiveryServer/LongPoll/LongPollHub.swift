import HTTPEngine
import Synchronization

/// Held long-poll requests for resolved documents (docs/api.md, "Reading skins" "Long-polling").
///
/// A request whose `If-None-Match` names the current content and that asks to wait is deferred
/// with the engine (which times it out on its loop's deadline queue, no timer per request) and
/// recorded here under its view. When the store changes, the server re-resolves each watched
/// view and calls `viewChanged`: only waiters whose tag differs from the new document's are
/// answered, so a change that leaves their bytes alone does not wake them.
package final class LongPollHub: Sendable {
    /// What answering a held request needs: the engine's handle, the representation the client
    /// negotiated, and the wait to report in `Preference-Applied`.
    struct Held: Sendable {
        let deferred: HTTPDeferredResponse
        let coding: HTTPContentCoding
        let waitSeconds: Int
        let document: CachedDocument

        /// The answer this waiter gets; equal for every waiter with the same representation and wait.
        func response(with document: CachedDocument, notModified: Bool) -> HTTPResponse {
            document.longPollResponse(
                coding: coding, notModified: notModified,
                extraHeaders: [HTTPField("Preference-Applied", "wait=\(waitSeconds)")])
        }
    }

    private struct ResponseKey: Hashable {
        let gzip: Bool
        let waitSeconds: Int
    }

    private let registry = Mutex(WaiterRegistry<DocumentView, Held>())
    /// Long-polls held at most, shared with the change feed (`longPoll.maxWaiters`).
    let budget: LongPollBudget
    var maxWaiters: Int { budget.limit }

    package init(maxWaiters: Int = .max) {
        self.budget = LongPollBudget(limit: maxWaiters)
    }

    package init(budget: LongPollBudget) {
        self.budget = budget
    }

    /// What a long-poll refused for lack of budget is told to wait before asking again.
    static let retryAfterSeconds = 2

    /// Requests held right now, for `/metrics`.
    package var count: Int { registry.withLock { $0.count } }

    /// Views with waiters: the ones to re-resolve after a change.
    package var watchedViews: [DocumentView] { registry.withLock { $0.watchedViews } }

    /// Holds a deferred request until `view` changes or its deferral times out (then 304), or
    /// the server shuts down (304, so clients simply poll again). The deferral must have been
    /// made with the timeout `waitSeconds`; this may be called from any thread.
    package func hold(
        view: DocumentView, document: CachedDocument, coding: HTTPContentCoding, waitSeconds: Int,
        deferred: HTTPDeferredResponse
    ) {
        let held = Held(deferred: deferred, coding: coding, waitSeconds: waitSeconds, document: document)
        let id = budget.take() ? registry.withLock { $0.add(view: view, etag: document.etag, handle: held) } : nil
        guard let id else {
            // Over budget: the client's copy is current, so say so at once and tell it when to
            // come back. The connection closes with the answer: a client told to wait has no use
            // for it, and kept open it would take one of the connections the budget leaves free
            // for publishes and health checks (long-polls over budget on a full server would
            // otherwise lock the designers out).
            var refusal = document.longPollResponse(
                coding: coding, notModified: true, extraHeaders: [HTTPField("Retry-After", String(Self.retryAfterSeconds))])
            refusal.closesConnection = true
            deferred.respond(refusal)
            return
        }
        deferred.onEnd { [self] reason in
            guard let waiter = registry.withLock({ $0.remove(id: id) }) else { return }
            budget.give()
            switch reason {
            case .clientGone:
                break
            case .timedOut, .serverShutdown:
                waiter.handle.deferred.respond(waiter.handle.response(with: waiter.handle.document, notModified: true))
            }
        }
    }

    /// The view now resolves to `document`: answers (200) every waiter holding another tag.
    /// Returns how many were woken.
    @discardableResult
    package func viewChanged(_ view: DocumentView, to document: CachedDocument) -> Int {
        let woken = registry.withLock { $0.viewChanged(view, etag: document.etag) }
        budget.give(woken.count)
        // Thousands of waiters usually share a handful of (representation, wait) pairs: render
        // each answer once and hand the same bytes to all of them.
        var rendered: [ResponseKey: HTTPResponse] = [:]
        for waiter in woken {
            let key = ResponseKey(gzip: waiter.handle.coding == .gzip, waitSeconds: waiter.handle.waitSeconds)
            let response = rendered[key] ?? waiter.handle.response(with: document, notModified: false)
            rendered[key] = response
            waiter.handle.deferred.respond(response)
        }
        return woken.count
    }

    /// The view no longer resolves (its channel or skin is gone): answers every waiter of it
    /// with the problem.
    package func viewFailed(_ view: DocumentView, problem: Problem) {
        let woken = registry.withLock { $0.viewChanged(view, etag: "") }
        budget.give(woken.count)
        for waiter in woken { waiter.handle.deferred.respond(problem.response) }
    }
}
