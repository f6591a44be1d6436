import Foundation

/// API token secrets: generation and hashing.
///
/// A secret is `lvy_` followed by 32 random bytes in unpadded base64url (47 characters). The
/// prefix makes a leaked token recognizable to secret scanners and to people; 256 random bits
/// make guessing hopeless, which is also why a plain SHA-256 (no salt, no slow KDF) is the
/// right hash: there is no low-entropy password to protect, and authentication stays cheap.
package enum TokenSecret {
    static let prefix = "lvy_"

    /// A new random secret. `SystemRandomNumberGenerator` is cryptographically secure on every
    /// platform Swift supports (getrandom on Linux, arc4random on Darwin).
    static func generate(prefix: String = prefix) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let base64 = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return prefix + base64
    }

    /// Lowercase hex SHA-256 of the secret's UTF-8 bytes: what the database stores.
    package static func hash(_ secret: String) -> String {
        SHA256Digest.hex(Array(secret.utf8))
    }

    /// The indexed lookup key: the first 16 hex digits (64 bits) of the hash.
    static func lookupPrefix(ofHash hash: String) -> String {
        String(hash.prefix(16))
    }

    /// Whether `text` can be a secret at all; anything else is rejected before any lookup.
    static func isPlausible(_ text: String) -> Bool {
        text.hasPrefix(prefix) && text.utf8.count <= 256
    }
}
