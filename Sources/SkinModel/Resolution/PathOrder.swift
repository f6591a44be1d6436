/// Sorting token paths in code point order (UTF-8 byte order), the order of the flat document's
/// `tokens` and of `ResolvedTokens`.
enum PathOrder {
    /// The positions of `paths`, ordered so that their paths are in code point order.
    ///
    /// Each path's first 16 UTF-8 bytes become two big-endian words (byte order is code point
    /// order), and whole paths are compared only on a tie. The sort then moves small fixed-size
    /// records through contiguous memory: comparing the strings in place followed a pointer to
    /// each one's bytes at every comparison, cold memory at 50,000 tokens (issue 9, callgrind).
    static func sorted(_ paths: [String]) -> [Int] {
        var records = paths.indices.map { position in
            let (high, low) = prefixWords(paths[position])
            return (high, low, position)
        }
        records.sort { a, b in
            if a.0 != b.0 { return a.0 < b.0 }
            if a.1 != b.1 { return a.1 < b.1 }
            return CanonicalJSON.codePointPrecedes(paths[a.2], paths[b.2])
        }
        return records.map(\.2)
    }

    /// A path's first 16 UTF-8 bytes as two big-endian words, zero-padded: ordering these orders
    /// the paths wherever they differ within 16 bytes (a shorter path that is a prefix of a longer
    /// one ties, and the full comparison puts it first).
    static func prefixWords(_ path: String) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        for (index, byte) in path.utf8.prefix(16).enumerated() {
            if index < 8 {
                words.0 |= UInt64(byte) << (56 - 8 * index)
            } else {
                words.1 |= UInt64(byte) << (56 - 8 * (index - 8))
            }
        }
        return words
    }
}
