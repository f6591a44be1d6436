import HTTPEngine

/// docs/api.md, "The designers' console": the designers' console, a handful of static files written for Livery and embedded
/// in the binary (`Resources/console/`), each prepared once like `/openapi.json`: ETag, gzip, 304.
///
/// Nothing is built or fetched at run time: the page loads its ES modules from `/console/` and
/// talks to the same origin's API. The policy `default-src 'self'` forbids inline scripts,
/// inline `style` attributes and every other host; the scripts style elements through the CSSOM
/// (`element.style`), which the policy allows.
enum ConsoleAssets {
    /// Sent with every console file (and its 304s). `frame-ancestors 'none'` (and, for browsers
    /// that predate it, `X-Frame-Options: DENY`): no other site may frame the console and trick a
    /// designer into clicking its buttons (docs/operations.md, "The console").
    static let securityHeaders = [
        HTTPField("Content-Security-Policy", contentSecurityPolicy),
        HTTPField("X-Frame-Options", "DENY"),
        HTTPField("X-Content-Type-Options", "nosniff"),
        HTTPField("Referrer-Policy", "no-referrer"),
    ]

    /// The console's policy: its own origin only, never framed.
    static let contentSecurityPolicy = "default-src 'self'; frame-ancestors 'none'"

    /// `GET /`: the page.
    static let index = asset(PackageResources.index_html, type: "text/html; charset=utf-8")

    /// `GET /console/{file}`, by file name. Adding a file means adding it here and to
    /// `Package.swift`'s resources (a test checks that the folder and this table agree).
    static let files: [String: CachedDocument] = [
        "index.html": index,
        "console.css": asset(PackageResources.console_css, type: "text/css; charset=utf-8"),
        "icon.svg": asset(PackageResources.icon_svg, type: "image/svg+xml"),
        "app.js": script(PackageResources.app_js),
        "api.js": script(PackageResources.api_js),
        "dom.js": script(PackageResources.dom_js),
        "colour.js": script(PackageResources.colour_js),
        "draw.js": script(PackageResources.draw_js),
        "components.js": script(PackageResources.components_js),
        "skins.js": script(PackageResources.skins_js),
        "channels.js": script(PackageResources.channels_js),
        "look.js": script(PackageResources.look_js),
        "compare.js": script(PackageResources.compare_js),
        "draft.js": script(PackageResources.draft_js),
        "search.js": script(PackageResources.search_js),
        "grid.js": script(PackageResources.grid_js),
        "detail.js": script(PackageResources.detail_js),
        "source.js": script(PackageResources.source_js),
        "builds.js": script(PackageResources.builds_js),
        "drafts.js": script(PackageResources.drafts_js),
        "draft-start.js": script(PackageResources.draft_start_js),
        "preview-links.js": script(PackageResources.preview_links_js),
        "channel-review.js": script(PackageResources.channel_review_js),
        "requests.js": script(PackageResources.requests_js),
        "request.js": script(PackageResources.request_js),
    ]

    private static func script(_ bytes: [UInt8]) -> CachedDocument {
        asset(bytes, type: "text/javascript; charset=utf-8")
    }

    private static func asset(_ bytes: [UInt8], type: String) -> CachedDocument {
        CachedDocument(canonicalBytes: bytes, versionLabel: nil, contentType: type, headers: securityHeaders)
    }
}
