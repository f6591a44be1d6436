import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request to the Livery API from the command line, with failures turned into the one-line
/// messages a person needs: server down, 401/403, 422 with each error's path on its own line.
struct APIRequest {
    struct Answer {
        let status: Int
        let headers: [String: String]
        let body: Data

        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    let options: ServerOptions

    func send(_ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]) async throws -> Answer {
        guard let url = URL(string: options.baseURL + path) else { throw CLIFailure("invalid server URL \(options.baseURL)") }
        var request = URLRequest(url: url, timeoutInterval: 30)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let token = options.bearerToken { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            throw CLIFailure("cannot reach the server at \(options.baseURL): \(error.localizedDescription)")
        }
        guard let http = response as? HTTPURLResponse else { throw CLIFailure("not an HTTP answer from \(options.baseURL)") }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields[String(describing: name).lowercased()] = String(describing: value) }
        return Answer(status: http.statusCode, headers: fields, body: data)
    }

    /// Throws a readable failure for a 4xx/5xx answer: the problem's title and detail, then each
    /// validation error as `path: message (code)` on its own line (errors are one per problem, docs/skins.md, "What tool exports may contain").
    static func check(_ answer: Answer, expect: Set<Int>) throws {
        guard !expect.contains(answer.status) else { return }
        let problem = answer.json
        var lines = ["server answered \(answer.status)"
            + ((problem["title"] as? String).map { " \($0)" } ?? "")
            + ((problem["detail"] as? String).map { ": \($0)" } ?? "")]
        switch answer.status {
        case 401: lines.append("hint: set LIVERY_TOKEN to a token the server knows (create one with `livery token create` on the server's database)")
        case 403: lines.append("hint: this needs a token with a higher role")
        default: break
        }
        lines += FindingGroups(json: problem["errors"] as? [[String: Any]] ?? [], severity: "error").lines
        throw CLIFailure(lines.joined(separator: "\n"))
    }
}
