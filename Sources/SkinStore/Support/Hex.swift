/// Lowercase hexadecimal encoding, for SHA-256 digests stored as text.
package enum Hex {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    package static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        var characters: [UInt8] = []
        characters.reserveCapacity(64)
        for byte in bytes {
            characters.append(digits[Int(byte >> 4)])
            characters.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// Whether `text` is exactly `count` lowercase hex digits (e.g. 64 for a SHA-256).
    package static func isLowercaseHex(_ text: String, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
