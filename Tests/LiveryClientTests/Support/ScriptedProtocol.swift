import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import LiveryClient

/// A URLProtocol that answers every request with one fixed status and headers, and records when
/// each request arrived: for behaviour a real server shows only under duress (a 503 with
/// `Retry-After` while it shuts down or is over capacity).
///
/// `@unchecked Sendable`: URLProtocol instances are created and driven by URLSession; this one
/// holds no state of its own, only the `Script` below, which is behind a lock.
final class ScriptedProtocol: URLProtocol, @unchecked Sendable {
    struct Script: Sendable {
        var status = 503
        var headers: [String: String] = ["Retry-After": "1"]
        var requests: [ContinuousClock.Instant] = []
    }

    static let script = LockedState(Script())

    /// A session whose every request this protocol answers.
    static var session: URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [ScriptedProtocol.self]
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let (status, headers) = Self.script.withLock { script in
            script.requests.append(.now)
            return (script.status, script.headers)
        }
        let response = HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data())
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
