/// `If-None-Match` evaluation (RFC 9110 §13.1.2) against the entity-tags of the current
/// representations.
///
/// Uses the weak comparison the RFC requires for If-None-Match (§8.8.3.2): `W/"x"` matches
/// `"x"`. A list, `*` (matches when any representation exists), and malformed members (skipped,
/// not fatal) are handled. Tags are written as on the wire, quotes included: `"abc"`, `W/"abc"`.
///
/// ```swift
/// if HTTPConditional.ifNoneMatch(request.headers, matchesAnyOf: [tag, gzipTag]) { return notModified }
/// ```
package enum HTTPConditional {
    /// True when any `If-None-Match` field of `headers` matches one of `tags` (so a GET or HEAD
    /// should get 304). False when the field is absent.
    package static func ifNoneMatch(_ headers: HTTPHeaders, matchesAnyOf tags: [String]) -> Bool {
        var matched = false
        headers.bytes.withUnsafeBytes { all in
            for r in headers.ranges where !matched && r.nameEnd - r.nameStart == 13 {
                let name = UnsafeRawBufferPointer(rebasing: all[Int(r.nameStart)..<Int(r.nameEnd)])
                guard ASCII.equalsLowercased(name, "if-none-match") else { continue }
                matched = evaluate(UnsafeRawBufferPointer(rebasing: all[Int(r.valueStart)..<Int(r.valueEnd)]), tags)
            }
        }
        return matched
    }

    /// The same for one field value.
    package static func ifNoneMatch(_ value: String, matchesAnyOf tags: [String]) -> Bool {
        var value = value
        return value.withUTF8 { evaluate(UnsafeRawBufferPointer($0), tags) }
    }

    static func evaluate(_ v: UnsafeRawBufferPointer, _ tags: [String]) -> Bool {
        var i = 0
        while i < v.count {
            while i < v.count, ASCII.isWhitespace(v[i]) || v[i] == ASCII.comma { i += 1 }
            guard i < v.count else { break }
            let memberStart = i
            // "*" alone as a member.
            if v[i] == UInt8(ascii: "*") {
                var j = i + 1
                while j < v.count, ASCII.isWhitespace(v[j]) { j += 1 }
                if j == v.count || v[j] == ASCII.comma {
                    if !tags.isEmpty { return true }
                    i = j
                    continue
                }
            }
            // entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE
            var j = i
            if j + 1 < v.count, v[j] == UInt8(ascii: "W"), v[j + 1] == ASCII.slash { j += 2 }
            var valid = false
            var opaque = 0..<0
            if j < v.count, v[j] == ASCII.dquote {
                var k = j + 1
                // etagc = %x21 / %x23-7E / obs-text
                while k < v.count, v[k] != ASCII.dquote, v[k] == 0x21 || v[k] >= 0x23 && v[k] != 0x7F { k += 1 }
                if k < v.count, v[k] == ASCII.dquote {
                    opaque = j..<(k + 1)
                    var after = k + 1
                    while after < v.count, ASCII.isWhitespace(v[after]) { after += 1 }
                    if after == v.count || v[after] == ASCII.comma {
                        valid = true
                        i = after
                    }
                }
            }
            if !valid {
                // Malformed member: skip to the next comma.
                i = memberStart
                while i < v.count, v[i] != ASCII.comma { i += 1 }
                continue
            }
            let candidate = UnsafeRawBufferPointer(rebasing: v[opaque])
            for tag in tags where matches(candidate, tag) { return true }
        }
        return false
    }

    /// Weak comparison: the opaque tags (quoted part) are equal; `W/` is ignored on both sides.
    private static func matches(_ opaque: UnsafeRawBufferPointer, _ tag: String) -> Bool {
        var tag = tag
        return tag.withUTF8 { t in
            var start = 0
            if t.count >= 2, t[0] == UInt8(ascii: "W"), t[1] == ASCII.slash { start = 2 }
            guard t.count - start == opaque.count else { return false }
            for i in 0..<opaque.count where opaque[i] != t[start + i] { return false }
            return true
        }
    }
}
