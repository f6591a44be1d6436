import Foundation
import Testing

/// Every route reads its path segments typed (``RouteParameters``, docs/api.md "Errors are
/// problem details"): a segment that could not name anything is `400` saying which and why; a
/// well-formed one that names nothing stays `404`.
@Suite struct RouteParameterTests {
    static let malformed: [(method: String, target: String, says: String)] = [
        ("GET", "/v1/skins/a%20b/resolved", "Skin name"),
        ("GET", "/v1/skins/demo/versions/x/resolved", "Versions are numbered from 1"),
        ("GET", "/v1/skins/demo/versions/0/resolved", "Versions are numbered from 1"),
        ("GET", "/v1/skins/demo/versions/99999999999999999999/resolved", "Versions are numbered from 1"),
        ("GET", "/v1/channels/%2E%2E/skin", "Channel name"),
        ("GET", "/v1/skins/demo/versions/-1", "Versions are numbered from 1"),
        ("GET", "/v1/channels/default/history/1.5", "History entries are numbered from 1"),
        ("DELETE", "/v1/channels/default/schedules/abc", "Schedules are numbered from 1"),
        ("GET", "/v1/channels/default/change-requests/first", "Change requests are numbered from 1"),
        ("GET", "/v1/drafts/a%2Fb", "Draft name"),
        ("GET", "/v1/webhooks/x/deliveries", "Webhooks are numbered from 1"),
        ("GET", "/v1/contracts/ios/3.2", "A contract's address"),
        ("GET", "/v1/contracts/plan9/3.2.1", "A contract's address"),
        ("GET", "/v1/assets/not-a-digest", "64-digit SHA-256"),
        ("GET", "/v1/previews/abc/skin", "preview link's secret"),
        ("GET", "/v1/previews/lvp_a%20b", "preview link's secret"),
    ]

    @Test("a malformed segment is 400 naming what is wrong, on every kind of route")
    func malformedSegmentsAreBadRequests() async throws {
        try await TestServer.run { server in
            let admin = try await server.token(.admin)
            for (method, target, says) in Self.malformed {
                let answer = try await server.request(method, target, headers: [("Authorization", "Bearer \(admin)")])
                #expect(answer.status == 400, "\(method) \(target): \(answer.status) \(answer.text)")
                #expect((answer.json["detail"] as? String)?.contains(says) == true, "\(method) \(target): \(answer.text)")
            }
        }
    }

    @Test("a well-formed segment naming nothing is still 404")
    func wellFormedButAbsentIsNotFound() async throws {
        try await TestServer.run { server in
            let admin = try await server.token(.admin)
            for target in [
                "/v1/skins/nothing/resolved", "/v1/skins/demo/versions/99/resolved", "/v1/channels/none/skin", "/v1/webhooks/7/deliveries",
                "/v1/assets/" + String(repeating: "ab", count: 32), "/v1/previews/lvp_nothing/skin",
            ] {
                let answer = try await server.request("GET", target, headers: [("Authorization", "Bearer \(admin)")])
                #expect(answer.status == 404, "\(target): \(answer.status) \(answer.text)")
            }
            // Upper-case digests name the same asset: they are read in lower case, not refused.
            let upper = try await server.request("GET", "/v1/assets/" + String(repeating: "AB", count: 32))
            #expect(upper.status == 404)
        }
    }

    @Test("a caller without a token is told 401 first, whatever the path says")
    func tokenBeforeSegments() async throws {
        try await TestServer.run { server in
            for (method, target) in [
                ("GET", "/v1/contracts/ios/0"), ("DELETE", "/v1/contracts/ios/0"), ("DELETE", "/v1/previews/abc"),
                ("GET", "/v1/channels/default/history/x"), ("GET", "/v1/webhooks/x/deliveries"), ("GET", "/v1/drafts/a%2Fb"),
            ] {
                let answer = try await server.request(method, target)
                #expect(answer.status == 401, "\(method) \(target): \(answer.status) \(answer.text)")
            }
        }
    }
}
