import SkinModel
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What can go wrong talking to a Livery server. The held skin (`LiveryClient.current`) is
/// never discarded because of an error: an app keeps its look while offline.
public enum LiveryClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server could not be reached: refused connection, unknown host, no network, TLS
    /// failure, timeout. `code` is URLSession's.
    case unreachable(code: URLError.Code, message: String)
    /// The server answered with an error status; `problem` is its problem+json body when it sent one.
    case httpStatus(Int, LiveryProblem?)
    /// The answer was not what a Livery server sends (not HTTP, a `304` to an unconditional request,
    /// a body that is still gzip-compressed after decoding…).
    case invalidResponse(String)
    /// The server's document is not a flat resolved document this client can read.
    case invalidDocument(SkinProblems)
    /// The bundled fallback document could not be read or is not a flat resolved document.
    case invalidFallback(String)
    /// The configuration cannot work (a base URL that does not form request URLs).
    case invalidConfiguration(String)
    /// The request was cancelled (its task was cancelled).
    case cancelled
    /// The client is paused (`pause()`): no request is sent until `resume()`.
    case paused

    public var description: String {
        switch self {
        case .unreachable(let code, let message): "server unreachable (\(code.rawValue)): \(message)"
        case .httpStatus(let status, let problem): "HTTP \(status)" + (problem.map { ": \($0)" } ?? "")
        case .invalidResponse(let detail): "invalid response: \(detail)"
        case .invalidDocument(let problems): "invalid document: \(problems.errors.map(\.description).joined(separator: "; "))"
        case .invalidFallback(let detail): "invalid bundled fallback: \(detail)"
        case .invalidConfiguration(let detail): "invalid configuration: \(detail)"
        case .cancelled: "cancelled"
        case .paused: "paused"
        }
    }
}
