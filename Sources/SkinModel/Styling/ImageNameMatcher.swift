/// Ranks a skin's image names against one element identifier in time linear in the
/// identifier's length (docs/skins.md, "Images").
///
/// An identifier of `n + 1` components has `2^n × (variants + 1)` candidate names; walking
/// them took seconds at 22 components and for ever at 64, for a request of 200 bytes. The
/// skin has few names, so each is matched against the candidates' shape instead
/// (`variant_` prefix, then each component or `*` followed by `_`, then the atom) and the
/// best-ranked match wins: the same answer the enumeration gives, at a cost bounded by the
/// identifier's bytes plus the names' bytes, whatever the identifier.
struct ImageNameMatcher {
    /// The components before the atom, as bytes.
    private let parts: [[UInt8]]
    private let atom: [UInt8]
    private let variantPrefixes: [[UInt8]]
    /// States visited and bytes compared: what the tests bound.
    private(set) var work = 0

    private static let wildcard: [UInt8] = Array("*_".utf8)

    /// `nil` when the identifier has an empty component: such an identifier has no candidates.
    init?(id: String, variants: [String]) {
        var parts = id.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(Array.init)
        guard !parts.contains(where: \.isEmpty) else { return nil }
        atom = parts.removeLast()
        self.parts = parts.map { $0 + [UInt8(ascii: "_")] }
        variantPrefixes = variants.map { Array($0.utf8) + [UInt8(ascii: "_")] }
        work = id.utf8.count
    }

    /// The best rank `name` holds among the candidates, or `nil` if it is none of them.
    mutating func rank(of name: String) -> ImageCandidateRank? {
        let bytes = Array(name.utf8)
        work += bytes.count
        var best: ImageCandidateRank?
        for slot in 0...variantPrefixes.count {
            var start = 0
            if slot < variantPrefixes.count {
                guard matches(variantPrefixes[slot], in: bytes, at: 0) else { continue }
                start = variantPrefixes[slot].count
            }
            guard bytes.count - start >= atom.count, matches(atom, in: bytes, at: bytes.count - atom.count),
                  let replaced = bestReplacement(bytes, from: start, to: bytes.count - atom.count)
            else { continue }
            let rank = ImageCandidateRank(replaced: replaced, variantSlot: slot)
            if best.map({ rank < $0 }) ?? true { best = rank }
        }
        return best
    }

    /// The best set of replaced components for which `bytes[start..<end]` is the components
    /// (each `part_` or `*_`) in order, or `nil` when none fits.
    ///
    /// Forward, the offsets each component can end at (usually one; two only where a part
    /// starts like `*_`); backward, the fewest replacements from each; then forward again,
    /// replacing as early as the fewest allows (outer first). Every component consumes at
    /// least two bytes, so the layers die out after `(end - start) / 2` components.
    private mutating func bestReplacement(_ bytes: [UInt8], from start: Int, to end: Int) -> [Int]? {
        guard (end - start) >= 2 * parts.count else { return nil }
        var layers: [[Int]] = [[start]]
        for part in parts {
            var next: [Int] = []
            for offset in layers[layers.count - 1] {
                for piece in [part, Self.wildcard] where offset + piece.count <= end && matches(piece, in: bytes, at: offset) {
                    if !next.contains(offset + piece.count) { next.append(offset + piece.count) }
                }
            }
            guard !next.isEmpty else { return nil }
            layers.append(next)
        }
        guard layers[parts.count].contains(end) else { return nil }
        // fewest[i][offset]: the fewest replacements among components i... from offset to end.
        var fewest = [[Int: Int]](repeating: [:], count: parts.count + 1)
        fewest[parts.count] = [end: 0]
        for index in stride(from: parts.count - 1, through: 0, by: -1) {
            for offset in layers[index] {
                work += 1
                let literal = fewest[index + 1][offset + parts[index].count]
                    .flatMap { matches(parts[index], in: bytes, at: offset) ? $0 : nil }
                let wildcard = fewest[index + 1][offset + 2]
                    .flatMap { matches(Self.wildcard, in: bytes, at: offset) ? $0 + 1 : nil }
                if let count = [literal, wildcard].compactMap({ $0 }).min() { fewest[index][offset] = count }
            }
        }
        guard var remaining = fewest[0][start] else { return nil }
        var replaced: [Int] = []
        var offset = start
        for index in parts.indices {
            if remaining > 0, let after = fewest[index + 1][offset + 2], after == remaining - 1,
               matches(Self.wildcard, in: bytes, at: offset)
            {
                replaced.append(index)
                remaining -= 1
                offset += 2
            } else {
                offset += parts[index].count
            }
        }
        return replaced
    }

    private mutating func matches(_ piece: [UInt8], in bytes: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + piece.count <= bytes.count else { return false }
        for index in piece.indices {
            work += 1
            if bytes[offset + index] != piece[index] { return false }
        }
        return true
    }
}
