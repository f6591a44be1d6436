/// Collecting one change seen in several selections into one entry that names them all.
extension SkinDiff {
    struct TokenKey: Hashable {
        var path: String
        var old: TokenValue?
        var new: TokenValue?

        /// Added, removed, changed: one path's entries of one kind stay together.
        var rank: Int { old == nil ? 0 : new == nil ? 1 : 2 }
    }

    struct IdentifierKey: Hashable {
        var id: String
        var added: Bool
    }

    /// Keys in first-seen order, each with the selections it was seen in.
    struct Gathered<Key: Hashable> {
        private var order: [Key] = []
        private var selections: [Key: [[String]]] = [:]

        mutating func add(_ key: Key, _ selection: [String]) {
            if selections[key] == nil { order.append(key) }
            selections[key, default: []].append(selection)
        }

        /// The keys sorted stably by `areInIncreasingOrder` (first-seen order among equals).
        func ordered(by areInIncreasingOrder: (Key, Key) -> Bool) -> [(key: Key, selections: [[String]])] {
            let indexed = order.enumerated().sorted { lhs, rhs in
                if areInIncreasingOrder(lhs.element, rhs.element) { return true }
                if areInIncreasingOrder(rhs.element, lhs.element) { return false }
                return lhs.offset < rhs.offset
            }
            return indexed.map { ($0.element, selections[$0.element]!) }
        }
    }
}
