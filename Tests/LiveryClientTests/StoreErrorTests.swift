import Foundation
import TestSupport
import Testing
@testable import LiveryClient

/// `LiveryStore.lastError` sees the errors of `updates()`'s polls, not only of the first fetch.
@Suite struct StoreErrorTests {
    @Test func aPollFailingAfterAGoodStartShowsInLastError() async throws {
        try await withTemporaryFolder { folder in
            let server = try await LiveServer.start(folder: folder)
            let client = try LiveryClient(configuration: LiveryClientConfiguration(
                baseURL: server.baseURL, maxWait: 20, retry: RetryPolicy(base: .milliseconds(50), cap: .milliseconds(100))))
            let store = await LiveryStore(client: client)
            let running = Task { await store.run() }
            defer { running.cancel() }
            do {
                try await waitUntil("the first skin is shown") { await store.freshness == .fresh }
                #expect(await store.lastError == nil)
                try await waitUntil("the poll is held") { server.heldPolls == 1 }
            } catch {
                await server.app.shutdown()
                throw error
            }
            await server.app.shutdown()
            try await waitUntil("a failed poll reaches lastError") { await store.lastError != nil }
        }
    }
}
