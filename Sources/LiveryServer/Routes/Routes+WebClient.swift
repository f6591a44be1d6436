import HTTPEngine
import SkinModel

/// The web client (docs/api.md, "Reading skins"): `/v1/client.js`, one ES module kept in the repository at
/// `Sources/LiveryServer/Resources/client.js`, and `/v1/client-demo.html`, a page that follows
/// the default channel with it through its module `/v1/client-demo.js` (the README's web sample;
/// the browser tests load it) and its style sheet `/v1/client-demo.css`.
///
/// All are fixed for the life of the binary, so each is prepared once (bytes, gzip form,
/// ETag, 200 and 304 responses). They may be kept five minutes by a browser, unlike skins:
/// a page that went offline still loads its client and then applies the skin it cached.
/// The client is a client read (other origins may import it, under `http.corsAllowOrigins`);
/// the demo's files are same-origin only, and carry the console's `default-src 'self'` policy:
/// no inline script or style, nothing from elsewhere.
extension Routes {
    func registerWebClientRoutes(_ router: inout RouteTable) {
        addRead("/v1/client.js", to: &router) { request, _, _ in
            .respond(Self.webClient.response(for: request))
        }
        for (path, file) in Self.webClientDemo {
            router.get(path) { request, _, _ in
                .respond(file.response(for: request))
            }
        }
    }

    /// How long a browser may use the web client's files without asking again.
    static let webClientCacheControl = "public, max-age=300"

    static let webClient = webClientFile(PackageResources.client_js, type: "text/javascript; charset=utf-8")

    /// The demo page and its own files, by path.
    static let webClientDemo: [(path: String, file: CachedDocument)] = [
        ("/v1/client-demo.html", webClientFile(PackageResources.client_demo_html, type: "text/html; charset=utf-8")),
        ("/v1/client-demo.js", webClientFile(PackageResources.client_demo_js, type: "text/javascript; charset=utf-8")),
        ("/v1/client-demo.css", webClientFile(PackageResources.client_demo_css, type: "text/css; charset=utf-8")),
    ]

    private static func webClientFile(_ bytes: [UInt8], type: String) -> CachedDocument {
        CachedDocument(
            canonicalBytes: bytes, versionLabel: nil, contentType: type, cacheControl: webClientCacheControl,
            headers: ConsoleAssets.securityHeaders)
    }
}
