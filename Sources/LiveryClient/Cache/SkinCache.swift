import SkinModel
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The last good document of one client (base URL, channel, variants), in a caller-chosen
/// directory.
///
/// Loading is synchronous, because an app wants its look before its first frame, and small
/// (one file of a few kilobytes). Saving happens on a serial queue off the cooperative pool
/// and is atomic: the record is written to a temporary file in the same directory, flushed
/// with `fsync`, then renamed over the previous one, so a crash leaves either the old or the
/// new record, never a torn one.
final class SkinCache: Sendable {
    let file: URL
    private let requestURL: String
    private let queue = DispatchQueue(label: "livery.client.cache")
    /// The newest sequence number written; only touched on `queue`.
    private let lastWritten = LockedState<UInt64>(0)

    init(directory: URL, requestURL: URL, channel: String) {
        self.requestURL = requestURL.absoluteString
        let safeChannel = String(channel.unicodeScalars.map { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_") ? Character(scalar) : "_"
        }.prefix(40))
        file = directory.appendingPathComponent("livery-\(safeChannel)-\(Self.fnv1a(self.requestURL)).skin")
    }

    /// The persisted skin, marked `.cached`, or `nil` when there is none or it is unreadable
    /// (a corrupt or foreign file is ignored, never fatal: the next fetch replaces it).
    func load(baseURL: URL) -> Skin? {
        guard let data = FileManager.default.contents(atPath: file.path),
            let record = CacheRecord(decoding: [UInt8](data)), record.header.url == requestURL,
            let document = try? ResolvedDocument.parse(record.document)
        else { return nil }
        return Skin(
            document: document, bytes: record.document, etag: record.header.etag, source: .cached,
            receivedAt: record.header.receivedAt, baseURL: baseURL)
    }

    /// Persists `skin` unless a newer one (higher `sequence`) was already written.
    /// - Throws: the file system's error; the previous record is then left in place.
    func save(_ skin: Skin, sequence: UInt64) async throws {
        guard let bytes = skin.bytes else { return }
        let record = CacheRecord(
            header: .init(
                format: CacheRecord.currentFormat, url: requestURL, etag: skin.etag, skin: skin.name,
                version: skin.version, receivedAt: skin.receivedAt ?? Date()),
            document: bytes)
        let encoded = try record.encoded()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            queue.async { [self] in
                continuation.resume(with: Result {
                    guard lastWritten.withLock({ $0 < sequence }) else { return }
                    try write(encoded)
                    lastWritten.withLock { $0 = sequence }
                })
            }
        }
    }

    private func write(_ bytes: [UInt8]) throws {
        let manager = FileManager.default
        let directory = file.deletingLastPathComponent()
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        guard manager.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: bytes)
            try handle.synchronize()
            guard rename(temporary.path, file.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
            }
        } catch {
            try? manager.removeItem(at: temporary)
            throw error
        }
    }

    /// FNV-1a, 64 bits, hex: a stable name for a request URL (Swift's `hashValue` is seeded per run).
    private static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
