/// The canonical JSON writer of docs/apps.md, "The resolved document": the bytes every replica serves for the same resolution.
///
/// - UTF-8, no insignificant whitespace;
/// - object members sorted by Unicode code point of their names (compared as UTF-8
///   bytes, which orders exactly like code points — unlike `String.<`, which compares
///   canonically equivalent strings as equal);
/// - strings escape only `"`, `\` and U+0000–U+001F (`\b \f \n \r \t`, else `\u00xx`
///   in lower-case hex); `/`, U+007F and everything above are written as themselves;
/// - numbers in the shortest form that reads back to the same `Double`, laid out as
///   ECMAScript's `Number.prototype.toString` does (RFC 8785 §3.2.2.3): integers
///   without `.0`, plain decimals from 1e-6 up to 1e21, exponents (`1e+21`, `1e-7`)
///   outside; `-0` is written `0`. NaN and infinities never reach the writer
///   (the parser and every arithmetic path reject them); were one to, it is written `null`.
///
/// Nothing depends on hashing or dictionary order, so output is byte-identical across
/// processes and restarts.
public enum CanonicalJSON {
    /// The canonical bytes of `value`.
    public static func encode(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        append(value, to: &output)
        return output
    }

    /// `value` written as canonical JSON is (numbers, strings, no whitespace) but with every
    /// object's members in their document order: for an answer whose member order means
    /// something to its reader (Tokens Studio's set order, docs/api.md, "Tokens Studio").
    public static func encodeInDocumentOrder(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        append(value, to: &output, sortingKeys: false)
        return output
    }

    /// Appends the canonical bytes of `value` (members in document order when `sortingKeys` is false).
    static func append(_ value: JSONValue, to output: inout [UInt8], sortingKeys: Bool = true) {
        switch value {
        case .null: output.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        case .bool(true): output.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        case .bool(false): output.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        case .number(let number): appendNumber(number, to: &output)
        case .string(let string): appendString(string, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                append(element, to: &output, sortingKeys: sortingKeys)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (offset, key) in (sortingKeys ? sortedKeys(object.keys) : object.keys).enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                appendString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                append(object[key]!, to: &output, sortingKeys: sortingKeys)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Member names in code point order.
    ///
    /// For ASCII names `String.<` is plain byte order and takes the standard library's
    /// fastest path (small strings compare as integers), so it is used when every name is
    /// ASCII; otherwise names are compared as UTF-8 bytes.
    static func sortedKeys(_ keys: [String]) -> [String] {
        if keys.allSatisfy(isASCII) { return keys.sorted() }
        return keys.sorted(by: codePointPrecedes)
    }

    static func isASCII(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { bytes in
            var combined: UInt8 = 0
            for byte in bytes { combined |= byte }
            return combined < 0x80
        }
    }

    /// Code point order: UTF-8 byte order is code point order (RFC 3629 §1).
    static func codePointPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        // Compare the contiguous UTF-8 storage directly: this runs O(n log n) times per object.
        return lhs.withUTF8 { a in
            rhs.withUTF8 { b in
                let common = min(a.count, b.count)
                var index = 0
                while index < common {
                    if a[index] != b[index] { return a[index] < b[index] }
                    index += 1
                }
                return a.count < b.count
            }
        }
    }

    static func appendString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
                case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
                case 0x08: output.append(contentsOf: [0x5C, UInt8(ascii: "b")])
                case 0x0C: output.append(contentsOf: [0x5C, UInt8(ascii: "f")])
                case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                case 0x00..<0x20:
                    let digits = Array("0123456789abcdef".utf8)
                    output.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
                default: output.append(byte)
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
