import Foundation
import HTTPEngine
@testable import LiveryServer
import Testing

/// docs/api.md, "The designers' console": the console's files are served from the binary with a strict CSP, revalidate like
/// every prepared document, and name nothing outside the server.
@Suite struct ConsoleEndpointTests {
    /// The files in `Resources/console/`, read from the source tree.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/LiveryServer/Resources/console")

    static func sourceFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func everyFileInTheFolderIsServedAndNothingElse() async throws {
        let files = try Self.sourceFiles()
        #expect(files == ConsoleAssets.files.keys.sorted(), "Resources/console/ and ConsoleAssets.files must list the same files")
        try await TestServer.run { server in
            for file in files {
                let response = try await server.get("/console/\(file)")
                #expect(response.status == 200, "\(file)")
                let onDisk = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(file)))
                let same = response.body == onDisk  // (not inside #expect: a failure would print every byte)
                #expect(same, "\(file) is served as it is in the repository")
                let type = response.header("Content-Type") ?? ""
                switch (file as NSString).pathExtension {
                case "js": #expect(type.hasPrefix("text/javascript"), "\(file): \(type)")
                case "css": #expect(type.hasPrefix("text/css"), "\(file): \(type)")
                case "svg": #expect(type == "image/svg+xml", "\(file): \(type)")
                default: #expect(type.hasPrefix("text/html"), "\(file): \(type)")
                }
            }
            #expect(try await server.get("/console/nothing.js").status == 404)
            #expect(try await server.get("/console/..%2Fopenapi.json").status == 404)
        }
    }

    @Test func thePageAndItsFilesCarryTheContentSecurityPolicyAndRevalidate() async throws {
        try await TestServer.run { server in
            for path in ["/", "/console/app.js", "/console/console.css"] {
                let plain = try await server.get(path)
                #expect(plain.status == 200, "\(path)")
                #expect(plain.header("Content-Security-Policy") == "default-src 'self'; frame-ancestors 'none'", "\(path)")
                #expect(plain.header("X-Content-Type-Options") == "nosniff", "\(path)")
                #expect(plain.header("Content-Encoding") == nil, "\(path): identity without Accept-Encoding")
                let tag = try #require(plain.header("ETag"), "\(path)")

                let gzip = try await server.get(path, headers: [("Accept-Encoding", "gzip")])
                #expect(gzip.header("Content-Encoding") == "gzip", "\(path)")
                #expect(gzip.header("Vary") == "Accept-Encoding", "\(path)")
                #expect(try HTTPCompression.gunzip(gzip.body, maxOutputBytes: 1 << 22) == plain.body, "\(path)")
                let gzipTag = try #require(gzip.header("ETag"))
                #expect(gzipTag != tag, "each representation has its own tag")

                let revalidated = try await server.get(path, headers: [("If-None-Match", tag)])
                #expect(revalidated.status == 304, "\(path)")
                #expect(revalidated.body.isEmpty)
                #expect(revalidated.header("Content-Security-Policy") == "default-src 'self'; frame-ancestors 'none'", "a 304 keeps the policy")
                #expect(try await server.get(path, headers: [("If-None-Match", "\"other\"")]).status == 200)
            }
            let page = try await server.get("/")
            #expect(page.body == (try await server.get("/console/index.html")).body)
        }
    }

    /// CSP would block these anyway; the test says which file broke the rule, and also catches
    /// what CSP does not (a link to another host).
    @Test func noFileReferencesAnotherHostOrInlineCode() throws {
        for file in try Self.sourceFiles() {
            // An SVG file must name its XML namespace, an identifier that is never fetched.
            let text = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
                .replacingOccurrences(of: #"xmlns="http://www.w3.org/2000/svg""#, with: "")
            for pattern in ["http://", "https://", "//cdn", "@import url(", "url(http", "eval(", "new Function", "innerHTML"] {
                #expect(!text.contains(pattern), "\(file) contains \(pattern)")
            }
            guard file.hasSuffix(".html") else { continue }
            // Inline code: a <script> without src, a style attribute or element, an on… handler.
            #expect(text.components(separatedBy: "<script").dropFirst().allSatisfy { $0.prefix(while: { $0 != ">" }).contains("src=") },
                    "\(file): every script is a file")
            #expect(!text.contains(" style=") && !text.contains("<style"), "\(file): no inline style")
            #expect(text.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil, "\(file): no inline handlers")
        }
    }
}
