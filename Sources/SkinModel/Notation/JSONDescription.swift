/// Short renderings of JSON values for diagnostics ("the offending text").
enum JSONDescription {
    /// The value as compact JSON, cut to a readable length.
    static func describe(_ value: JSONValue) -> String {
        let text = String(decoding: CanonicalJSON.encode(value), as: UTF8.self)
        return text.count > 80 ? text.prefix(77) + "…" : text
    }
}
