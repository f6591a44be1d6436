import HTTPEngine
import SkinModel
import SkinStore
import Synchronization

/// `GET /v1/events?after={seq}&wait=N`: the change feed, optionally held until an event exists.
/// Every answer also gives `current`, the highest sequence committed when it was read, so a client
/// that wants only what happens from now on (the console) starts there in one request instead of
/// paging through the whole history from 0 (docs/api.md, "The change feed").
///
/// Held requests count in the long-poll budget (`longPoll.maxWaiters`, shared with
/// `LongPollHub`). A change costs one store read shared by every waiter (waiters are held only
/// while nothing after their `after` exists, so all of them read from about the same place),
/// then O(waiters) work in memory: 1,000 held feeds no longer cost 1,000 reads per change,
/// nor every new one a read for each already held (docs/operations.md).
package final class EventFeed: Sendable {
    struct Waiter: Sendable {
        let id: UInt64
        let after: Int
        let limit: Int
        /// The sequence read when it was held, told again if its wait runs out with no event.
        let current: Int
        let deferred: HTTPDeferredResponse
    }

    /// What makes two waiters' answers the same bytes: a value, not an array, so a wake of
    /// thousands of waiters allocates no key per waiter.
    struct AnswerKey: Hashable {
        let after: Int
        let limit: Int
    }

    /// One read of the feed: events after some sequence, and the current sequence then.
    struct Page: Sendable {
        var events: [StoreEvent]
        var current: Int
    }

    let store: SkinStore
    let maxWait: Int
    let budget: LongPollBudget
    private let waiters = Mutex<(next: UInt64, byID: [UInt64: Waiter])>((1, [:]))
    /// Store reads made for the feed, for tests and `/metrics`-style observation of the cost of
    /// a change.
    let storeReads = Atomic<Int>(0)
    /// Events read at once; a change that brings more is read in several pages.
    static let pageSize = 500
    /// What a feed request refused for lack of budget is told to wait before asking again.
    static let retryAfterSeconds = 2

    package init(store: SkinStore, maxWait: Int, budget: LongPollBudget = LongPollBudget(limit: .max)) {
        self.store = store
        self.maxWait = maxWait
        self.budget = budget
    }

    /// Requests held right now.
    package var count: Int { waiters.withLock { $0.byID.count } }

    /// What a feed request asks: events after `after`, at most `limit` of them (1…``pageSize``; a
    /// client that only wants `current` asks for one), held up to `wait` seconds.
    struct Query: Sendable {
        var after = 0
        var limit = EventFeed.pageSize
        var wait = 0
    }

    /// The `after`, `limit` and `wait` of a feed request (`wait` capped; `Prefer: wait=N` honoured).
    func query(_ request: HTTPRequest) throws(Problem) -> Query {
        var limit = Self.pageSize
        if let text = request.queryValue("limit") {
            guard let value = Int(text), (1...Self.pageSize).contains(value) else {
                throw Problem.badRequest("limit must be a whole number from 1 to \(Self.pageSize), not \"\(text)\".")
            }
            limit = value
        }
        var after = 0
        if let text = request.queryValue("after") {
            guard let value = Int(text), value >= 0 else {
                throw Problem.badRequest("after must be a whole number, not \"\(text)\".")
            }
            after = value
        }
        var wait = 0
        if let text = request.queryValue("wait") {
            guard let value = Int(text), value >= 0 else {
                throw Problem.badRequest("wait must be a whole number of seconds, not \"\(text)\".")
            }
            wait = value
        } else if let preferred = DocumentQuery.preferredWait(request.headers.values(for: "prefer")) {
            wait = preferred
        }
        return Query(after: after, limit: limit, wait: min(wait, maxWait))
    }

    /// Answers with the events after `after`, or holds the request (deferred with timeout
    /// `wait`) until one exists. Runs off the loop.
    /// A store failure is answered as a problem, never as an empty list (which would tell the
    /// client "nothing happened").
    func serve(_ query: Query, deferred: HTTPDeferredResponse) async {
        let (after, limit, wait) = (query.after, query.limit, query.wait)
        let page: Page
        do throws(Problem) {
            page = try await self.page(after: after, limit: limit)
        } catch {
            deferred.respond(error.response)
            return
        }
        guard page.events.isEmpty, wait > 0 else {
            deferred.respond(Self.response(page, after: after))
            return
        }
        await hold(after: after, limit: limit, current: page.current, deferred: deferred)
    }

    /// New events exist: one read from the lowest `after` held, shared by every waiter, and
    /// each answered with its part of it.
    func changed() {
        let list = waiters.withLock { Array($0.byID.values) }
        guard !list.isEmpty else { return }
        Task { await wake(list) }
    }

    private func wake(_ list: [Waiter]) async {
        var pending = list
        var from = pending.lazy.map(\.after).min() ?? 0
        while !pending.isEmpty {
            let read: Page
            do throws(Problem) {
                read = try await self.page(after: from)
            } catch {
                for waiter in pending where take(waiter.id) != nil { waiter.deferred.respond(error.response) }
                return
            }
            let page = read.events
            guard let last = page.last else { return }
            // Waiters sharing an `after` and a `limit` (most of them) share one rendered answer.
            var answers: [AnswerKey: HTTPResponse] = [:]
            var beyond: [Waiter] = []
            for waiter in pending {
                // The page is in `seq` order: the waiter's events are a suffix of it.
                let start = Self.firstIndex(in: page, after: waiter.after)
                guard start < page.count else {
                    // Nothing in this page for it; a full page may be followed by more.
                    if page.count == Self.pageSize { beyond.append(waiter) }
                    continue
                }
                guard take(waiter.id) != nil else { continue }
                let key = AnswerKey(after: waiter.after, limit: waiter.limit)
                let answer = answers[key]
                    ?? Self.response(Page(events: Array(page[start...].prefix(waiter.limit)), current: read.current), after: waiter.after)
                answers[key] = answer
                waiter.deferred.respond(answer)
            }
            pending = beyond
            from = last.seq
        }
    }

    /// The index of the first event of `page` (in `seq` order) after `after`.
    static func firstIndex(in page: [StoreEvent], after: Int) -> Int {
        var (low, high) = (0, page.count)
        while low < high {
            let mid = (low + high) / 2
            if page[mid].seq <= after { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private func hold(after: Int, limit: Int, current: Int, deferred: HTTPDeferredResponse) async {
        guard budget.take() else {
            // Over budget: nothing new yet, so say so at once, say when to come back, and close
            // (as `LongPollHub` does) so the connection does not take the reserve.
            var refusal = Self.response(Page(events: [], current: current), after: after)
            refusal.headers.append(HTTPField("Retry-After", String(Self.retryAfterSeconds)))
            refusal.closesConnection = true
            deferred.respond(refusal)
            return
        }
        let id = waiters.withLock { state -> UInt64 in
            let id = state.next
            state.next += 1
            state.byID[id] = Waiter(id: id, after: after, limit: limit, current: current, deferred: deferred)
            return id
        }
        deferred.onEnd { [self] reason in
            guard take(id) != nil, reason != .clientGone else { return }
            deferred.respond(Self.response(Page(events: [], current: current), after: after))
        }
        // An event may have landed between the read and the registration: check for this
        // waiter alone (not every waiter held, which made each registration cost N reads).
        do throws(Problem) {
            let page = try await self.page(after: after, limit: limit)
            guard !page.events.isEmpty, take(id) != nil else { return }
            deferred.respond(Self.response(page, after: after))
        } catch {
            guard take(id) != nil else { return }
            deferred.respond(error.response)
        }
    }

    /// Removes a waiter (once: the one that gets it answers) and gives back its budget.
    private func take(_ id: UInt64) -> Waiter? {
        let waiter = waiters.withLock { $0.byID.removeValue(forKey: id) }
        if waiter != nil { budget.give() }
        return waiter
    }

    private func page(after: Int, limit: Int = EventFeed.pageSize) async throws(Problem) -> Page {
        let store = self.store
        storeReads.add(1, ordering: .relaxed)
        let (events, current) = try await storeCall { try await store.feedPage(after: after, limit: limit) }
        return Page(events: events, current: current)
    }

    /// `{events, next, current}`: `next` is the `after` to ask with next (the last event's
    /// sequence, or `after` when none), `current` the highest sequence committed when read.
    static func response(_ page: Page, after: Int) -> HTTPResponse {
        JSONResponse.make(.ok, .object([
            "events": .array(page.events.map(\.json)), "next": .int(page.events.last?.seq ?? after), "current": .int(page.current),
        ]))
    }
}
