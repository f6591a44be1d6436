import Logging

/// Entry points for the benchmark and crash-test packages under `Benchmarks/`.
///
/// Those are separate SwiftPM packages (so the root build never builds them), and `package`
/// access does not cross package boundaries; these few `@_spi(Benchmarks) public` forwarders
/// give them what they drive without making the store's API public. Import with
/// `@_spi(Benchmarks) import SkinStore`.
extension SkinStore {
    /// Opens (creating and migrating) the database at `path`, logging nothing.
    @_spi(Benchmarks)
    public convenience init(benchmarkDatabaseAt path: String) throws {
        try self.init(path: path, logger: Logger(label: "livery.store.benchmark", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    /// ``publish(skin:document:parent:author:message:expectedLatest:)`` without parent or precondition.
    @_spi(Benchmarks)
    public func benchmarkPublish(skin: String, document: [UInt8], author: String) async throws -> Int {
        try await publish(skin: skin, document: document, author: author)
    }

    /// ``integrityCheck()``.
    @_spi(Benchmarks)
    public func benchmarkIntegrityCheck() async throws -> String {
        try await integrityCheck()
    }

    /// The SHA-256 of every version of `skin`, by number (for checking acknowledged publishes).
    @_spi(Benchmarks)
    public func benchmarkVersionDigests(skin: String) async throws -> [Int: String] {
        let detail = try await skinHistory(skin)
        return Dictionary(uniqueKeysWithValues: detail.versions.map { ($0.number, $0.sha256) })
    }

    /// ``close()``.
    @_spi(Benchmarks)
    public func benchmarkClose() {
        close()
    }
}
