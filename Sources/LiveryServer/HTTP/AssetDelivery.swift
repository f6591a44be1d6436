import HTTPEngine

/// How an asset is answered so that it can never run script on Livery's origin (docs/api.md,
/// "Assets"): a designer may upload an SVG with a `<script>` in it, and the console keeps the
/// designer's token in its origin's `sessionStorage`.
///
/// Every asset carries `Content-Security-Policy: default-src 'none'; sandbox` (a document opened
/// from it runs nothing and gets an opaque origin, so it reads no storage) and `nosniff` (a
/// PNG/HTML polyglot stays an image). Active types, those a browser opens as a document with
/// script or forms (SVG, PDF), are attachments, unless the request came in on the separate
/// origin an operator configured (`assets.origin`), where nothing of the console lives.
enum AssetDelivery {
    /// The policy of every asset response.
    static let contentSecurityPolicy = "default-src 'none'; sandbox"

    /// Response headers for an asset of `contentType` named `sha256`, asked for with `host`.
    static func headers(contentType: String, sha256: String, host: String?, assetOrigin: String?) -> [HTTPField] {
        let type = AssetType(contentType: contentType)
        var fields = [
            HTTPField("Content-Type", type?.rawValue ?? "application/octet-stream"),
            HTTPField("Content-Security-Policy", contentSecurityPolicy),
            HTTPField("X-Content-Type-Options", "nosniff"),
            HTTPField("Cross-Origin-Resource-Policy", "cross-origin"),
            HTTPField("Cache-Control", "public, max-age=31536000, immutable"),
            HTTPField("ETag", "\"\(sha256)\""),
        ]
        if type?.isActive ?? true, !isAssetOrigin(host: host, assetOrigin: assetOrigin) {
            fields.append(HTTPField("Content-Disposition", "attachment; filename=\"\(sha256).\(type?.fileExtension ?? "bin")\""))
        }
        return fields
    }

    /// Whether the request's `Host` is the configured asset origin's (host and port, any case).
    static func isAssetOrigin(host: String?, assetOrigin: String?) -> Bool {
        guard let host, let assetOrigin, let expected = originHost(assetOrigin) else { return false }
        return host.lowercased() == expected
    }

    /// `host[:port]` of an origin `scheme://host[:port]` as a `Host` header would carry it (the
    /// scheme's default port dropped), or nil when the text is not such an origin.
    static func originHost(_ origin: String) -> String? {
        let lowered = origin.lowercased()
        let scheme: String
        if lowered.hasPrefix("https://") {
            scheme = "https"
        } else if lowered.hasPrefix("http://") {
            scheme = "http"
        } else {
            return nil
        }
        let authority = lowered.dropFirst(scheme.count + 3)
        guard !authority.isEmpty, !authority.contains(where: { "/?#@ ".contains($0) }) else { return nil }
        let defaultPort = scheme == "https" ? ":443" : ":80"
        return authority.hasSuffix(defaultPort) ? String(authority.dropLast(defaultPort.count)) : String(authority)
    }
}
