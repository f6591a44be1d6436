import Logging
@testable import HTTPEngine

/// The server the corpus runs against: the engine's `HTTPServer` with a handler that answers every
/// method and target 200, an empty body and `X-Request-Body: <length of the body it was handed>`,
/// so the test sees how each request was framed; the HEAD and GET answers parse alike.
enum CorpusServer {
    static let handler = HTTPClosureHandler { request, _ in
        .respond(HTTPResponse(status: .ok, headers: [HTTPField("X-Request-Body", "\(request.body.count)")], text: ""))
    }

    /// Backstops only: the client's half-close ends every exchange before them. Short, so that an
    /// exchange gone wrong costs CI seconds rather than the 10 s and 60 s defaults; the header
    /// timeout stays far above the watch (`CorpusRunner.watch`), so a server that waits is seen
    /// waiting, not timing out.
    static func configure(_ configuration: inout HTTPServerConfiguration) {
        configuration.headerTimeout = .seconds(5)
        configuration.idleTimeout = .seconds(5)
        configuration.lingerTimeout = .milliseconds(500)
    }
}
