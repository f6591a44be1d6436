/// Every token's definitions in one array, grouped by token and in layer order within a token:
/// token `t`'s are `all[starts[t]..<starts[t + 1]]`.
///
/// One array for the whole resolution rather than an array per token: at 50,000 tokens the
/// per-token arrays were 50,000 small heap blocks, allocated while indexing, scattered over
/// memory, and freed one by one at the end; the allocator's consolidation of those frees was the
/// fastest-growing cost of a cold resolve (issue 9, ModelBench under callgrind).
struct DefinitionTable {
    private(set) var all: [CompiledDefinition] = []
    /// `count + 1` offsets into `all`.
    private var starts: [Int] = [0]

    /// Groups the definitions of `layers` by the token each defines. `tokenOf[n]` is the token of
    /// the `n`-th definition in layer order (layer 0's, then layer 1's, …).
    init(layers: [Layer], tokenOf: [Int], tokenCount: Int) {
        var counts = [Int](repeating: 0, count: tokenCount)
        for token in tokenOf { counts[token] += 1 }
        starts = [Int](repeating: 0, count: tokenCount + 1)
        for token in 0..<tokenCount { starts[token + 1] = starts[token] + counts[token] }
        var next = Array(starts.dropLast())
        all = [CompiledDefinition](repeating: CompiledDefinition(layer: 0, position: 0), count: tokenOf.count)
        var definition = 0
        for layer in layers.indices {
            for position in layers[layer].definitions.indices {
                let token = tokenOf[definition]
                all[next[token]] = CompiledDefinition(layer: layer, position: position)
                next[token] += 1
                definition += 1
            }
        }
    }

    init() {}

    var tokenCount: Int { starts.count - 1 }

    /// `0..<n` for a token with `n` definitions. Loops that change definitions iterate this rather
    /// than `self[token].indices`: a live view shares `all`, and a write would then copy it.
    func indices(of token: Int) -> Range<Int> {
        0..<(starts[token + 1] - starts[token])
    }

    /// Token `token`'s definitions, in layer order, indexed from 0.
    subscript(token: Int) -> TokenDefinitions {
        TokenDefinitions(all: all, range: starts[token]..<starts[token + 1])
    }

    /// Token `token`'s `index`-th definition, to read or change in place.
    subscript(token: Int, index: Int) -> CompiledDefinition {
        get { all[starts[token] + index] }
        _modify { yield &all[starts[token] + index] }
    }
}

/// One token's definitions in a `DefinitionTable`, indexed from 0 (a view, not a copy).
struct TokenDefinitions: RandomAccessCollection {
    let all: [CompiledDefinition]
    let range: Range<Int>

    var startIndex: Int { 0 }
    var endIndex: Int { range.count }

    subscript(index: Int) -> CompiledDefinition {
        all[range.lowerBound + index]
    }
}
