import Foundation
import HTTPEngine
import SkinModel
import Testing
@testable import LiveryServer

@Suite struct ConfigurationTests {
    @Test func laterSourcesWin() throws {
        let file = try JSONParser.parse(Array(#"{"http": {"port": 1000, "host": "::"}, "log": {"level": "debug"}}"#.utf8))
        let configuration = try LiveryConfiguration.load(
            file: file, environment: ["LIVERY_PORT": "2000", "LIVERY_LOG_LEVEL": "warning", "UNRELATED": "x"],
            flags: ["http.port": "3000"])
        #expect(configuration.port == 3000)
        #expect(configuration.logLevel == .warning)
        #expect(configuration.host == "::")
        #expect(configuration.maxWait == 60)
    }

    /// `database.url` chooses PostgreSQL (reads on `readUrl`); without it, the SQLite file.
    @Test func theDatabaseURLChoosesTheBackend() throws {
        let sqlite = try LiveryConfiguration.load(file: nil, environment: ["LIVERY_DATABASE": "/tmp/x.sqlite"], flags: [:])
        #expect(sqlite.storeBackend.description == "sqlite:/tmp/x.sqlite")
        let postgres = try LiveryConfiguration.load(
            file: nil, environment: ["LIVERY_DATABASE_URL": "postgresql://livery:pw@db/livery"],
            flags: ["database.readUrl": "postgres://livery:pw@standby/livery"])
        #expect(postgres.storeBackend.description == "postgresql:postgresql://livery:***@db/livery (reads: postgres://livery:***@standby/livery)")
    }

    @Test(arguments: [
        (#"{"http": {"prot": 1}}"#, [String: String](), "http.prot"),
        (#"{"http": {"port": "80"}}"#, [:], "http.port"),
        (#"{"shutdown": {"grace": -1}}"#, [:], "shutdown.grace"),
        (#"{}"#, ["LIVERY_PUBLIC_READS": "maybe"], "auth.publicReads"),
        (#"{}"#, ["LIVERY_MAX_CONNECTIONS": "0"], "http.maxConnections"),
        (#"[1]"#, [:], "(config file)"),
        (#"{"database": {"url": "/var/lib/livery.sqlite"}}"#, [:], "database.url"),
        (#"{}"#, ["LIVERY_DATABASE_READ_URL": "mysql://db/livery"], "database.readUrl"),
        (#"{}"#, ["LIVERY_SHARED_MAX_AGE": "-1"], "http.sharedMaxAge"),
        (#"{}"#, ["LIVERY_EVENT_BACKEND": "kqueue"], "http.eventBackend"),
    ])
    func invalidValuesNameTheKey(file: String, environment: [String: String], key: String) throws {
        let json = try JSONParser.parse(Array(file.utf8))
        #expect {
            _ = try LiveryConfiguration.load(file: json, environment: environment, flags: [:])
        } throws: { error in
            (error as? ConfigurationError)?.key == key
        }
    }

    /// `http.eventBackend` (docs/operations.md): either backend on Linux, `null` for the platform's default,
    /// and epoll refused off Linux with the reason (checked here through the engine's answer for
    /// Darwin, which this machine cannot run).
    @Test func theEventBackendIsChosenAndCheckedAgainstThePlatform() throws {
        let poll = try LiveryConfiguration.load(file: nil, environment: ["LIVERY_EVENT_BACKEND": " Poll "], flags: [:])
        #expect(poll.eventBackend == .poll)
        #expect(poll.httpServerConfiguration.eventBackend == .poll)
        let file = try JSONParser.parse(Array(#"{"http": {"eventBackend": null}}"#.utf8))
        #expect(try LiveryConfiguration.load(file: file, environment: [:], flags: [:]).eventBackend == .platformDefault)
        #if os(Linux)
        #expect(LiveryConfiguration().eventBackend == .epoll)
        #expect(try LiveryConfiguration.load(file: nil, environment: ["LIVERY_EVENT_BACKEND": "epoll"], flags: [:]).eventBackend == .epoll)
        #endif
        #expect(HTTPEventBackend.epoll.unavailableReason(onLinux: false)?.contains("Linux system call") == true)
        #expect(HTTPEventBackend.poll.unavailableReason(onLinux: false) == nil)
        #expect(HTTPEventBackend.epoll.unavailableReason(onLinux: true) == nil)
        #expect(HTTPEventBackend.available.contains(.poll))
    }

    @Test func theExampleFileDocumentsEveryKeyWithItsDefault() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("config/livery.example.json")
        let bytes = try #require(FileManager.default.contents(atPath: url.path))
        let file = try JSONParser.parse([UInt8](bytes))
        #expect(try LiveryConfiguration.load(file: file, environment: [:], flags: [:]) == LiveryConfiguration())
        let text = String(decoding: bytes, as: UTF8.self)
        for key in ConfigurationKey.all {
            let leaf = key.name.split(separator: ".").last!
            #expect(text.contains("\"\(leaf)\""), "\(key.name) is in the example file")
        }
    }
}
