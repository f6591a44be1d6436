import HTTPEngine
import SkinModel

/// An OFREP failure, answered with OFREP's own body rather than problem+json, because OpenFeature
/// providers read `errorCode` to decide what to do (docs/api.md, "OFREP"): `{key, errorCode,
/// errorDetails}` for one flag, `{errorCode, errorDetails}` for a bulk evaluation (OFREP's
/// `evaluationFailure`, `flagNotFound` and `bulkEvaluationFailure` schemas).
struct OFREPError: Error, Sendable, Equatable {
    /// OpenFeature's error codes that OFREP allows here.
    enum Code: String, Sendable {
        /// The body is not a JSON object.
        case parseError = "PARSE_ERROR"
        /// The evaluation context names something malformed or unknown (an `appVersion` that is
        /// not semver, a variant or channel that does not exist).
        case invalidContext = "INVALID_CONTEXT"
        /// No token has that path (404).
        case flagNotFound = "FLAG_NOT_FOUND"
        /// The server failed (500: a store outage, a look that no longer resolves).
        case general = "GENERAL"
    }

    var code: Code
    var details: String
    /// The flag evaluated, for a single evaluation.
    var key: String?
    /// Seconds to wait before asking again, when the server is busy rather than broken (the
    /// heavy-work lane was full: docs/operations.md): answered 503 with `Retry-After`.
    var retryAfter: String?

    var status: HTTPStatus {
        if retryAfter != nil { return .serviceUnavailable }
        switch code {
        case .parseError, .invalidContext: return .badRequest
        case .flagNotFound: return .notFound
        case .general: return .internalServerError
        }
    }

    /// The same failure about one flag.
    func about(_ key: String) -> OFREPError {
        var error = self
        error.key = key
        return error
    }

    /// A Livery problem met while resolving, in OFREP's terms: what the client named wrongly
    /// (a 4xx: no such channel, an unknown variant, a malformed `client`) is an invalid context;
    /// anything else is the server's failure.
    init(_ problem: Problem) {
        self.init(code: problem.status < 500 ? .invalidContext : .general, details: problem.detail)
        if problem.status == 503 { retryAfter = problem.headers.first { $0.0 == "Retry-After" }?.1 ?? "1" }
    }

    init(code: Code, details: String, key: String? = nil) {
        self.code = code
        self.details = details
        self.key = key
    }

    var response: HTTPResponse {
        var body = JSONObject([("errorCode", .string(code.rawValue)), ("errorDetails", .string(details))])
        if let key { body["key"] = .string(key) }
        return JSONResponse.make(status, .object(body), headers: retryAfter.map { [HTTPField("Retry-After", $0)] } ?? [])
    }
}
