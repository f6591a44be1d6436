/// Finds the asset hashes (`"sha256:<64 hex>"`) a set of raw documents mentions, so the resolver
/// can be handed exactly the asset metadata it needs without a store lookup per token.
///
/// A byte scan rather than a JSON walk: it may find a hash in a `$description`, which only costs
/// a lookup that comes back empty.
package enum AssetReferences {
    package static func collect(in documents: [[UInt8]]) -> Set<String> {
        let prefix = Array("sha256:".utf8)
        var found = Set<String>()
        for bytes in documents {
            var index = 0
            while index + prefix.count + 64 <= bytes.count {
                if bytes[index] == prefix[0], bytes[index..<(index + prefix.count)].elementsEqual(prefix) {
                    let start = index + prefix.count
                    let hex = bytes[start..<(start + 64)]
                    if hex.allSatisfy(isLowerHex) {
                        found.insert(String(decoding: hex, as: UTF8.self))
                        index = start + 64
                        continue
                    }
                }
                index += 1
            }
        }
        return found
    }

    private static func isLowerHex(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
    }
}
