import Foundation
import TestSupport
@testable import LiveryClient

/// Records a client's events with the time each arrived.
final class EventLog: Sendable {
    struct Entry: Sendable {
        var at: ContinuousClock.Instant
        var event: LiveryClientEvent
    }

    private let entries = LockedState<[Entry]>([])

    var handler: @Sendable (LiveryClientEvent) -> Void {
        { [self] event in entries.withLock { $0.append(Entry(at: .now, event: event)) } }
    }

    var all: [Entry] { entries.withLock { $0 } }

    /// The long-poll waits of the requests sent, in order.
    var requestsSent: [(at: ContinuousClock.Instant, wait: Int)] {
        all.compactMap { if case .requestSent(let wait) = $0.event { ($0.at, wait) } else { nil } }
    }

    var responses: [(status: Int, bodyBytes: Int)] {
        all.compactMap { if case .responseReceived(let status, let bytes) = $0.event { (status, bytes) } else { nil } }
    }

    var retries: [(at: ContinuousClock.Instant, delay: Duration, failures: Int)] {
        all.compactMap { if case .retryScheduled(let delay, let failures) = $0.event { ($0.at, delay, failures) } else { nil } }
    }

    var failures: [LiveryClientError] {
        all.compactMap { if case .requestFailed(let error) = $0.event { error } else { nil } }
    }
}

/// The first element of `sequence`, or a `TimedOut` error after `timeout`.
func first<S: AsyncSequence & Sendable>(
    of sequence: S, timeout: Duration = .seconds(20)
) async throws -> S.Element where S.Element: Sendable {
    try await withThrowingTaskGroup(of: S.Element?.self) { group in
        group.addTask {
            for try await element in sequence { return element }
            return nil
        }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw TimedOut(description: "no element within \(timeout)")
        }
        defer { group.cancelAll() }
        guard let element = try await group.next() ?? nil else { throw TimedOut(description: "the sequence ended") }
        return element
    }
}
