import Testing
@testable import SkinStore

@Suite("Deleting skins")
struct DeleteTests {
    @Test(arguments: TestBackend.available) func deleteIsRefusedWhileReferencedThenRemovesEveryVersion(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            _ = try await store.publish(skin: "base", document: document("1"), author: "a")
            _ = try await store.publish(skin: "base", document: document("2"), author: "a")
            _ = try await store.publish(skin: "app", document: document("3"), parent: "base@1", author: "a")
            _ = try await store.publish(skin: "app", document: document("4"), author: "a")  // latest no longer extends base
            _ = try await store.publish(skin: "spare", document: document("5"), author: "a")
            try await store.activate(channel: "default", skin: "base", version: nil, actor: "a")

            // Any version of another skin extending it counts, not only the latest.
            await #expect(throws: StoreError.skinInUse(skin: "base", referrers: [.channel("default"), .skin("app", versions: [1])])) {
                try await store.deleteSkin("base", actor: "a")
            }
            try await store.activate(channel: "default", skin: "spare", version: nil, actor: "a")
            await #expect(throws: StoreError.skinInUse(skin: "base", referrers: [.skin("app", versions: [1])])) {
                try await store.deleteSkin("base", actor: "a")
            }
            try await store.deleteSkin("app", actor: "carol")
            try await store.deleteSkin("base", actor: "carol")

            await #expect(throws: StoreError.notFound(.skin("base"))) { try await store.version(1, of: "base") }
            await #expect(throws: StoreError.notFound(.skin("base"))) { try await store.deleteSkin("base", actor: "a") }
            #expect(try await store.listSkins().map(\.name) == ["spare"])
            let orphans = try await store.read { try $0.scalarInt("SELECT count(*) FROM versions WHERE skin_id NOT IN (SELECT id FROM skins)") }
            #expect(orphans == 0)

            let events = try await store.events(after: 0, limit: 100).filter { $0.kind == .delete }
            #expect(events.map(\.skin) == ["app", "base"])
            let audit = try await store.auditLog(after: 0, limit: 100).filter { $0.action == "skin.delete" }
            #expect(audit.map(\.target) == ["skin/app", "skin/base"])
            #expect(audit.allSatisfy { $0.actor == "carol" })

            // The name can be used again; numbering restarts.
            #expect(try await store.publish(skin: "base", document: document("6"), author: "a") == 1)
        }
    }
}
