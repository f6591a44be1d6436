import Foundation
import TestSupport
@testable import LiveryServer

/// Waiting on what the server says, not on the clock.
///
/// A request sent from a test thread is held only once the server has parsed it and registered
/// its waiter; a fixed `Task.sleep` before a publish is a guess that a loaded machine (2 shared
/// cores, other suites running in the same process) loses now and then, and the publish then
/// meets a request not yet held (answered at once, or never woken). So the tests wait until the
/// server counts the waiters, as `/metrics` does (`livery_waiting_long_polls`).
extension TestServer {
    /// Long-polls this server holds right now: resolved documents and the event feed, the sum
    /// `/metrics` reports as `livery_waiting_long_polls`.
    var heldLongPolls: Int { app.longPolls.count + app.routes.events.count }

    /// Returns once the server holds exactly `count` long-polls; throws after `timeout` (generous:
    /// a liveness bound, not a speed target).
    func waitUntilHolding(_ count: Int, timeout: Duration = .seconds(30)) async throws {
        try await waitUntil("the server holds \(count) long-poll(s)", timeout: timeout) { heldLongPolls == count }
    }
}
