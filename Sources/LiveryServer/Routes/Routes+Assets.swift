import HTTPEngine
import SkinStore

/// `GET /v1/assets/{sha256}` and `POST /v1/assets` (docs/api.md, "Assets"): images stored by
/// their SHA-256, served so that none of them can run script (see ``AssetDelivery``), behind a
/// reader token when `auth.publicReads` is false, and within the store's asset quota.
extension Routes {
    /// `GET /v1/assets/{sha256}`: the bytes with the headers of ``AssetDelivery``; `sha256` in
    /// lower case (``RouteParameters/sha256()``).
    func serveAsset(_ sha256: String, _ request: HTTPRequest, _ context: HTTPRequestContext) -> HTTPHandlerResult {
        let (store, authenticator, assetOrigin) = (self.store, self.authenticator, configuration.assetOrigin)
        // Private reads cover assets as they cover documents: an image can be a product's secret too.
        let needsToken = readsNeedToken && !authenticator.cachedReader(request)
        return DeferredWork.respond(context) { () async throws(Problem) -> HTTPResponse in
            if needsToken { try await authenticator.requireReader(request) }
            let asset = try await storeCall { try await store.asset(sha256) }
            let headers = AssetDelivery.headers(
                contentType: asset.contentType, sha256: sha256, host: request.headers["host"], assetOrigin: assetOrigin)
            return HTTPResponse(status: .ok, headers: headers, bytes: asset.bytes)
        }
    }

    /// `POST /v1/assets`: raw bytes whose declared type must be what the bytes are, within the quota.
    func upload(request: HTTPRequest, token: AuthenticatedToken) async throws(Problem) -> HTTPResponse {
        guard let declared = request.headers["content-type"] else {
            throw Problem.unsupportedMediaType("Send the asset's Content-Type (PNG, JPEG, GIF, WebP, SVG or PDF).")
        }
        guard let type = AssetType(contentType: declared) else {
            throw Problem.unsupportedMediaType("\(declared) is not an accepted asset type (PNG, JPEG, GIF, WebP, SVG, PDF).")
        }
        let bytes = try RequestBody.decoded(request, limit: configuration.maxBodyBytes)
        guard let detected = AssetType.detect(bytes) else {
            throw Problem.unsupportedMediaType("The bytes are not a PNG, JPEG, GIF, WebP, SVG or PDF file.")
        }
        guard detected == type else {
            throw Problem.unsupportedMediaType("The bytes are \(detected.rawValue), not the declared \(type.rawValue).")
        }
        let quota = AssetQuota(maxCount: configuration.assetMaxCount, maxBytes: configuration.assetMaxBytes)
        let stored = try await storeCall { () async throws -> Result<String, AssetQuotaExceeded> in
            do {
                return .success(try await store.putAsset(bytes, contentType: type.rawValue, actor: token.name, quota: quota))
            } catch let refused as AssetQuotaExceeded {
                return .failure(refused)
            }
        }
        let sha256: String
        switch stored {
        case .success(let hash): sha256 = hash
        case .failure(let refused): throw Problem.assetQuotaExceeded(refused)
        }
        let url = "/v1/assets/\(sha256)"
        return JSONResponse.make(
            .created, .object(["sha256": .string(sha256), "url": .string(url)]), headers: [HTTPField("Location", url)])
    }
}

extension Problem {
    /// 507 Insufficient Storage: the operator's asset quota is full; the detail names the key.
    static func assetQuotaExceeded(_ refused: AssetQuotaExceeded) -> Problem {
        Problem(
            status: 507, slug: "asset-quota-exceeded", title: "Asset quota exceeded",
            detail: "Not stored: \(refused.description). An operator can raise \(refused.key).")
    }
}
