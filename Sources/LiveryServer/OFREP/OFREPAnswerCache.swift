import HTTPEngine
import Synchronization

/// OFREP's answers for the looks recently evaluated, prepared once per look and kept as bytes
/// (docs/api.md, "OFREP"): the flags of each token and the whole bulk body, keyed by the
/// resolved document's ETag (a hash of its bytes).
///
/// A bulk evaluation once re-read its look and re-encoded every flag on every request (83 ms of
/// CPU and 6.4 MB for a large look, issue 33); now a repeated one is a hash lookup and the
/// same bytes. A publish changes what a channel resolves to, so its evaluations meet a new tag
/// and build a new answer; the old one is no longer asked for and leaves with the least used.
/// Bounded by its share of the cache budget (``CacheBudget/ofrep``), not by a count.
final class OFREPAnswerCache: Sendable {
    /// One look's answers.
    struct Answer: Sendable {
        let flags: OFREPFlags
        /// `{"flags": [...]}`, ready to send.
        let bulk: HTTPBytes

        /// The flags' bytes and the bulk body, with the keys and index a little over them.
        var approximateBytes: Int {
            bulk.count * 2 + flags.flags.reduce(0) { $0 + $1.key.utf8.count * 2 + 64 }
        }
    }

    private let state: Mutex<CacheShare<String, Answer>>
    private let built = Atomic<Int>(0)

    init(bytes: Int) {
        state = Mutex(CacheShare(limit: bytes))
    }

    /// Answers built (cache misses), for `/metrics` and tests.
    var builds: Int { built.load(ordering: .relaxed) }
    /// Bytes held now.
    var bytes: Int { state.withLock { $0.bytes } }

    /// The answers of the document tagged `etag`, built from `bytes` (its canonical flat JSON) on a miss.
    func answer(etag: String, bytes: () -> [UInt8]) throws(OFREPError) -> Answer {
        if let found = state.withLock({ $0.value(etag) }) { return found }
        let flags = try OFREPFlags(document: bytes())
        let answer = Answer(flags: flags, bulk: HTTPBytes(flags.bulk))
        built.add(1, ordering: .relaxed)
        state.withLock { _ = $0.insert(etag, answer, bytes: answer.approximateBytes) }
        return answer
    }
}
