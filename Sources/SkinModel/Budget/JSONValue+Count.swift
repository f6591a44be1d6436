extension JSONValue {
    /// The number of JSON values in this one (itself, every member and element, deeply),
    /// counting no further than `limit`: what expanding a copy of it costs an `ExpansionBudget`,
    /// found in time bounded by the limit however large the value is.
    func valueCount(upTo limit: Int = .max) -> Int {
        var count = 0
        var pending: [JSONValue] = [self]
        while let value = pending.popLast(), count < limit {
            count += 1
            switch value {
            case .array(let elements): pending.append(contentsOf: elements)
            case .object(let object): for (_, member) in object.members { pending.append(member) }
            default: break
            }
        }
        return count
    }
}
