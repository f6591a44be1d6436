import Foundation
import SkinStore
import Testing
import TestSupport

@testable import LiveryServer

/// Webhooks to HTTPS receivers (docs/api.md, "Webhooks"; docs/operations.md, "The webhook
/// outbox"): a delivery is sent over TLS only to a receiver whose certificate chains to a trusted
/// root (the system's, or `webhooks.trustedCertificates`) and names the URL's host. The receiver
/// is Python's own `ssl` server with a certificate authority the test makes with `openssl`.
@Suite(.serialized) struct WebhookTLSTests {
    /// A certificate authority and a certificate it signed for `localhost`, in a fresh folder.
    struct Certificates {
        let folder: URL
        var authority: String { folder.appendingPathComponent("ca.pem").path }
        var certificate: String { folder.appendingPathComponent("localhost.pem").path }
        var key: String { folder.appendingPathComponent("localhost.key").path }

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("livery-tls-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "subjectAltName = DNS:localhost\n".write(to: folder.appendingPathComponent("san.ext"), atomically: true, encoding: .utf8)
            for arguments in [
                ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Livery test CA"],
                ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "localhost.key", "-out", "localhost.csr", "-subj", "/CN=localhost"],
                ["x509", "-req", "-in", "localhost.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "localhost.pem",
                 "-days", "2", "-extfile", "san.ext"],
            ] {
                let status = try Self.run("/usr/bin/openssl", arguments, in: folder)
                guard status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "openssl \(arguments[0]) failed"]) }
            }
        }

        static func run(_ executable: String, _ arguments: [String], in folder: URL) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.currentDirectoryURL = folder
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    /// An HTTPS receiver on both loopbacks that answers `204` and writes each request's
    /// signature and body, one JSON line each, to a file.
    final class Receiver: Sendable {
        let process: Process
        let port: Int
        let log: URL

        init(_ certificates: Certificates) throws {
            log = certificates.folder.appendingPathComponent("received.jsonl")
            let script = """
                import http.server, json, socket, ssl, sys
                class Server(http.server.HTTPServer):
                    address_family = socket.AF_INET6
                    def server_bind(self):
                        self.socket.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
                        super().server_bind()
                class Handler(http.server.BaseHTTPRequestHandler):
                    def do_POST(self):
                        body = self.rfile.read(int(self.headers['Content-Length']))
                        with open(sys.argv[3], 'a') as log:
                            log.write(json.dumps({'signature': self.headers['Livery-Signature'], 'body': body.decode()}) + '\\n')
                        self.send_response(204)
                        self.end_headers()
                    def log_message(self, *args):
                        pass
                server = Server(('::', 0), Handler)
                context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
                context.load_cert_chain(sys.argv[1], sys.argv[2])
                server.socket = context.wrap_socket(server.socket, server_side=True)
                print(server.server_address[1], flush=True)
                server.serve_forever()
                """
            let output = Pipe()
            process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", script, certificates.certificate, certificates.key, log.path]
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            var line: [UInt8] = []
            while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 0x0A { line.append(byte) }
            guard let port = Int(String(decoding: line, as: UTF8.self)) else {
                process.terminate()
                throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the HTTPS receiver did not start"])
            }
            self.port = port
        }

        var received: [[String: String]] {
            guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
            return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] }
        }

        func stop() { process.terminate() }
    }

    /// The last attempt of a webhook's one delivery, once there is one.
    static func lastAttempt(_ server: TestServer, webhook: Int) async throws -> WebhookDelivery.Attempt? {
        try await server.store.webhookDeliveries(webhook).first?.attempts.max { $0.number < $1.number }
    }

    @Test func aReceiverSignedByATrustedAuthorityGetsTheDeliveryAndOthersAreRefused() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else {
            Issue.record("skipped: /usr/bin/openssl is needed to make the test's certificate authority")
            return
        }
        let certificates = try Certificates()
        defer { try? FileManager.default.removeItem(at: certificates.folder) }
        let receiver = try Receiver(certificates)
        defer { receiver.stop() }
        let secret = "a-secret-of-sixteen+"

        // Trusted through webhooks.trustedCertificates, reached by the name its certificate carries.
        try await TestServer.run(configure: {
            $0.webhooksAllowPrivateTargets = true
            $0.webhooksTrustedCertificates = certificates.authority
            $0.changePollInterval = 0.05
        }) { server in
            let admin = try await server.token(.admin), designer = try await server.token(.designer)
            let trusted = try #require(try await WebhookEndpointTests.register(
                server, url: "https://localhost:\(receiver.port)/hook", events: #"["publish"]"#, token: admin).json["id"] as? Int)
            // The same receiver by its address: the certificate does not name 127.0.0.1.
            let misnamed = try #require(try await WebhookEndpointTests.register(
                server, url: "https://127.0.0.1:\(receiver.port)/hook", events: #"["publish"]"#, token: admin).json["id"] as? Int)
            #expect(try await server.publish("app", Release.skin(tint: "#123456"), token: designer).status == 201)

            try await waitUntil("the delivery arrives over TLS", timeout: .seconds(30)) { !receiver.received.isEmpty }
            let request = try #require(receiver.received.first)
            let body = try #require(request["body"]), signature = try #require(request["signature"])
            let t = try #require(signature.split(separator: ",").first?.split(separator: "=").last)
            #expect(signature.hasSuffix("v1=" + Hex.encode(SHA256Digest.hmac(key: Array(secret.utf8), message: Array("\(t).\(body)".utf8)))))
            try await waitUntil("the attempt is recorded as delivered", timeout: .seconds(30)) {
                try await Self.lastAttempt(server, webhook: trusted)?.status == 204
            }

            try await waitUntil("the misnamed target's attempt is recorded", timeout: .seconds(30)) {
                try await Self.lastAttempt(server, webhook: misnamed) != nil
            }
            let refused = try #require(try await Self.lastAttempt(server, webhook: misnamed))
            #expect(refused.status == nil && (refused.error ?? "").contains("certificate was refused"), "\(refused.error ?? "-")")
            #expect(receiver.received.count == 1, "nothing was sent to a receiver whose certificate names another host")
        }

        // Without the authority, the same receiver is refused: certificates are verified.
        try await TestServer.run(configure: { $0.webhooksAllowPrivateTargets = true; $0.changePollInterval = 0.05 }) { server in
            let admin = try await server.token(.admin), designer = try await server.token(.designer)
            let untrusted = try #require(try await WebhookEndpointTests.register(
                server, url: "https://localhost:\(receiver.port)/hook", events: #"["publish"]"#, token: admin).json["id"] as? Int)
            #expect(try await server.publish("app", Release.skin(tint: "#123456"), token: designer).status == 201)
            try await waitUntil("the untrusted target's attempt is recorded", timeout: .seconds(30)) {
                try await Self.lastAttempt(server, webhook: untrusted) != nil
            }
            let refused = try #require(try await Self.lastAttempt(server, webhook: untrusted))
            #expect(refused.status == nil && (refused.error ?? "").contains("certificate was refused"), "\(refused.error ?? "-")")
            #expect(receiver.received.count == 1)
        }
    }

    @Test func aCertificateFileThatCannotBeReadIsRefusedAtStart() throws {
        var configuration = LiveryConfiguration()
        let key = try #require(ConfigurationKey.named("webhooks.trustedCertificates"))
        #expect(throws: ConfigurationError.self) { try key.apply(&configuration, .text("/nonexistent/ca.pem")) }
        #expect(throws: ConfigurationError.self) { try key.apply(&configuration, .text("/etc/hostname")) }
        try key.apply(&configuration, .text(""))
        #expect(configuration.webhooksTrustedCertificates == nil)
    }
}
