import Foundation
import TestSupport
import Observation
import Testing
@testable import LiveryClient

/// `LiveryStore`: observation of the current skin, and the apply policies.
@Suite struct LiveryStoreTests {
    static func configuration(_ baseURL: URL, cache: URL) -> LiveryClientConfiguration {
        LiveryClientConfiguration(baseURL: baseURL, cacheDirectory: cache, maxWait: 20)
    }

    /// Fires once when `skin` (or any property `read` touches) of `store` next changes.
    @MainActor
    static func nextChange(of store: LiveryStore, _ read: @escaping @MainActor (LiveryStore) -> Void) -> ObservationFlag {
        let flag = ObservationFlag()
        withObservationTracking { read(store) } onChange: { flag.raise() }
        return flag
    }

    @Test func observationFiresWhenAPublishLands() async throws {
        try await withTemporaryFolder { folder in
            try await LiveServer.run(folder: folder) { server in
                let designer = try await server.token(.designer)
                let client = try LiveryClient(configuration: Self.configuration(server.baseURL, cache: folder))
                let store = await LiveryStore(client: client)
                #expect(await store.skin == nil, "no cache, no fallback")
                let running = Task { await store.run() }
                defer { running.cancel() }
                try await waitUntil("the first skin is shown") { await store.skin?.version == 1 }
                #expect(await store.freshness == .fresh)
                #expect(await store.lastRevalidated != nil)
                try await waitUntil("the poll is held") { server.heldPolls == 1 }

                let firstTint = try #require(await store.color("color.tint"))
                let changed = await Self.nextChange(of: store) { _ = $0.skin }
                #expect(!changed.raised)
                #expect(try await server.publishDemo(tint: "#00aa00", token: designer) == 201)
                try await waitUntil("observers are told") { changed.raised }
                #expect(await store.skin?.version == 2)
                #expect(await store.color("color.tint") != firstTint, "the store shows the new look")
            }
        }
    }

    @Test func atNextLaunchKeepsTheLookAndHandsTheNewOneToTheNextStart() async throws {
        try await withTemporaryFolder { folder in
            try await LiveServer.run(folder: folder) { server in
                let designer = try await server.token(.designer)
                let configuration = Self.configuration(server.baseURL, cache: folder)
                // A first run leaves version 1 in the cache.
                try await LiveryClient(configuration: configuration).fetch()

                let store = await LiveryStore(client: try LiveryClient(configuration: configuration), policy: .atNextLaunch)
                #expect(await store.skin?.version == 1)
                #expect(await store.freshness == .cached)
                let running = Task { await store.run() }
                try await waitUntil("the cached skin is confirmed") { await store.freshness == .fresh }
                try await waitUntil("the poll is held") { server.heldPolls == 1 }
                #expect(try await server.publishDemo(tint: "#00aa00", token: designer) == 201)
                try await waitUntil("the new skin is held back") { await store.pending?.version == 2 }
                #expect(await store.skin?.version == 1, "the look does not change during the run")
                running.cancel()
                await running.value
                // The client saves a skin on its own queue just after handing it on: wait for the file.
                try await waitUntil("the new look is saved") { (try? LiveryClient(configuration: configuration))?.current?.version == 2 }

                // The next launch starts with the new look, before any network.
                let next = await LiveryStore(client: try LiveryClient(configuration: configuration), policy: .atNextLaunch)
                #expect(await next.skin?.version == 2)
                #expect(await next.pending == nil)

                await store.applyPending()
                #expect(await store.skin?.version == 2)
                #expect(await store.pending == nil)
            }
        }
    }
}

/// Set once by an observation's `onChange` (which may run on any thread).
final class ObservationFlag: Sendable {
    private let state = LockedState(false)
    func raise() { state.withLock { $0 = true } }
    var raised: Bool { state.withLock { $0 } }
}
