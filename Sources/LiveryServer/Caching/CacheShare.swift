/// One cache's entries, bounded by bytes: its share of the server's cache budget
/// (``CacheBudget``), least recently used first out.
///
/// A value type kept under its owner's lock, so that charging, touching and evicting cost
/// nothing beyond the lock the owner takes anyway. Sizes are estimates (``CacheBudget``
/// says of what); an entry larger than the whole share is not kept, and eviction goes down to
/// nine tenths of the share at once, so a full cache evicts once per several inserts, not on each.
struct CacheShare<Key: Hashable, Value> {
    struct Entry {
        var value: Value
        let bytes: Int
        var used: UInt64
    }

    /// Bytes this cache may hold.
    let limit: Int
    private(set) var entries: [Key: Entry] = [:]
    /// Bytes held now (the sum of the entries' estimates).
    private(set) var bytes = 0
    /// Entries dropped to make room, for `/metrics`.
    private(set) var evictions = 0
    private var clock: UInt64 = 0
    /// When set, how recently a value was used as its owner sees it (a document read on the
    /// event loops without this cache's lock). Such an owner stamps every use itself, from the
    /// same clock (``insert(_:_:bytes:at:)``, ``touch(_:at:)``): one clock, never two compared.
    private let recency: ((Value) -> UInt64)?

    init(limit: Int, recency: ((Value) -> UInt64)? = nil) {
        self.limit = max(0, limit)
        self.recency = recency
    }

    var count: Int { entries.count }

    /// The value for `key`, marked as just used.
    mutating func value(_ key: Key) -> Value? {
        guard entries[key] != nil else { return nil }
        clock &+= 1
        entries[key]!.used = clock
        return entries[key]!.value
    }

    /// The value without marking it used.
    func peek(_ key: Key) -> Value? { entries[key]?.value }

    /// Marks `key` used at `stamp` (the owner's clock, for owners that pass ``recency``).
    mutating func touch(_ key: Key, at stamp: UInt64) {
        if entries[key] != nil { entries[key]!.used = max(entries[key]!.used, stamp) }
    }

    /// Keeps `value` charged at `bytes`, evicting the least recently used entries when the
    /// share would overflow. - Returns: the values evicted (for owners that keep pointers to them).
    @discardableResult
    mutating func insert(_ key: Key, _ value: Value, bytes: Int, at stamp: UInt64? = nil) -> [Value] {
        let size = max(1, bytes)
        if let old = entries.removeValue(forKey: key) { self.bytes -= old.bytes }
        guard size <= limit else { return [] }
        var evicted: [Value] = []
        if self.bytes + size > limit {
            let target = max(0, limit - limit / 10 - size)
            let ranked = entries.sorted { rank($0.value) < rank($1.value) }
            for (victim, entry) in ranked where self.bytes > target {
                entries[victim] = nil
                self.bytes -= entry.bytes
                evictions += 1
                evicted.append(entry.value)
            }
        }
        let used: UInt64
        if let stamp {
            used = stamp
        } else {
            clock &+= 1
            used = clock
        }
        entries[key] = Entry(value: value, bytes: size, used: used)
        self.bytes += size
        return evicted
    }

    /// Drops one entry (no longer valid).
    mutating func remove(_ key: Key) {
        if let old = entries.removeValue(forKey: key) { bytes -= old.bytes }
    }

    /// Drops the entries whose key matches (a deleted skin's).
    mutating func removeAll(where shouldRemove: (Key) -> Bool) {
        for key in entries.keys where shouldRemove(key) { remove(key) }
    }

    /// Drops everything (the store changed under a cache of one generation).
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        bytes = 0
    }

    private func rank(_ entry: Entry) -> UInt64 {
        max(entry.used, recency?(entry.value) ?? 0)
    }
}
