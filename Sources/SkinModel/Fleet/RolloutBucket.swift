/// The rollout bucket (0…99) of an install (docs/api.md, "Rollouts, schedules and rollback"): FNV-1a (32 bits) of the
/// install id's UTF-8 bytes, modulo 100. The Swift client, the web client (`bucketOf` in
/// client.js) and OFREP's `targetingKey` all mean this one function, so one install lands in one
/// bucket whichever way it reads; `Tests/Fixtures/fleet-vectors.json` holds the values every one
/// of them is tested against.
package enum RolloutBucket {
    package static func of(_ id: String) -> Int {
        var hash: UInt32 = 0x811c_9dc5
        for byte in id.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return Int(hash % 100)
    }
}
