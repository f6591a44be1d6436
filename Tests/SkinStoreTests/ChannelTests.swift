import Testing
@testable import SkinStore

@Suite("Channels")
struct ChannelTests {
    @Test(arguments: TestBackend.available) func activationCreatesSwitchesAndKeepsHistory(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            _ = try await store.publish(skin: "spring", document: document("1"), author: "a")
            _ = try await store.publish(skin: "summer", document: document("2"), author: "a")
            _ = try await store.publish(skin: "summer", document: document("3"), author: "a")

            let created = try await store.activate(channel: "default", skin: "spring", version: nil, actor: "alice", expectedActivationCount: 0)
            #expect(created.skin == "spring" && created.version == nil && created.activationCount == 1)

            let switched = try await store.activate(channel: "default", skin: "summer", version: 1, actor: "bob", expectedActivationCount: 1)
            #expect(switched.skin == "summer" && switched.version == 1 && switched.activationCount == 2)
            #expect(switched.history == [
                // What each entry served is recorded too: spring's latest (1) when it followed it.
                ChannelActivation(number: 1, skin: "spring", version: nil, actor: "alice", at: switched.history[0].at, servedVersion: 1),
                ChannelActivation(number: 2, skin: "summer", version: 1, actor: "bob", at: switched.history[1].at, servedVersion: 1),
            ])
            #expect(switched.createdAt == created.createdAt && switched.updatedAt >= created.updatedAt)

            await #expect(throws: StoreError.preconditionFailed(current: 2)) {
                try await store.activate(channel: "default", skin: "spring", version: nil, actor: "a", expectedActivationCount: 1)
            }
            await #expect(throws: StoreError.preconditionFailed(current: 0)) {
                try await store.activate(channel: "beta", skin: "spring", version: nil, actor: "a", expectedActivationCount: 3)
            }
            // Without a precondition it always goes through.
            try await store.activate(channel: "beta", skin: "summer", version: nil, actor: "a")

            let fetched = try await store.channel("default")
            #expect(fetched == switched)
            #expect(try await store.channel("default", includeHistory: false).history.isEmpty)
            let all = try await store.channels()
            #expect(all.map(\.name) == ["beta", "default"])
            #expect(all.map(\.history.count) == [1, 2])
        }
    }

    @Test(arguments: TestBackend.available) func activationNeedsAnExistingSkinAndVersion(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            _ = try await store.publish(skin: "spring", document: document("1"), author: "a")
            await #expect(throws: StoreError.notFound(.skin("winter"))) {
                try await store.activate(channel: "default", skin: "winter", version: nil, actor: "a")
            }
            await #expect(throws: StoreError.notFound(.version(skin: "spring", number: 2))) {
                try await store.activate(channel: "default", skin: "spring", version: 2, actor: "a")
            }
            await #expect(throws: StoreError.notFound(.channel("default"))) { try await store.channel("default") }
            #expect(try await store.channels().isEmpty)
        }
    }
}
