/// A resolved skin's tokens: one contiguous array of `(path, token)` entries, sorted by path in
/// code point order — the order the flat document writes them in (RFC 8785 §3.2.3 sorts by
/// UTF-16 units, but Livery's canonical JSON sorts by code point, see `CanonicalJSON`).
///
/// Not a dictionary, because of what a cold resolve does with the tokens: the resolver fills
/// them once, the flat writer walks them once in path order, and the whole set is released
/// at the end. In a `[String: ResolvedToken]` each of those steps jumps around a table of
/// tens of thousands of large entries (the writer sorted the keys, then looked each up in hash
/// order), and at 50,000 tokens that table no longer fits in a core's cache: the cold resolve
/// grew 15–16× from 5,000 tokens (issue 9, ModelBench under callgrind). Here the resolver sorts
/// once (it knows every path) and everything after walks memory front to back.
///
/// Looking a token up by path is a binary search: about 16 comparisons at 50,000 tokens. The
/// resolver's own hot loops never look up here (they index by token number); styling, the
/// contrast gate and the lost-token check do, a few times per rule or per written path.
public struct ResolvedTokens: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: String, value: ResolvedToken)

    struct Entry: Sendable, Hashable {
        var path: String
        var token: ResolvedToken
    }

    /// Sorted by `path` in code point order, each path once.
    private(set) var entries: [Entry]

    public init() {
        entries = []
    }

    /// The tokens of `dictionary`, put in path order.
    public init(_ dictionary: [String: ResolvedToken]) {
        let paths = Array(dictionary.keys)
        let tokens = Array(dictionary.values)
        entries = PathOrder.sorted(paths).map { Entry(path: paths[$0], token: tokens[$0]) }
    }

    public init(dictionaryLiteral elements: (String, ResolvedToken)...) {
        var dictionary: [String: ResolvedToken] = [:]
        for (path, token) in elements { dictionary[path] = token }
        self.init(dictionary)
    }

    /// Entries the caller has already put in path order, each path once (the resolver sorts as it collects).
    init(sorted entries: [Entry]) {
        assert(zip(entries, entries.dropFirst()).allSatisfy { CanonicalJSON.codePointPrecedes($0.path, $1.path) })
        self.entries = entries
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }

    public subscript(position: Int) -> Element {
        (entries[position].path, entries[position].token)
    }

    /// The token at `path`, nil when there is none. Setting nil removes it; setting a token
    /// adds or replaces it in its place in path order.
    public subscript(path: String) -> ResolvedToken? {
        get {
            position(of: path).map { entries[$0].token }
        }
        set {
            if let position = position(of: path) {
                if let newValue { entries[position].token = newValue } else { entries.remove(at: position) }
            } else if let newValue {
                entries.insert(Entry(path: path, token: newValue), at: insertionPoint(of: path))
            }
        }
    }

    /// Every path, in path order.
    public var keys: [String] { entries.map(\.path) }

    /// Every token, in path order.
    public var values: [ResolvedToken] { entries.map(\.token) }

    /// A dictionary of path → `transform(token)`, for APIs that take one (`Interpolation`, `ResolvedDiff`).
    public func mapValues<T>(_ transform: (ResolvedToken) throws -> T) rethrows -> [String: T] {
        var result: [String: T] = [:]
        result.reserveCapacity(entries.count)
        for entry in entries { result[entry.path] = try transform(entry.token) }
        return result
    }

    /// The position of `path` in `entries`, by binary search in code point order.
    ///
    /// Swift's `String ==` also equates canonically equivalent spellings (`é` precomposed or
    /// not), which a dictionary keyed by path did and code points do not: a non-ASCII path that
    /// the search misses is looked for that way too, so no lookup finds less than before.
    func position(of path: String) -> Int? {
        let candidate = insertionPoint(of: path)
        if candidate < entries.count, entries[candidate].path.utf8.elementsEqual(path.utf8) { return candidate }
        guard !CanonicalJSON.isASCII(path) else { return nil }
        return entries.firstIndex { $0.path == path }
    }

    /// The first position whose path does not precede `path`.
    private func insertionPoint(of path: String) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if CanonicalJSON.codePointPrecedes(entries[middle].path, path) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
