import Foundation
import SkinModel

/// A random id made once per install and kept with the client's cache, from which the
/// install's rollout bucket is derived (docs/api.md, "Rollouts, schedules and rollback").
///
/// It is **not a user identifier**: 128 random bits, not derived from the device, the user or
/// any account, never sent to the server (only the bucket, a number 0…99, is), and gone with
/// the cache directory. Its only use is that one install stays in one bucket, so that raising
/// a rollout's percentage moves devices from the active look to the new one and never back.
struct InstallIdentity: Sendable, Hashable {
    /// 32 lower-case hex digits.
    let id: String

    /// This install's bucket, 0…99.
    var bucket: Int { Self.bucket(of: id) }

    /// The name of the file in the cache directory that keeps the id.
    static let fileName = "livery-install-id"

    /// The id kept in `directory`, made and written there on first use. Without a directory (or
    /// if it cannot be written) a fresh id is used for this run only: the bucket then changes
    /// between launches, which is why apps should configure a cache directory.
    static func load(directory: URL?) -> InstallIdentity {
        guard let directory else { return InstallIdentity(id: random()) }
        let file = directory.appendingPathComponent(fileName)
        if let data = FileManager.default.contents(atPath: file.path),
            let kept = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines), isWellFormed(kept)
        {
            return InstallIdentity(id: kept)
        }
        let made = random()
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Atomic: two clients starting together may both write, but each file is whole and the
        // id read back by later launches is one of them.
        try? Data(made.utf8).write(to: file, options: .atomic)
        if let data = FileManager.default.contents(atPath: file.path), let kept = String(data: data, encoding: .utf8), isWellFormed(kept) {
            return InstallIdentity(id: kept)
        }
        return InstallIdentity(id: made)
    }

    /// The bucket of an id (``RolloutBucket``: the web client and the server compute the same).
    static func bucket(of id: String) -> Int { RolloutBucket.of(id) }

    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
        }.joined()
    }

    private static func isWellFormed(_ text: String) -> Bool {
        text.count == 32 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
