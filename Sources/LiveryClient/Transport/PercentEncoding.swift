/// How Livery's clients write a name or value into a URL: RFC 3986's unreserved characters
/// (ASCII letters and digits, `-`, `.`, `_`, `~`) as they are, every other UTF-8 byte as `%XX`.
///
/// One rule for the Swift client's paths and queries and the `livery` command's: a skin, channel
/// or draft name, a variant or a build may hold any character the server accepts, and none of
/// them can end its path segment (`/`) or query value (`&`, `=`, `+`, `,`). Foundation's
/// character sets were not used: `.alphanumerics` holds every Unicode letter, which would
/// leave `é` unencoded in a URL.
package enum PercentEncoding {
    package static func encoded(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%"
                out.unicodeScalars.append(hexDigit(byte >> 4))
                out.unicodeScalars.append(hexDigit(byte & 0x0F))
            }
        }
        return out
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10)
    }
}
