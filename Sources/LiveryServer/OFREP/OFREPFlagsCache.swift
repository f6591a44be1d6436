import Synchronization

/// The flags of recently served documents, keyed by the document's ETag (a hash of its bytes),
/// so that a burst of provider polls parses a look once, not once per request.
///
/// Process-wide rather than per server: a key names the bytes themselves, so two servers in one
/// process (tests) can only ever share identical answers.
enum OFREPFlagsCache {
    /// Most documents kept; past it the cache starts over (a miss only costs one parse).
    static let limit = 64
    private static let entries = Mutex<[String: OFREPFlags]>([:])

    /// The flags of the document with `etag`, parsed from `bytes` on a miss.
    static func flags(etag: String, bytes: () -> [UInt8]) throws(OFREPError) -> OFREPFlags {
        if let found = entries.withLock({ $0[etag] }) { return found }
        let flags = try OFREPFlags(document: bytes())
        entries.withLock { entries in
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[etag] = flags
        }
        return flags
    }
}
