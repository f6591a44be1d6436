import Foundation
import HTTPEngine
import SkinStore

/// The page at a preview link itself, `GET /v1/previews/{secret}` (docs/api.md, "Preview
/// links"): what a phone's browser shows when its camera opens the link's QR code. It says which
/// skin's draft (or version) the link previews and until when, shows the address to hand to the app (its
/// deep-link handler takes this very URL) and links to the document below it.
///
/// The page is one self-contained document: no script, no image, no other file, its only style
/// inline and allowed by its hash. The address holds the link's secret, so nothing may carry it
/// elsewhere: `Referrer-Policy: no-referrer` (the link to `…/skin` sends no `Referer` either),
/// `Cache-Control: private, no-store`, and a policy that loads nothing and allows no form or frame.
enum PreviewPage {
    /// The page for a link that opens its draft or version now. `url`: the link, absolute (as made).
    static func open(url: String, _ previewed: PreviewedLook) -> HTTPResponse {
        let skin = HTMLText.escape(previewed.skin)
        let link = HTMLText.escape(url), document = HTMLText.escape(url + "/skin")
        let expires = HTMLText.escape(previewed.expiresAt), until = HTMLText.escape(readable(previewed.expiresAt))
        let (title, shows, what) = switch previewed.subject {
        case .draft(let id):
            ("Preview of a draft of \(skin)",
             "the draft <b>\(HTMLText.escape(id))</b> of the skin <b>\(skin)</b> in the app, before it is published, following every save,",
             "draft")
        case .version(_, let number):
            ("Preview of \(skin) version \(number)",
             "version <b>\(number)</b> of the skin <b>\(skin)</b> in the app, as a change request under review would make it live,",
             "version")
        }
        return page(status: 200, title: title, body: """
            <h1>\(title)</h1>
            <p>This link shows \(shows) until <time datetime="\(expires)">\(until)</time>.</p>
            <h2>Open it in the app</h2>
            <p>The app shows the \(what) when it is given this address: an app built with Livery's client takes it in its \
            deep-link handler, as it is. If the link opened this page rather than the app, copy the address and open it in the app.</p>
            <p class="label">Preview link</p>
            <p><code>\(link)</code></p>
            <p>The app shows the \(what) until its preview is ended, or the link expires or is revoked; then it goes back \
            to its usual look.</p>
            <h2>The document</h2>
            <p><a href="\(document)" rel="noreferrer">The \(what) resolved</a> (JSON), as the app reads it.</p>
            """)
    }

    /// The page for a link that opens nothing (`problem`: `410` revoked, expired or its draft
    /// deleted; `404` unknown; or a failure of the server), at the problem's status.
    static func failed(_ problem: Problem) -> HTTPResponse {
        let heading = switch problem.status {
        case 410: "This preview link no longer works"
        case 404: "No preview link has this address"
        default: HTMLText.escape(problem.title)
        }
        let advice = switch problem.status {
        case 410: "Ask the designer for a new link. An app that was showing it has gone back to its usual look."
        case 404: "Check that the whole address was copied, or ask the designer for a new link."
        default: "Try again in a moment."
        }
        var response = page(status: problem.status, title: heading, body: """
            <h1>\(heading)</h1>
            <p>\(HTMLText.escape(problem.detail))</p>
            <p>\(advice)</p>
            """)
        response.headers += problem.headers.map { HTTPField($0.0, $0.1) }
        // A store failure behind the page is logged and counted like any other (StoreCall).
        response.cause = problem.cause
        return response
    }

    /// `Vary: Accept`: the same address answers a browser HTML and a program JSON (its problems).
    static let vary = HTTPField("Vary", "Accept")

    private static func page(status: Int, title: String, body: String) -> HTTPResponse {
        let html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>\(title) · Livery</title>
            <style>\(style)</style>
            </head>
            <body>
            <main>
            \(body)
            </main>
            </body>
            </html>

            """
        return HTTPResponse(status: HTTPStatus(status), headers: headers, bytes: Array(html.utf8))
    }

    /// The page's only style, allowed by its hash (CSP `style-src 'sha256-…'`), so no other style
    /// or script could run even if something unescaped reached the page.
    static let style = """
        body{font:17px/1.5 system-ui,sans-serif;margin:0;color:#1f2328;background:#fff}\
        main{max-width:36rem;margin:0 auto;padding:1.25rem}h1{font-size:1.4rem;line-height:1.3}h2{font-size:1.1rem;margin-top:1.5rem}\
        .label{font-weight:600;margin-bottom:.25rem}\
        code{display:block;font:15px/1.4 ui-monospace,monospace;word-break:break-all;padding:.5rem;border:1px solid #8c959f;\
        border-radius:6px;background:#f6f8fa;user-select:all;-webkit-user-select:all}\
        a{color:#0969da}
        """

    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'sha256-\(Data(SHA256Digest.hash(Array(style.utf8))).base64EncodedString())'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static let headers = [
        HTTPField("Content-Type", "text/html; charset=utf-8"), HTTPField("Cache-Control", "private, no-store"),
        HTTPField("Content-Security-Policy", contentSecurityPolicy), HTTPField("X-Content-Type-Options", "nosniff"),
        HTTPField("Referrer-Policy", "no-referrer"), HTTPField("X-Frame-Options", "DENY"), vary,
    ]

    /// `2026-12-07T10:00:00.000Z` → `2026-12-07 10:00 UTC`: the page has no script to show the
    /// phone's local time, so it names the zone. Another form is shown as it is.
    static func readable(_ timestamp: String) -> String {
        let characters = Array(timestamp)
        guard characters.count >= 17, characters[10] == "T", timestamp.hasSuffix("Z") else { return timestamp }
        return String(characters[0..<10]) + " " + String(characters[11..<16]) + " UTC"
    }
}
