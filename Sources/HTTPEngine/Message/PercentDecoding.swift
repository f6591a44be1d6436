/// Percent-decoding of paths and query strings (RFC 3986 §2.1). Lenient by design: a `%` not
/// followed by two hex digits stays as it is, and invalid UTF-8 becomes U+FFFD, so decoding
/// never fails; the router and the application validate what they need.
enum PercentDecoding {
    static func decode(_ bytes: UnsafeRawBufferPointer, plusAsSpace: Bool) -> String {
        // Fast path: nothing to decode.
        if !bytes.contains(where: { $0 == ASCII.percent || (plusAsSpace && $0 == UInt8(ascii: "+")) }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == ASCII.percent, i + 2 < bytes.count,
               let hi = ASCII.hexValue(bytes[i + 1]), let lo = ASCII.hexValue(bytes[i + 2]) {
                out.append(UInt8(hi << 4 | lo))
                i += 3
            } else {
                out.append(plusAsSpace && c == UInt8(ascii: "+") ? ASCII.sp : c)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `a=1&b=&c&a=2` → [(a,1), (b,""), (c,""), (a,2)]; empty pieces (`&&`) are skipped; `+`
    /// decodes to a space, as in HTML forms (`application/x-www-form-urlencoded`). RFC 3986 itself
    /// gives `+` no meaning: a value that keeps it (semver's build metadata) is read with
    /// ``RawQueryItem/decodedValue(plusAsSpace:)``, the same pieces in the same order.
    static func queryItems(_ query: UnsafeRawBufferPointer) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        forEachItem(query) { item in
            items.append((item.decodedName(), item.decodedValue()))
            return true
        }
        return items
    }

    /// Splits a raw query into its items, in order, without decoding them: `&` separates items
    /// (empty pieces skipped), the first `=` separates a name from its value (none: an empty
    /// value). Stops when `body` returns false. The one splitting rule of ``queryItems(_:plusAsSpace:)``
    /// and ``HTTPRequest/forEachRawQueryItem(_:)``.
    static func forEachItem(_ query: UnsafeRawBufferPointer, _ body: (RawQueryItem) -> Bool) {
        var start = 0
        while start <= query.count {
            var end = start
            while end < query.count, query[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                let piece = UnsafeRawBufferPointer(rebasing: query[start..<end])
                let item = if let eq = piece.firstIndex(of: ASCII.equals) {
                    RawQueryItem(
                        name: UnsafeRawBufferPointer(rebasing: piece[piece.startIndex..<eq]),
                        value: UnsafeRawBufferPointer(rebasing: piece[(eq + 1)..<piece.endIndex]))
                } else {
                    RawQueryItem(name: piece, value: UnsafeRawBufferPointer(start: nil, count: 0))
                }
                guard body(item) else { return }
            }
            start = end + 1
        }
    }
}

/// One query item as received, its bytes not yet percent-decoded, valid only inside the call
/// that hands it out (it points into the request's head). For hot paths that decode only what
/// they read: a launch with `?client=ios/3.2.1` needs no `String` and no array at all.
package struct RawQueryItem {
    /// The name's bytes, as received.
    package let name: UnsafeRawBufferPointer
    /// The value's bytes, as received (empty for `name` without `=`).
    package let value: UnsafeRawBufferPointer

    /// Whether the name, decoded, is `expected` (an ASCII name without `%` or `+`, as every
    /// parameter Livery reads is); an encoded name is decoded to compare.
    package func nameIs(_ expected: StaticString) -> Bool {
        let wanted = UnsafeRawBufferPointer(start: expected.utf8Start, count: expected.utf8CodeUnitCount)
        if name.elementsEqual(wanted) { return true }
        guard name.contains(ASCII.percent) || name.contains(UInt8(ascii: "+")) else { return false }
        return decodedName(plusAsSpace: true).utf8.elementsEqual(wanted)
    }

    /// Whether the value has any `%` escape, that is whether its raw bytes are not already its text
    /// (with `+` kept as `+`).
    package var valueHasEscapes: Bool { value.contains(ASCII.percent) }

    /// The name, percent-decoded (`plusAsSpace`: `+` is a space, as in forms).
    package func decodedName(plusAsSpace: Bool = true) -> String { PercentDecoding.decode(name, plusAsSpace: plusAsSpace) }

    /// The value, percent-decoded (`plusAsSpace`: `+` is a space, as in forms).
    package func decodedValue(plusAsSpace: Bool = true) -> String { PercentDecoding.decode(value, plusAsSpace: plusAsSpace) }
}
