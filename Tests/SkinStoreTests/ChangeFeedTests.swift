import Testing
@testable import SkinStore

@Suite("Audit log and events")
struct ChangeFeedTests {
    @Test(arguments: TestBackend.available) func everyWriteIsAuditedWithItsActor(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            _ = try await store.publish(skin: "s", document: document("1"), author: "alice", message: "hi \"there\"")
            try await store.activate(channel: "c", skin: "s", version: 1, actor: "bob")
            _ = try await store.putAsset([1, 2, 3], contentType: "image/png", actor: "carol")
            _ = try await store.createToken(name: "t", role: .reader, actor: "dave")
            try await store.revokeToken(name: "t", actor: "erin")

            let audit = try await store.auditLog(after: 0, limit: 100)
            #expect(audit.map(\.action) == ["skin.publish", "channel.activate", "asset.put", "token.create", "token.revoke"])
            #expect(audit.map(\.actor) == ["alice", "bob", "carol", "dave", "erin"])
            #expect(audit.map(\.seq) == Array(audit.map(\.seq).sorted()))
            #expect(audit[0].detail.contains(#""version":1"#) && audit[0].detail.contains(#""message":"hi \"there\"""#))
            #expect(audit[1].detail == #"{"skin":"s","version":1,"rolloutSkin":null,"rolloutVersion":null,"rolloutPercent":null,"activationCount":1,"forced":false,"schedule":null,"late":false,"builds":null}"#)
            #expect(try await store.auditLog(after: audit[2].seq, limit: 1).map(\.action) == ["token.create"])
            // A failed write leaves no audit row.
            _ = try? await store.publish(skin: "s", document: document("2"), author: "x", expectedLatest: 7)
            #expect(try await store.auditLog(after: audit[4].seq).isEmpty)
        }
    }

    @Test(arguments: TestBackend.available) func eventsFormAnOrderedChangeSequence(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            #expect(try await store.currentSequence() == 0)
            _ = try await store.publish(skin: "a", document: document("1"), author: "x")
            _ = try await store.publish(skin: "b", document: document("2"), author: "x")
            try await store.activate(channel: "default", skin: "b", version: nil, actor: "x")
            try await store.deleteSkin("a", actor: "x")
            _ = try await store.createToken(name: "t", role: .reader, actor: "x")  // not a content change: no event

            let events = try await store.events(after: 0, limit: 100)
            #expect(events.map(\.seq) == [1, 2, 3, 4])
            #expect(events.map(\.kind) == [.publish, .publish, .activate, .delete])
            #expect(events[2] == StoreEvent(seq: 3, kind: .activate, skin: "b", version: nil, channel: "default", at: events[2].at))
            #expect(events[0].version == 1 && events[0].channel == nil)
            #expect(events.map(\.at) == events.map(\.at).sorted())
            #expect(try await store.currentSequence() == 4)
            #expect(try await store.events(after: 2, limit: 1).map(\.seq) == [3])
            #expect(try await store.events(after: 4).isEmpty)
        }
    }
}
