import Testing
@testable import SkinStore

@Suite("Publishing and reading versions")
struct PublishTests {
    @Test(arguments: TestBackend.available) func versionsAreNumberedPerSkinAndStoredExactly(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            let bytes = document("3366ff")
            #expect(try await store.publish(skin: "base", document: bytes, author: "alice", message: "first") == 1)
            #expect(try await store.publish(skin: "base", document: document("000000"), author: "bob") == 2)
            #expect(try await store.publish(skin: "other", document: document("ffffff"), author: "bob") == 1)

            let first = try await store.version(1, of: "base")
            #expect(first.document == bytes)
            #expect(first.sha256 == SHA256Digest.hex(bytes))
            #expect(first.author == "alice" && first.message == "first" && first.parent == nil)
            #expect(try await store.latestVersion(of: "base").number == 2)

            let history = try await store.skinHistory("base")
            #expect(history.versions.map(\.number) == [1, 2])
            #expect(history.latestVersion == 2 && history.createdBy == "alice")
            #expect(history.versions[0].size == bytes.count)

            let skins = try await store.listSkins()
            #expect(skins.map(\.name) == ["base", "other"])
            #expect(skins[0].latestVersion == 2 && skins[0].latestAuthor == "bob")
        }
    }

    @Test(arguments: TestBackend.available) func missingSkinsAndVersionsAreTypedNotFound(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            await #expect(throws: StoreError.notFound(.skin("nope"))) { try await store.latestVersion(of: "nope") }
            await #expect(throws: StoreError.notFound(.skin("nope"))) { try await store.skinHistory("nope") }
            _ = try await store.publish(skin: "base", document: document("1"), author: "a")
            await #expect(throws: StoreError.notFound(.version(skin: "base", number: 2))) { try await store.version(2, of: "base") }
        }
    }

    @Test(arguments: TestBackend.available) func ifMatchPreconditions(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            // 0 means "only if the skin has no version yet".
            #expect(try await store.publish(skin: "s", document: document("1"), author: "a", expectedLatest: 0) == 1)
            #expect(try await store.publish(skin: "s", document: document("2"), author: "a", expectedLatest: 1) == 2)
            await #expect(throws: StoreError.preconditionFailed(current: 2)) {
                try await store.publish(skin: "s", document: document("3"), author: "a", expectedLatest: 1)
            }
            await #expect(throws: StoreError.preconditionFailed(current: 0)) {
                try await store.publish(skin: "new", document: document("3"), author: "a", expectedLatest: 4)
            }
            #expect(try await store.skinHistory("s").latestVersion == 2)
            #expect(try await store.listSkins().map(\.name) == ["s"])
        }
    }

    @Test(arguments: TestBackend.available) func lineageIsStoredCheckedAndReadInOneSnapshot(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            _ = try await store.publish(skin: "base", document: document("1"), author: "a")
            _ = try await store.publish(skin: "app", document: document("2", extends: "base"), parent: "base", author: "a")
            _ = try await store.publish(skin: "base", document: document("3"), author: "a")
            _ = try await store.publish(skin: "pinned", document: document("4"), parent: "base@1", author: "a")

            #expect(try await store.lineage(of: "app").map { "\($0.skin)@\($0.number)" } == ["base@2", "app@1"])
            #expect(try await store.lineage(of: "pinned").map { "\($0.skin)@\($0.number)" } == ["base@1", "pinned@1"])
            #expect(try await store.version(1, of: "pinned").parentReference == StoredParentReference(skin: "base", version: 1))
            #expect(try await store.dependents(of: "base") == ["app", "pinned"])

            await #expect(throws: StoreError.unknownParent(reference: "ghost")) {
                try await store.publish(skin: "x", document: document("5"), parent: "ghost", author: "a")
            }
            await #expect(throws: StoreError.unknownParent(reference: "base@9")) {
                try await store.publish(skin: "x", document: document("5"), parent: "base@9", author: "a")
            }
            // base's new version extending app would close base → app → base; pinned links count too.
            await #expect(throws: StoreError.lineageCycle(path: ["base", "app", "base"])) {
                try await store.publish(skin: "base", document: document("6"), parent: "app", author: "a")
            }
            await #expect(throws: StoreError.lineageCycle(path: ["base", "pinned", "base"])) {
                try await store.publish(skin: "base", document: document("6"), parent: "pinned@1", author: "a")
            }
            await #expect(throws: StoreError.lineageCycle(path: ["self", "self"])) {
                try await store.publish(skin: "self", document: document("6"), parent: "self", author: "a")
            }
        }
    }

    @Test(arguments: TestBackend.available) func lineagesAreLimitedTo16Skins(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            _ = try await store.publish(skin: "s1", document: document("1"), author: "a")
            for index in 2...16 {
                _ = try await store.publish(skin: "s\(index)", document: document("1"), parent: "s\(index - 1)", author: "a")
            }
            #expect(try await store.lineage(of: "s16").count == 16)
            await #expect(throws: StoreError.lineageTooLong(limit: 16)) {
                try await store.publish(skin: "s17", document: document("1"), parent: "s16", author: "a")
            }
        }
    }

    @Test(arguments: TestBackend.available) func versionsAreImmutableInTheDatabase(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            _ = try await store.publish(skin: "s", document: document("1"), author: "a")
            await #expect {
                try await store.write { database, _ in try database.run("UPDATE versions SET message = 'changed'") }
            } throws: { error in
                ((error as? SQLiteError)?.code.primary == .constraint && (error as? SQLiteError)?.message == "versions are immutable")
                    || (error as? PostgresError)?.message == "versions are immutable"
            }
        }
    }

    /// 8 publishers × 25 publishes on one skin: versions 1…200, each document exactly once.
    @Test(arguments: TestBackend.available) func concurrentPublishersGetGaplessNumbers(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, _) async throws in
            let numbers = try await publishConcurrently(stores: [store], publishers: 8, each: 25)
            #expect(numbers.sorted() == Array(1...200))
            try await expectEveryDocumentStoredOnce(store, publishers: 8, each: 25)
        }
    }

    /// The same through two SkinStore instances on one file: two writer connections contending
    /// for SQLite's lock, exactly as two processes would.
    @Test(arguments: TestBackend.available) func concurrentPublishersThroughTwoInstancesGetGaplessNumbers(_ backend: TestBackend) async throws {
        try await withStore(backend) { (store, directory) async throws in
            let second = try directory.openStore()
            defer { second.close() }
            let numbers = try await publishConcurrently(stores: [store, second], publishers: 8, each: 25)
            #expect(numbers.sorted() == Array(1...200))
            try await expectEveryDocumentStoredOnce(second, publishers: 8, each: 25)
        }
    }

    private func publishConcurrently(stores: [SkinStore], publishers: Int, each: Int) async throws -> [Int] {
        try await withThrowingTaskGroup(of: [Int].self) { group in
            for publisher in 0..<publishers {
                let store = stores[publisher % stores.count]
                group.addTask {
                    var numbers: [Int] = []
                    for index in 0..<each {
                        numbers.append(try await store.publish(skin: "busy", document: document("p\(publisher)i\(index)"), author: "p\(publisher)"))
                    }
                    return numbers
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
    }

    private func expectEveryDocumentStoredOnce(_ store: SkinStore, publishers: Int, each: Int) async throws {
        var documents: [[UInt8]] = []
        for number in 1...(publishers * each) {
            documents.append(try await store.version(number, of: "busy").document)
        }
        let expected = (0..<publishers).flatMap { publisher in (0..<each).map { document("p\(publisher)i\($0)") } }
        #expect(Set(documents) == Set(expected))
        #expect(documents.count == expected.count)
    }
}
