/// The content coding to send.
package enum HTTPContentCoding: Sendable, Hashable {
    case gzip
    case identity
    /// Neither gzip nor identity is acceptable (`identity;q=0` or `*;q=0` without gzip): the
    /// server may answer 406 or send identity anyway (RFC 9110 §12.5.3 allows both).
    case notAcceptable
}

/// `Accept-Encoding` negotiation (RFC 9110 §12.5.3) between gzip and identity.
///
/// gzip when the header lists `gzip` (or `x-gzip`) with q > 0, or, without a gzip entry, `*`
/// with q > 0 (docs/api.md, "Reading skins"). Identity otherwise — when the header is absent, or refuses gzip —
/// unless identity itself is refused (`identity;q=0`, or `*;q=0` without an identity entry).
package enum HTTPContentNegotiation {
    /// From every `Accept-Encoding` field of a request, without building Strings.
    package static func coding(for headers: HTTPHeaders) -> HTTPContentCoding {
        var q = Preferences()
        var present = false
        headers.bytes.withUnsafeBytes { all in
            for r in headers.ranges where r.nameEnd - r.nameStart == 15 {
                let name = UnsafeRawBufferPointer(rebasing: all[Int(r.nameStart)..<Int(r.nameEnd)])
                guard ASCII.equalsLowercased(name, "accept-encoding") else { continue }
                present = true
                q.read(UnsafeRawBufferPointer(rebasing: all[Int(r.valueStart)..<Int(r.valueEnd)]))
            }
        }
        return present ? q.choice : .identity
    }

    /// From one header value; nil means the header is absent.
    package static func coding(acceptEncoding: String?) -> HTTPContentCoding {
        guard var value = acceptEncoding else { return .identity }
        var q = Preferences()
        value.withUTF8 { q.read(UnsafeRawBufferPointer($0)) }
        return q.choice
    }

    /// Just enough of `Accept` (RFC 9110 §12.5.1) for a route that answers a person and a
    /// program differently (the preview link's page, docs/api.md "Preview links"): whether the
    /// request names `application/json` or `application/problem+json` with a weight above 0 and
    /// at least that of `text/html`. `*/*`, no `Accept` at all, and a browser's
    /// `text/html,…,*/*;q=0.8` all mean HTML: only a program names JSON. Elements and weights are
    /// read by the same rules as `Accept-Encoding` (a malformed weight drops its element).
    package static func prefersJSON(_ headers: HTTPHeaders) -> Bool {
        var json = 0, html = 0
        headers.bytes.withUnsafeBytes { all in
            for r in headers.ranges where r.nameEnd - r.nameStart == 6 {
                let name = UnsafeRawBufferPointer(rebasing: all[Int(r.nameStart)..<Int(r.nameEnd)])
                guard ASCII.equalsLowercased(name, "accept") else { continue }
                HTTPRequestParser.forEachListElement(UnsafeRawBufferPointer(rebasing: all[Int(r.valueStart)..<Int(r.valueEnd)])) { element in
                    var end = 0
                    while end < element.count, element[end] != ASCII.semicolon, !ASCII.isWhitespace(element[end]) { end += 1 }
                    let type = UnsafeRawBufferPointer(rebasing: element[0..<end])
                    guard let q = Preferences.qValue(UnsafeRawBufferPointer(rebasing: element[end...])) else { return }
                    if ASCII.equalsLowercased(type, "application/json") || ASCII.equalsLowercased(type, "application/problem+json") {
                        json = max(json, q)
                    } else if ASCII.equalsLowercased(type, "text/html") {
                        html = max(html, q)
                    }
                }
            }
        }
        return json > 0 && json >= html
    }

    /// q-values in thousandths; nil when the coding is not listed.
    struct Preferences {
        var gzip: Int?
        var identity: Int?
        var star: Int?

        var choice: HTTPContentCoding {
            if (gzip ?? star ?? 0) > 0 { return .gzip }
            if (identity ?? star ?? 1000) > 0 { return .identity }
            return .notAcceptable
        }

        mutating func read(_ value: UnsafeRawBufferPointer) {
            HTTPRequestParser.forEachListElement(value) { element in
                var end = 0
                while end < element.count, ASCII.isTokenChar(element[end]) { end += 1 }
                let coding = UnsafeRawBufferPointer(rebasing: element[0..<end])
                guard let q = Self.qValue(UnsafeRawBufferPointer(rebasing: element[end...])) else { return }
                if ASCII.equalsLowercased(coding, "gzip") || ASCII.equalsLowercased(coding, "x-gzip") {
                    gzip = max(gzip ?? 0, q)
                } else if ASCII.equalsLowercased(coding, "identity") {
                    identity = max(identity ?? 0, q)
                } else if coding.count == 1 && coding[0] == UInt8(ascii: "*") {
                    star = max(star ?? 0, q)
                }
            }
        }

        /// `*( OWS ";" OWS param )` with an optional `q=qvalue` (RFC 9110 §12.4.2); nil when
        /// malformed (the element is then ignored). Absent q means 1.
        static func qValue(_ params: UnsafeRawBufferPointer) -> Int? {
            var q = 1000
            var i = 0
            while i < params.count {
                while i < params.count, ASCII.isWhitespace(params[i]) { i += 1 }
                guard i < params.count else { break }
                guard params[i] == ASCII.semicolon else { return nil }
                i += 1
                while i < params.count, ASCII.isWhitespace(params[i]) { i += 1 }
                var end = i
                while end < params.count, params[end] != ASCII.semicolon { end += 1 }
                var e = end
                while e > i, ASCII.isWhitespace(params[e - 1]) { e -= 1 }
                let param = UnsafeRawBufferPointer(rebasing: params[i..<e])
                if param.count >= 2, ASCII.lower(param[0]) == UInt8(ascii: "q"), param[1] == ASCII.equals {
                    guard let v = parseQ(UnsafeRawBufferPointer(rebasing: param[2...])) else { return nil }
                    q = v
                }
                i = end
            }
            return q
        }

        /// qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ), in thousandths.
        static func parseQ(_ v: UnsafeRawBufferPointer) -> Int? {
            guard let first = v.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
            var value = first == UInt8(ascii: "1") ? 1000 : 0
            if v.count == 1 { return value }
            guard v[1] == UInt8(ascii: "."), v.count <= 5 else { return nil }
            var scale = 100
            for c in v[2...] {
                guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
                value += Int(c - UInt8(ascii: "0")) * scale
                scale /= 10
            }
            return value > 1000 ? nil : value
        }
    }
}
