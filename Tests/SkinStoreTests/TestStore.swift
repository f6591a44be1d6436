import Foundation
import Logging
@testable import SkinStore

/// A temporary directory removed when released.
final class TemporaryDirectory: Sendable {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("skinstore-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A path inside the directory.
    func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }
}

/// A logger that drops everything (tests assert on results, not logs).
let quietLogger = Logger(label: "livery.store.tests", factory: { _ in SwiftLogNoOpLogHandler() })

/// Opens a store on a fresh database of `kind` (see ``TestDatabase``), runs `body`, closes the
/// store and removes the database, all off the cooperative pool.
func withStore<T>(
    _ kind: TestBackend = .sqlite, readerCount: Int = 2, _ body: (SkinStore, TestDatabase) async throws -> T
) async throws -> T {
    let database = try await TestDatabase.make(kind)
    let store = try await SkinStore.open(backend: database.backend(), readerCount: readerCount, logger: quietLogger)
    let result: T
    do {
        result = try await body(store, database)
    } catch {
        await store.close()
        await database.remove()
        throw error
    }
    await store.close()
    await database.remove()
    return result
}

/// Bytes of a small document, distinct per `tag`.
func document(_ tag: String, extends parent: String? = nil) -> [UInt8] {
    let extends = parent.map { "\"$livery\":{\"extends\":\"\($0)\"}," } ?? ""
    let text = "{" + extends + "\"color\":{\"$type\":\"color\",\"tint\":{\"$value\":\"#" + tag + "\"}}}"
    return Array(text.utf8)
}

/// Polls `condition` until it holds or `timeout` passes.
func eventually(timeout: Duration = .seconds(5), _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
}
