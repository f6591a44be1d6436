import HTTPEngine
import SkinModel
import SkinStore
import Synchronization

/// `GET /v1/events?after={seq}&wait=N`: the change feed, optionally held until an event exists.
///
/// Held requests are few (operators' tools, not apps), so they are kept in a plain list and
/// all re-checked on every change.
package final class EventFeed: Sendable {
    struct Waiter: Sendable {
        let id: UInt64
        let after: Int
        let deferred: HTTPDeferredResponse
    }

    let store: SkinStore
    let maxWait: Int
    private let waiters = Mutex<(next: UInt64, list: [Waiter])>((1, []))

    package init(store: SkinStore, maxWait: Int) {
        self.store = store
        self.maxWait = maxWait
    }

    /// Requests held right now.
    package var count: Int { waiters.withLock { $0.list.count } }

    /// The `after` and `wait` of a feed request (`wait` capped; `Prefer: wait=N` honoured).
    func query(_ request: HTTPRequest) throws(Problem) -> (after: Int, wait: Int) {
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
        return (after, min(wait, maxWait))
    }

    /// Answers with the events after `after`, or holds the request (deferred with timeout
    /// `wait`) until one exists. Runs off the loop.
    /// A store failure is answered as a problem, never as an empty list (which would tell the
    /// client "nothing happened").
    func serve(after: Int, wait: Int, deferred: HTTPDeferredResponse) async {
        let events: [StoreEvent]
        do throws(Problem) {
            events = try await self.events(after: after)
        } catch {
            deferred.respond(error.response)
            return
        }
        guard events.isEmpty, wait > 0 else {
            deferred.respond(Self.response(events, after: after))
            return
        }
        hold(after: after, deferred: deferred)
    }

    /// New events exist: answers every waiter that has something to read.
    func changed() {
        let list = waiters.withLock { $0.list }
        guard !list.isEmpty else { return }
        Task {
            for waiter in list {
                do throws(Problem) {
                    let events = try await events(after: waiter.after)
                    guard !events.isEmpty, take(waiter.id) != nil else { continue }
                    waiter.deferred.respond(Self.response(events, after: waiter.after))
                } catch {
                    guard take(waiter.id) != nil else { continue }
                    waiter.deferred.respond(error.response)
                }
            }
        }
    }

    private func hold(after: Int, deferred: HTTPDeferredResponse) {
        let id = waiters.withLock { state -> UInt64 in
            let id = state.next
            state.next += 1
            state.list.append(Waiter(id: id, after: after, deferred: deferred))
            return id
        }
        deferred.onEnd { [self] reason in
            guard take(id) != nil, reason != .clientGone else { return }
            deferred.respond(Self.response([], after: after))
        }
        // An event may have landed between the read and the registration.
        changed()
    }

    private func take(_ id: UInt64) -> Waiter? {
        waiters.withLock { state in
            guard let index = state.list.firstIndex(where: { $0.id == id }) else { return nil }
            return state.list.remove(at: index)
        }
    }

    private func events(after: Int) async throws(Problem) -> [StoreEvent] {
        let store = self.store
        return try await storeCall { try await store.events(after: after, limit: 500) }
    }

    static func response(_ events: [StoreEvent], after: Int) -> HTTPResponse {
        let list = events.map { event -> JSONValue in
            .object([
                "seq": .int(event.seq), "kind": .string(event.kind.rawValue), "skin": .string(event.skin),
                "version": .optional(event.version), "channel": .optional(event.channel), "at": .string(event.at),
            ])
        }
        return JSONResponse.make(.ok, .object(["events": .array(list), "next": .int(events.last?.seq ?? after)]))
    }
}
