import HTTPEngine
import SkinModel

/// An RFC 9457 problem: every error Livery answers is one of these, rendered as
/// `application/problem+json` with `type`, `title`, `status`, `detail`, and for
/// validation failures `errors`/`warnings` as `[{path, code, message}]` (a warning also names every
/// path of its kind, see `Diagnostic.json`).
///
/// Route code throws or returns problems; nothing else renders errors, so every
/// error response has the same shape.
package struct Problem: Error, Sendable {
    package var status: Int
    /// A short, stable, human-readable summary of the problem type.
    package var title: String
    /// What went wrong with this request, for a person.
    package var detail: String
    /// A machine-readable slug; `type` is `https://livery.dev/problems/<slug>`.
    package var slug: String
    package var errors: [Diagnostic] = []
    package var warnings: [Diagnostic] = []
    /// Findings with members of their own (the release gate's `incompatible` ones name their
    /// `build`), written after `errors`' diagnostics in the same `errors` array.
    package var findings: [JSONValue] = []
    /// Findings found but not listed in `errors` (an answer lists at most a hundred,
    /// docs/operations.md "Limits"); written as `"more": n` when not 0.
    package var more = 0
    /// Extra response headers (`Allow`, `Retry-After`, `WWW-Authenticate`).
    package var headers: [(String, String)] = []
    /// The underlying failure (a store error), logged and counted but never shown to the client.
    package var cause: HTTPFailureCause?

    package init(status: Int, slug: String, title: String, detail: String) {
        self.status = status
        self.slug = slug
        self.title = title
        self.detail = detail
    }

    /// The problem+json body, canonical JSON so identical problems have identical bytes.
    package var body: [UInt8] {
        var object = JSONObject([
            ("type", .string("https://livery.dev/problems/\(slug)")),
            ("title", .string(title)),
            ("status", .number(Double(status))),
            ("detail", .string(detail)),
        ])
        if !errors.isEmpty || !findings.isEmpty || status == 422 { object["errors"] = .array(errors.map(\.json) + findings) }
        if !warnings.isEmpty || status == 422 { object["warnings"] = .array(warnings.map(\.json)) }
        if more > 0 { object["more"] = .int(more) }
        return CanonicalJSON.encode(.object(object))
    }
}

extension Diagnostic {
    /// `{path, code, message}` as docs/api.md shows validation findings. A warning stands for its kind
    /// (docs/skins.md, "What tool exports may contain": one per kind, naming the paths), so it adds `paths` (every path, `path` first, which
    /// readers of the older shape keep reading), `count`, `detail` where the code has kinds
    /// (`spacing → dimension`), and `messages`, one per path, when the paths' messages differ.
    package var json: JSONValue {
        var object = JSONObject([("path", .string(path)), ("code", .string(code.rawValue)), ("message", .string(message))])
        if let detail { object["detail"] = .string(detail) }
        if severity == .warning {
            object["paths"] = .array(paths.map(JSONValue.string))
            object["count"] = .number(Double(count))
            if otherMessages.contains(where: { $0 != message }) { object["messages"] = .array(messages.map(JSONValue.string)) }
        }
        return .object(object)
    }
}

extension Problem {
    package static func badRequest(_ detail: String, slug: String = "bad-request") -> Problem {
        Problem(status: 400, slug: slug, title: "Bad request", detail: detail)
    }

    package static func notFound(_ detail: String) -> Problem {
        Problem(status: 404, slug: "not-found", title: "Not found", detail: detail)
    }

    package static func unauthorized(_ detail: String) -> Problem {
        var problem = Problem(status: 401, slug: "unauthorized", title: "Unauthorized", detail: detail)
        problem.headers = [("WWW-Authenticate", "Bearer realm=\"livery\"")]
        return problem
    }

    package static func forbidden(_ detail: String) -> Problem {
        Problem(status: 403, slug: "forbidden", title: "Forbidden", detail: detail)
    }

    package static func conflict(_ detail: String) -> Problem {
        Problem(status: 409, slug: "conflict", title: "Conflict", detail: detail)
    }

    package static func preconditionFailed(_ detail: String) -> Problem {
        Problem(status: 412, slug: "precondition-failed", title: "Precondition failed", detail: detail)
    }

    package static func unsupportedMediaType(_ detail: String) -> Problem {
        Problem(status: 415, slug: "unsupported-media-type", title: "Unsupported media type", detail: detail)
    }

    /// 422 with every error and warning the model found (docs/api.md: `errors: [{path, code, message}]`).
    package static func invalidDocument(_ problems: SkinProblems) -> Problem {
        let count = problems.errors.count
        var problem = Problem(
            status: 422, slug: "invalid-document", title: "Invalid skin document",
            detail: "The document has \(count) error\(count == 1 ? "" : "s").")
        problem.errors = problems.errors
        problem.warnings = problems.warnings
        return problem
    }

    /// 422 for a request past one of Livery's limits (docs/operations.md, "Limits"); `detail`
    /// names the limit and its value.
    package static func limitExceeded(_ detail: String) -> Problem {
        Problem(status: 422, slug: "limit-exceeded", title: "Limit exceeded", detail: detail)
    }

    package static func serviceUnavailable(_ detail: String, retryAfter: Int = 1) -> Problem {
        var problem = Problem(status: 503, slug: "unavailable", title: "Service unavailable", detail: detail)
        problem.headers = [("Retry-After", String(retryAfter))]
        return problem
    }

    package static func internalError(_ detail: String) -> Problem {
        Problem(status: 500, slug: "internal", title: "Internal server error", detail: detail)
    }
}
