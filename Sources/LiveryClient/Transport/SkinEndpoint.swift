import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Builds the skin requests of one client:
/// `GET {base}/v1/channels/{channel}/skin?variant=a,b&bucket=N&client=ios/3.2.1`.
struct SkinEndpoint: Sendable {
    /// The request URL, with the install's rollout bucket (docs/api.md, "Rollouts, schedules and rollback"): sent on every request,
    /// long-polls included, so the server answers with the document of this install's bucket.
    let url: URL
    /// The same URL without the bucket: what names the document in the cache, so that a cached
    /// skin is found again even if the install id (and so the bucket) had to be made anew.
    let resourceURL: URL
    let bearerToken: String?
    let requestTimeout: TimeInterval

    init(configuration: LiveryClientConfiguration, bucket: Int) throws(LiveryClientError) {
        guard var components = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: true),
            components.scheme != nil, components.host != nil
        else {
            throw .invalidConfiguration("base URL \(configuration.baseURL) has no scheme or host")
        }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        components.percentEncodedPath = path + "/v1/channels/" + Self.encode(configuration.channel) + "/skin"
        // docs/api.md, "Reading skins": `variant` is a comma list; a comma inside a name cannot be expressed, so it is encoded.
        let variants = configuration.variants.isEmpty ? nil : "variant=" + configuration.variants.map(Self.encode).joined(separator: ",")
        components.percentEncodedQuery = variants
        components.fragment = nil
        guard let resourceURL = components.url else {
            throw .invalidConfiguration("cannot form a request URL from \(configuration.baseURL)")
        }
        // The build's identity rides on every request, long-polls included, like the bucket; the
        // cache key (`resourceURL`) leaves both out, so an app update still finds its cached look.
        let client = configuration.client.map { "client=\(Self.encode($0.platform))/\(Self.encode($0.version))" }
        components.percentEncodedQuery = [variants, "bucket=\(bucket)", client].compactMap { $0 }.joined(separator: "&")
        guard let url = components.url else {
            throw .invalidConfiguration("cannot form a request URL from \(configuration.baseURL)")
        }
        self.url = url
        self.resourceURL = resourceURL
        self.bearerToken = configuration.bearerToken
        self.requestTimeout = configuration.requestTimeout
    }

    /// The document URL of a preview link (docs/apps.md, "Previewing a draft"): the link's
    /// `/skin`, with the client's variants (the phone shows the draft as it shows its look). The
    /// link must be on this client's server (scheme, host and port): a deep link from any web
    /// page must not point an app at a look served by someone else.
    func previewDocumentURL(_ link: URL) throws(LiveryClientError) -> URL {
        guard var components = URLComponents(url: link, resolvingAgainstBaseURL: true),
            let base = URLComponents(url: resourceURL, resolvingAgainstBaseURL: true)
        else { throw .invalidConfiguration("\(link) is not a URL") }
        guard components.scheme?.lowercased() == base.scheme?.lowercased(), components.host?.lowercased() == base.host?.lowercased(),
            (components.port ?? Self.defaultPort(components.scheme)) == (base.port ?? Self.defaultPort(base.scheme))
        else {
            throw .invalidConfiguration("preview link \(link) is not on this client's server (\(base.scheme ?? "")://\(base.host ?? ""))")
        }
        var segments = components.percentEncodedPath.split(separator: "/").map(String.init)
        if segments.last == "skin" { segments.removeLast() }
        guard segments.count >= 3, segments[segments.count - 3] == "v1", segments[segments.count - 2] == "previews",
            segments[segments.count - 1].hasPrefix("lvp_")
        else {
            throw .invalidConfiguration("\(link) is not a preview link (…/v1/previews/lvp_…)")
        }
        components.percentEncodedPath = "/" + (segments + ["skin"]).joined(separator: "/")
        components.percentEncodedQuery = base.percentEncodedQuery
        components.fragment = nil
        guard let url = components.url else { throw .invalidConfiguration("cannot form a request URL from \(link)") }
        return url
    }

    private static func defaultPort(_ scheme: String?) -> Int? {
        switch scheme?.lowercased() {
        case "http": 80
        case "https": 443
        default: nil
        }
    }

    /// A conditional GET of the channel's document, or of `preview` (a preview link's);
    /// `wait > 0` makes it a long-poll (RFC 7240 `Prefer: wait=N`).
    func request(etag: String?, wait: Int, gzip: Bool, preview: URL? = nil) -> URLRequest {
        var request = URLRequest(url: preview ?? url)
        request.httpMethod = "GET"
        // Revalidation is ours (If-None-Match with the persisted tag); URLCache must not answer
        // from its own store or turn our 304 into a 200.
        request.cachePolicy = .reloadIgnoringLocalCacheData
        request.timeoutInterval = requestTimeout + TimeInterval(max(wait, 0))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue(gzip ? "gzip" : "identity", forHTTPHeaderField: "Accept-Encoding")
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if wait > 0 { request.setValue("wait=\(wait)", forHTTPHeaderField: "Prefer") }
        if let bearerToken { request.setValue("Bearer \(bearerToken)", forHTTPHeaderField: "Authorization") }
        return request
    }

    private static func encode(_ text: String) -> String { PercentEncoding.encoded(text) }
}
