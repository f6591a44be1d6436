import Foundation

/// Requests of the suites that run off the pool (`.offThePool`) and drive a server hard.
///
/// The server under test shares this process's cooperative pool with every other suite, and a
/// full `swift test` sometimes has it busy for a minute (pure tests then report 60 s); a test on
/// threads of its own keeps sending meanwhile, and its requests' deferred answers wait for the
/// pool like everyone's. What such a test asserts is not how long that takes, so its requests
/// wait longer than the 30 s default; what it does time (the event loops' answers) it times
/// with the default.
extension TestServer {
    static let patience = 180.0

    func patientGet(_ target: String, headers: [(String, String)] = []) async throws -> TestResponse {
        try await request("GET", target, headers: headers, timeout: Self.patience)
    }

    func patientPublish(_ skin: String, _ document: String, token: String) async throws -> TestResponse {
        try await request(
            "POST", "/v1/skins/\(skin)/versions", headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
            body: Array(document.utf8), timeout: Self.patience)
    }
}
