/// The header (or trailer) fields of a request, in the order received, duplicates kept.
///
/// The fields are byte ranges into the request's head bytes; names and values become `String`s
/// only when asked for. Lookups are case-insensitive (RFC 9110 §5.1) and compare lengths first.
///
/// ```swift
/// let tag = request.headers["if-none-match"]          // first value, or nil
/// let all = request.headers.values(for: "accept")     // every value, in order
/// ```
package struct HTTPHeaders: Sendable, Sequence {
    /// One field line: name and value ranges in `bytes`, value without surrounding whitespace.
    struct FieldRange: Sendable {
        var nameStart: UInt32
        var nameEnd: UInt32
        var valueStart: UInt32
        var valueEnd: UInt32
    }

    let bytes: [UInt8]
    let ranges: [FieldRange]

    init(bytes: [UInt8], ranges: [FieldRange]) {
        self.bytes = bytes
        self.ranges = ranges
    }

    /// No fields.
    package init() {
        bytes = []
        ranges = []
    }

    /// Fields from name/value pairs (tests and synthetic requests).
    package init(_ fields: [(String, String)]) {
        var bytes: [UInt8] = []
        var ranges: [FieldRange] = []
        for (name, value) in fields {
            let ns = UInt32(bytes.count)
            bytes += name.utf8
            let ne = UInt32(bytes.count)
            bytes += value.utf8
            ranges.append(FieldRange(nameStart: ns, nameEnd: ne, valueStart: ne, valueEnd: UInt32(bytes.count)))
        }
        self.bytes = bytes
        self.ranges = ranges
    }

    package var count: Int { ranges.count }
    package var isEmpty: Bool { ranges.isEmpty }

    /// The first value of the field `name` (case-insensitive), or nil.
    package subscript(name: String) -> String? {
        guard let i = firstIndex(of: name) else { return nil }
        return value(at: i)
    }

    /// Every value of the field `name`, in order received.
    package func values(for name: String) -> [String] {
        var result: [String] = []
        forEachIndex(of: name) { result.append(value(at: $0)) }
        return result
    }

    package func contains(_ name: String) -> Bool { firstIndex(of: name) != nil }

    /// The name of the field at `index`, as received.
    package func name(at index: Int) -> String {
        let r = ranges[index]
        return string(Int(r.nameStart)..<Int(r.nameEnd))
    }

    /// The value of the field at `index`, without surrounding whitespace.
    package func value(at index: Int) -> String {
        let r = ranges[index]
        return string(Int(r.valueStart)..<Int(r.valueEnd))
    }

    /// Calls `body` with the raw bytes of the first value of `name`, without building a String.
    package func withFirstValueBytes<R>(of name: String, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        guard let i = firstIndex(of: name) else { return try body(nil) }
        let r = ranges[i]
        return try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[Int(r.valueStart)..<Int(r.valueEnd)])) }
    }

    package func makeIterator() -> AnyIterator<(name: String, value: String)> {
        var i = 0
        return AnyIterator {
            guard i < ranges.count else { return nil }
            defer { i += 1 }
            return (name(at: i), value(at: i))
        }
    }

    func firstIndex(of name: String) -> Int? {
        var found: Int?
        forEachIndex(of: name) { i in if found == nil { found = i } }
        return found
    }

    private func forEachIndex(of name: String, _ body: (Int) -> Void) {
        var name = name
        name.withUTF8 { wanted in
            let wanted = UnsafeRawBufferPointer(wanted)
            bytes.withUnsafeBytes { all in
                for (i, r) in ranges.enumerated() where Int(r.nameEnd - r.nameStart) == wanted.count {
                    let candidate = UnsafeRawBufferPointer(rebasing: all[Int(r.nameStart)..<Int(r.nameEnd)])
                    if ASCII.equalsCaseInsensitive(candidate, wanted) { body(i) }
                }
            }
        }
    }

    private func string(_ range: Range<Int>) -> String {
        bytes.withUnsafeBytes { String(decoding: UnsafeRawBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }
}
