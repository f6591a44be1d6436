import Foundation
@testable import HTTPEngine

extension HTTPSmuggleProbe {
    /// The framings RFC 9112 gives a probe's head, read by the test itself for the probes that do
    /// not name them (smuggler's); `HTTPCorpusTests` checks this reading against every PortSwigger
    /// probe, which does name them. A strict reading, on purpose independent of the engine's parser:
    /// - a field line that breaks RFC 9112 §5 (CR or LF inside it, leading whitespace, a name that
    ///   is not a token, a control byte in the value): `REJECT`. The RFC also lets a recipient
    ///   replace a bare CR or an obs-fold with SP (§2.2, §5.2); Livery does not, and the test holds
    ///   it to rejecting;
    /// - a Transfer-Encoding field whose only coding is chunked: `TE`, and `REJECT` too when a
    ///   Content-Length is also present (§6.1); any other coding list: `REJECT` (§6.1: 501; §6.3: 400);
    /// - no Transfer-Encoding field: `NOTE` (the Content-Length frames the body).
    static func rfcFramings(of request: [UInt8]) -> [String] {
        let head = request.withUnsafeBytes { p in
            (0..<max(0, p.count - 3)).first { p[$0] == 13 && p[$0 + 1] == 10 && p[$0 + 2] == 13 && p[$0 + 3] == 10 }
        }.map { Array(request[..<$0]) } ?? request
        var codings: [String] = []
        var hasContentLength = false
        for line in lines(of: head).dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0,
                  line[..<colon].allSatisfy(ASCII.isTokenChar),
                  line[(colon + 1)...].allSatisfy({ ($0 >= 0x20 && $0 != 0x7F) || $0 == ASCII.htab })
            else { return ["REJECT"] }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
            if name == "content-length" { hasContentLength = true }
            if name == "transfer-encoding" {
                codings += value.split(separator: ",").map {
                    $0.split(separator: ";", omittingEmptySubsequences: false)[0].trimmingCharacters(in: [" ", "\t"]).lowercased()
                }.filter { !$0.isEmpty }
            }
        }
        if codings.isEmpty { return ["NOTE"] }
        guard codings == ["chunked"] else { return ["REJECT"] }
        return hasContentLength ? ["REJECT", "TE"] : ["TE"]
    }

    /// The head's lines split at CRLF only, so a bare CR or LF stays inside a line (where the
    /// field check sees it).
    private static func lines(of head: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = 0
        var i = 0
        while i + 1 < head.count {
            if head[i] == 13 && head[i + 1] == 10 {
                lines.append(Array(head[start..<i]))
                start = i + 2
                i += 2
            } else {
                i += 1
            }
        }
        lines.append(Array(head[start...]))
        return lines
    }
}
