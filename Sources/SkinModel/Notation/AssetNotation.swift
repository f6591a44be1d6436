/// Asset references: `"sha256:<64 hex digits>"` naming an uploaded file, resolved through
/// the request's asset catalog (the store's job to fill) into `{url, contentType, bytes, sha256}`.
enum AssetNotation {
    static let prefix = "sha256:"

    static func read(_ text: String, assets: [String: AssetInfo]) -> LiteralReading<AssetInfo> {
        guard text.hasPrefix(prefix) else { return .notLiteral }
        let digest = text.dropFirst(prefix.count).lowercased()
        guard digest.utf8.count == 64, digest.utf8.allSatisfy(ColorNotation.isHexDigit) else {
            return .malformed("'\(text)' is not an asset reference: expected sha256: followed by 64 hex digits")
        }
        guard let asset = assets[digest] else {
            return .malformed("no uploaded asset has SHA-256 \(digest) (upload it with POST /v1/assets first)", code: .unknownAsset)
        }
        return .value(asset)
    }
}
