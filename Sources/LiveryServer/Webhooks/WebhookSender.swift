import Foundation
import SkinStore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one signed delivery (docs/api.md, "Webhooks"): `POST` of the event's JSON with
/// `Livery-Signature: t=UNIX_SECONDS,v1=HEX`, `HEX` the lower-case hex HMAC-SHA256 of
/// `t + "." + body` under the webhook's secret. Redirects are not followed (a redirect could
/// point inside the network the target check keeps out); a 2xx is delivered, anything else is
/// tried again.
final class WebhookSender: NSObject, URLSessionTaskDelegate, Sendable {
    /// How long one attempt may take.
    static let timeout: TimeInterval = 10

    /// What an attempt came to.
    struct Outcome: Sendable, Equatable {
        var status: Int?
        var error: String?
        var delivered: Bool { status.map { (200..<300).contains($0) } ?? false }
    }

    private let session: URLSession

    override init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = Self.timeout
        configuration.timeoutIntervalForResource = Self.timeout
        configuration.httpMaximumConnectionsPerHost = 4
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        let delegate = RedirectRefusal()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        super.init()
    }

    /// The `Livery-Signature` value for `body` sent at `seconds` (Unix time).
    static func signature(body: [UInt8], secret: String, seconds: Int64) -> String {
        let signed = Array("\(seconds).".utf8) + body
        return "t=\(seconds),v1=" + Hex.encode(SHA256Digest.hmac(key: Array(secret.utf8), message: signed))
    }

    /// Sends `body` to `url`, signed at `seconds`.
    func send(url: String, body: [UInt8], secret: String, seconds: Int64, delivery: Int) async -> Outcome {
        guard let target = URL(string: url) else { return Outcome(status: nil, error: "the url is not a URL") }
        var request = URLRequest(url: target)
        request.httpMethod = "POST"
        request.httpBody = Data(body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Livery-Webhooks", forHTTPHeaderField: "User-Agent")
        request.setValue(Self.signature(body: body, secret: secret, seconds: seconds), forHTTPHeaderField: "Livery-Signature")
        request.setValue(String(delivery), forHTTPHeaderField: "Livery-Delivery")
        do {
            let (_, response) = try await session.data(for: request)
            return Outcome(status: (response as? HTTPURLResponse)?.statusCode, error: nil)
        } catch {
            return Outcome(status: nil, error: "\(error.localizedDescription)")
        }
    }
}

/// Answers every redirect with "do not follow": the redirect's status is the attempt's outcome.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
