/// A condition a test waited on did not come true in time.
package struct TimedOut: Error, CustomStringConvertible {
    package var description: String

    package init(description: String) {
        self.description = description
    }
}

/// Checks `condition` every 10 ms until it holds; throws ``TimedOut`` naming `what` after
/// `timeout` (`what` is read then, so it can report how far things got).
///
/// How the tests wait for something to happen (a request held by the server, a child's log
/// line, an event): on the condition itself, never on a fixed sleep that guesses how long a
/// loaded machine takes. The timeout is a liveness bound, generous because this machine is
/// shared (2 cores, other suites and builds running): not a speed target.
package func waitUntil(
    _ what: @autoclosure () -> String, timeout: Duration = .seconds(30), _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw TimedOut(description: "timed out waiting until \(what())") }
        try await Task.sleep(for: .milliseconds(10))
    }
}
