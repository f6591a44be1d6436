/// The resolution's token paths, numbered in the order they were first met, and found by path
/// through an open-addressing table of 8-byte slots that point into `paths`.
///
/// A `[String: Int]` keeps a 16-byte key and an 8-byte value per bucket, about 3 MB at 50,000
/// tokens: more than a core's cache, so building it and every probe missed two or three times
/// (issue 9, callgrind). Here a slot is one word, the high half of the path's hash beside the
/// token number (1 MB at 50,000 tokens); a probe reads one slot and compares the path itself only
/// when the hash halves agree. Paths compare as Swift `String`s (and hash as them), so canonically
/// equivalent spellings are one path, as they were in the dictionary.
struct PathIndex {
    /// Token `n`'s path is `paths[n]`.
    private(set) var paths: [String] = []
    /// 0: empty; otherwise `hash high 32 bits << 32 | (token + 1)`.
    private var slots: [UInt64]
    private var mask: Int

    /// Room for `capacity` paths with the table at most half full.
    init(capacity: Int = 0) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        paths.reserveCapacity(capacity)
    }

    /// The number of the token at `path`, nil when there is none.
    subscript(path: String) -> Int? {
        switch probe(path, hash: Self.hash(path)) {
        case .found(let token): token
        case .empty: nil
        }
    }

    /// The number of the token at `path`, numbering it next when it is new.
    mutating func number(_ path: String) -> Int {
        if (paths.count + 1) * 2 > slots.count { grow() }
        let hash = Self.hash(path)
        switch probe(path, hash: hash) {
        case .found(let token):
            return token
        case .empty(let slot):
            precondition(paths.count < Int(UInt32.max) - 1, "more tokens than a slot can number")
            paths.append(path)
            slots[slot] = Self.entry(token: paths.count - 1, hash: hash)
            return paths.count - 1
        }
    }

    private enum Probe {
        case found(Int)
        /// Not there; the slot it would go in.
        case empty(Int)
    }

    /// Linear probing from the hash's slot: the path's token, or the first empty slot.
    private func probe(_ path: String, hash: UInt64) -> Probe {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return .empty(slot) }
            if entry >> 32 == hash >> 32 {
                let token = Int(entry & 0xFFFF_FFFF) - 1
                if paths[token] == path { return .found(token) }
            }
            slot = (slot + 1) & mask
        }
    }

    private static func entry(token: Int, hash: UInt64) -> UInt64 {
        (hash >> 32) << 32 | UInt64(token + 1)
    }

    static func hash(_ path: String) -> UInt64 {
        UInt64(UInt(bitPattern: path.hashValue))
    }

    private mutating func place(_ token: Int, hash: UInt64) {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Self.entry(token: token, hash: hash)
    }

    /// Doubles the table, placing every token again by its path's hash (a slot keeps only the
    /// high half). Giving the capacity up front avoids this.
    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        mask = slots.count - 1
        for token in paths.indices { place(token, hash: Self.hash(paths[token])) }
    }
}
