import Foundation
import Logging
import SkinStore
import Testing
@testable import LiveryServer

/// A failing database is a problem the operator can see: logged with its code and the request,
/// counted by code in /metrics, and never an empty success to the client.
@Suite struct StoreFailureTests {
    @Test func aFailingEventFeedAnswersAProblemAndLogsTheResultCode() async throws {
        let sink = CapturingLogSink()
        let logger = Logger(label: "livery-store-failure") { _ in LiveryLogHandler(format: .logfmt, level: .warning, sink: sink) }
        try await TestServer.run(logger: logger) { server in
            #expect(try await server.get("/v1/events").status == 200)
            // Break the database behind the server's back, as a damaged file or a bad
            // migration would: the change feed's table is gone.
            let saboteur = try SQLiteConnection(path: server.app.configuration.databasePath)
            try saboteur.execute("DROP TABLE events")
            saboteur.close()

            let response = try await server.get("/v1/events")
            #expect(response.status == 500)
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect((response.json["detail"] as? String)?.contains("SQLite result code 1") == true)

            let line = try #require(sink.lines.first { $0.contains("msg=\"request failed\"") })
            #expect(line.contains("level=error"))
            #expect(line.contains("error.code=sqlite:1"))
            #expect(line.contains("http.path=/v1/events"))
            #expect(line.contains("no such table"))

            let metrics = try await server.get("/metrics")
            #expect(metrics.text.contains("livery_store_errors_total{code=\"sqlite:1\"} 1"))
        }
    }
}
