/// A short list of token numbers for each token (the tokens its default expression depends on,
/// or its type depends on), all in one array: token `t`'s list is `items[ranges[t]]`.
///
/// One array rather than an array per token, for the reason `DefinitionTable` gives: tens of
/// thousands of small heap blocks, scattered and freed one by one, bent a cold resolve's growth.
/// Lists may be set in any order (type inference visits tokens depth first), each once.
struct TokenLists {
    private var ranges: [Range<Int>]
    private var items: [Int] = []

    init(count: Int) {
        ranges = Array(repeating: 0..<0, count: count)
    }

    /// Token `token`'s list (indices start where the slice starts: iterate it, or offset from `startIndex`).
    subscript(token: Int) -> ArraySlice<Int> {
        items[ranges[token]]
    }

    /// How many tokens are in token `token`'s list.
    func count(of token: Int) -> Int {
        ranges[token].count
    }

    /// The `position`-th token (from 0) of token `token`'s list; unlike `self[token]`, no slice
    /// stays alive to make a later `set` copy the whole array.
    subscript(token: Int, position: Int) -> Int {
        items[ranges[token].lowerBound + position]
    }

    /// Sets token `token`'s list; a token's list is set at most once.
    mutating func set(_ token: Int, _ list: some Sequence<Int>) {
        assert(ranges[token].isEmpty)
        let start = items.count
        items.append(contentsOf: list)
        ranges[token] = start..<items.count
    }
}
