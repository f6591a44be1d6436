/// The long-poll waiters of one server, as a value-type state machine.
///
/// A waiter is a held request: it watches one view (a channel's or skin's
/// document with given variants and format) and holds the ETag it already has.
/// The registry answers one question and does nothing itself: which waiters to
/// wake when a view's bytes change. Deadlines are not kept here: the HTTP
/// engine's per-loop deadline queue times each held request out
/// (`deferResponse(timeout:)`), and the caller then removes it by id.
package struct WaiterRegistry<View: Hashable, Handle> {
    package struct Waiter {
        package let id: UInt64
        package let view: View
        /// The entity tag the client holds; it is woken only when the view's tag differs.
        package let etag: String
        package let handle: Handle
    }

    private var waitersByView: [View: [UInt64: Waiter]] = [:]
    private var viewByID: [UInt64: View] = [:]
    private var nextID: UInt64 = 1

    package init() {}

    /// Waiters currently held.
    package var count: Int { viewByID.count }

    /// Views with at least one waiter: the only ones worth re-resolving eagerly after a change.
    package var watchedViews: [View] { Array(waitersByView.keys) }

    /// Holds a request; returns its id (for `remove` when the client goes away).
    @discardableResult
    package mutating func add(view: View, etag: String, handle: Handle) -> UInt64 {
        let id = nextID
        nextID &+= 1
        waitersByView[view, default: [:]][id] = Waiter(id: id, view: view, etag: etag, handle: handle)
        viewByID[id] = view
        return id
    }

    /// Forgets a waiter (the client left, or it was answered elsewhere). Returns it if it was held.
    @discardableResult
    package mutating func remove(id: UInt64) -> Waiter? {
        guard let view = viewByID.removeValue(forKey: id) else { return nil }
        let waiter = waitersByView[view]?.removeValue(forKey: id)
        if waitersByView[view]?.isEmpty == true { waitersByView[view] = nil }
        return waiter
    }

    /// The view now has `etag`: removes and returns every waiter of it holding a different tag.
    /// Waiters whose tag is still current stay held: a change that does not alter the bytes
    /// a waiter would receive does not wake it (docs/api.md, "Reading skins").
    package mutating func viewChanged(_ view: View, etag: String) -> [Waiter] {
        guard let waiters = waitersByView[view] else { return [] }
        let woken = waiters.values.filter { $0.etag != etag }
        for waiter in woken { remove(id: waiter.id) }
        return woken.sorted { $0.id < $1.id }
    }
}
