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

    /// `a=1&b=&c&a=2` → [(a,1), (b,""), (c,""), (a,2)]; empty pieces (`&&`) are skipped.
    /// `plusAsSpace`: `+` decodes to a space, as in HTML forms (`application/x-www-form-urlencoded`);
    /// RFC 3986 itself gives `+` no meaning, so without it a `+` stays a `+`. Either way the items
    /// are the same pieces in the same order.
    static func queryItems(_ query: UnsafeRawBufferPointer, plusAsSpace: Bool = true) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        var start = 0
        while start <= query.count {
            var end = start
            while end < query.count, query[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                let piece = UnsafeRawBufferPointer(rebasing: query[start..<end])
                if let eq = piece.firstIndex(of: ASCII.equals) {
                    items.append((
                        decode(UnsafeRawBufferPointer(rebasing: piece[piece.startIndex..<eq]), plusAsSpace: plusAsSpace),
                        decode(UnsafeRawBufferPointer(rebasing: piece[(eq + 1)..<piece.endIndex]), plusAsSpace: plusAsSpace)
                    ))
                } else {
                    items.append((decode(piece, plusAsSpace: plusAsSpace), ""))
                }
            }
            start = end + 1
        }
        return items
    }
}
