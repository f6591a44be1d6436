import Foundation
import Testing

/// What the release-control tests share: small skins and channel requests.
enum Release {
    /// A skin whose look is one tint; distinct tints give distinct documents.
    static func skin(tint: String) -> String {
        #"{"color": {"$type": "color", "tint": {"$value": "\#(tint)"}}}"#
    }

    /// Black on white in the base look; in `dark`, `darkText` on #111111.
    static func contrastSkin(darkText: String) -> String {
        #"""
        {"$livery": {
            "contrast": [{"foreground": "{color.text}", "background": "{color.background}", "min": 4.5}],
            "variants": {"dark": {"color": {"text": {"$value": "\#(darkText)"}, "background": {"$value": "#111111"}}}}},
         "color": {"$type": "color", "text": {"$value": "#000000"}, "background": {"$value": "#ffffff"}}}
        """#
    }

    static func auth(_ token: String) -> [(String, String)] { [("Authorization", "Bearer \(token)")] }

    /// `PUT /v1/channels/{channel}` with a JSON body.
    static func put(_ server: TestServer, _ body: String, channel: String = "default", token: String) async throws -> TestResponse {
        try await server.request("PUT", "/v1/channels/\(channel)", headers: auth(token), body: Array(body.utf8))
    }

    /// `POST /v1/channels/{channel}/{action}` with an optional JSON body.
    static func post(_ server: TestServer, _ action: String, _ body: String = "", channel: String = "default", token: String) async throws -> TestResponse {
        try await server.request("POST", "/v1/channels/\(channel)/\(action)", headers: auth(token), body: Array(body.utf8))
    }

    /// The channel's history entries as the API shows them.
    static func history(_ server: TestServer, _ channel: String = "default", token: String) async throws -> [[String: Any]] {
        try await server.request("GET", "/v1/channels/\(channel)", headers: auth(token)).json["history"] as? [[String: Any]] ?? []
    }
}
