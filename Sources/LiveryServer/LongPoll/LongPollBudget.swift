import Synchronization

/// The one count of held long-polls, `longPoll.maxWaiters` (docs/operations.md): resolved
/// documents' (`LongPollHub`) and the change feed's (`EventFeed`) together, so neither kind can
/// take the connections the budget leaves free for publishes and health checks.
package final class LongPollBudget: Sendable {
    /// Long-polls held at most.
    package let limit: Int
    private let held = Atomic<Int>(0)

    package init(limit: Int) {
        self.limit = limit
    }

    /// Long-polls held right now.
    package var count: Int { held.load(ordering: .relaxed) }

    /// Counts one more held long-poll; false (and nothing counted) when the budget is spent.
    func take() -> Bool {
        guard held.add(1, ordering: .relaxed).newValue > limit else { return true }
        held.subtract(1, ordering: .relaxed)
        return false
    }

    /// `count` long-polls are no longer held.
    func give(_ count: Int = 1) {
        guard count > 0 else { return }
        held.subtract(count, ordering: .relaxed)
    }
}
