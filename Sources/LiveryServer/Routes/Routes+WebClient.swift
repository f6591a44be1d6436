import HTTPEngine
import SkinModel

/// The web client (SPEC §3.1): `/v1/client.js`, one ES module kept in the repository at
/// `Sources/LiveryServer/Resources/client.js`, and `/v1/client-demo.html`, a page that follows
/// the default channel with it (the README's web sample; the browser tests load it).
///
/// Both are fixed for the life of the binary, so each is prepared once (bytes, gzip form,
/// ETag, 200 and 304 responses). They may be kept five minutes by a browser, unlike skins:
/// a page that went offline still loads its client and then applies the skin it cached.
extension Routes {
    func registerWebClientRoutes(_ router: inout HTTPRouter) {
        router.get("/v1/client.js") { request, _, _ in
            .respond(Self.webClient.response(for: request))
        }
        router.get("/v1/client-demo.html") { request, _, _ in
            .respond(Self.webClientDemo.response(for: request))
        }
    }

    /// How long a browser may use the web client's files without asking again.
    static let webClientCacheControl = "public, max-age=300"

    static let webClient = CachedDocument(
        canonicalBytes: PackageResources.client_js, versionLabel: nil, contentType: "text/javascript; charset=utf-8",
        cacheControl: webClientCacheControl)

    static let webClientDemo = CachedDocument(
        canonicalBytes: PackageResources.client_demo_html, versionLabel: nil, contentType: "text/html; charset=utf-8",
        cacheControl: webClientCacheControl)
}
