import HTTPEngine

/// Request bodies as the API reads them: `Content-Encoding: gzip` undone with the body limit
/// applied to the decoded size too (a small gzip body must not expand into gigabytes).
enum RequestBody {
    static func decoded(_ request: HTTPRequest, limit: Int) throws(Problem) -> [UInt8] {
        guard let encoding = request.headers["content-encoding"]?.lowercased(), encoding != "identity" else {
            return request.body
        }
        guard encoding == "gzip" || encoding == "x-gzip" else {
            throw Problem.unsupportedMediaType("Content-Encoding \(encoding) is not supported; send identity or gzip.")
        }
        do {
            return try HTTPCompression.gunzip(request.body, maxOutputBytes: limit)
        } catch .tooLarge {
            throw Problem(status: 413, slug: "too-large", title: "Content too large", detail: "The decompressed body exceeds \(limit) bytes.")
        } catch {
            throw Problem.badRequest("The gzip body is corrupt.")
        }
    }

    /// A skin or channel name in a path: letters, digits, `-`, `_`, `.`; at most 64; no `@`
    /// (which separates pinned versions in `extends`).
    static func checkName(_ name: String, what: String) throws(Problem) {
        guard isName(name) else {
            throw Problem.badRequest("\(what) name \"\(name)\" must be 1–64 letters, digits, '-', '_' or '.'.")
        }
    }

    /// The rule of ``checkName(_:what:)`` for callers that answer in their own protocol (OFREP).
    static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name != "." && name != ".."
            && name.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2D || byte == 0x5F || byte == 0x2E
            }
    }
}
