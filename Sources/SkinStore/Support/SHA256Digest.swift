import CLibCrypto

/// SHA-256 and HMAC-SHA256 through the system's libcrypto: what Livery hashes (token secrets,
/// asset and document bytes, migration checksums, ETags) and signs (webhook deliveries).
package enum SHA256Digest {
    /// The 32-byte SHA-256 digest of `bytes`.
    package static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                _ = SHA256(input.baseAddress, input.count, output.baseAddress)
            }
        }
        return digest
    }

    /// The 32-byte HMAC-SHA256 of `message` under `key`.
    package static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        key.withUnsafeBufferPointer { keyBytes in
            message.withUnsafeBufferPointer { messageBytes in
                _ = HMAC(
                    EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count),
                    messageBytes.baseAddress, messageBytes.count, &digest, &length)
            }
        }
        return Array(digest.prefix(Int(length)))
    }

    /// Lower-case hex of the SHA-256 of `bytes`.
    package static func hex(_ bytes: [UInt8]) -> String {
        Hex.encode(hash(bytes))
    }
}
