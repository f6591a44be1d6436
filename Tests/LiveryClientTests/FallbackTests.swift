import Foundation
import TestSupport
import Testing
@testable import LiveryClient

/// The bundled fallback (docs/apps.md, "A token the look lacks"): never a crash at launch, and
/// the source of every token the served look lacks or retyped, reported once.
@Suite struct FallbackTests {
    static func client(_ baseURL: URL, fallback: SkinFallback?, events: EventLog) throws -> LiveryClient {
        try LiveryClient(configuration: LiveryClientConfiguration(baseURL: baseURL, fallback: fallback, eventHandler: events.handler))
    }

    static func tokenFallbacks(_ log: EventLog) -> [(String, TokenType?, TokenType)] {
        log.all.compactMap { if case .tokenFallback(let path, let served, let bundled) = $0.event { (path, served, bundled) } else { nil } }
    }

    @Test func aMissingOrInvalidFallbackNeverStopsTheClientEvenWithTheServerUp() async throws {
        try await withTemporaryFolder { folder in
            try await LiveServer.run(folder: folder) { server in
                for fallback in [SkinFallback.file(folder.appendingPathComponent("missing.json")), .bytes(Array("{}".utf8)), .bytes([0xff])] {
                    let events = EventLog()
                    let client = try Self.client(server.baseURL, fallback: fallback, events: events)
                    guard case .invalidFallback? = client.fallbackError else {
                        Issue.record("fallbackError: \(String(describing: client.fallbackError))")
                        continue
                    }
                    #expect(client.current == nil)
                    #expect(events.all.contains { if case .fallbackUnavailable = $0.event { true } else { false } })
                    #expect(try await client.fetch().source == .fresh, "the server's look still arrives")
                    #expect(try client.current?.color("color.tint") != nil)
                }
            }
        }
    }

    @Test func aTokenTheServedLookLacksOrRetypedIsReadFromTheBundleAndReportedOnce() async throws {
        try await withTemporaryFolder { folder in
            try await LiveServer.run(folder: folder) { server in
                let events = EventLog()
                // The bundle (an older look) has `label` (string) and `size.corner` as a dimension.
                let client = try Self.client(server.baseURL, fallback: .bytes(Fixtures.document(version: 1)), events: events)
                #expect(client.fallbackError == nil)
                let served = try await client.fetch()
                #expect(served.value("label") == nil, "the demo skin has no label token")
                #expect(try served.string("label") == "Hello", "read from the bundle")
                #expect(try served.string("label") == "Hello")
                let reports = Self.tokenFallbacks(events).filter { $0.0 == "label" }
                #expect(reports.count == 1, "reported once: \(reports)")
                #expect(reports.first?.1 == nil && reports.first?.2 == .string)
                #expect(throws: SkinError.missingToken("nowhere")) { try served.color("nowhere") }

                // A served token of another type: the bundle's, when it has the asked type.
                let retyped = try Skin(bytes: Array(String(decoding: Fixtures.document(version: 2), as: UTF8.self)
                    .replacingOccurrences(of: #""opacity":{"type":"number","value":0.5}"#, with: #""opacity":{"type":"string","value":"half"}"#).utf8))
                    .with(fallback: client.tokenFallback)
                #expect(try retyped.number("opacity") == 0.5)
                #expect(Self.tokenFallbacks(events).contains { $0.0 == "opacity" && $0.1 == .string && $0.2 == .number })
                #expect(throws: SkinError.wrongType(path: "label", expected: .color, actual: .string)) { try retyped.color("label") }
            }
        }
    }

    @Test func theClientIdentityIsSentWithEveryRequest() throws {
        let identity = try #require(LiveryClientIdentity(platform: "iOS", version: "3.2"))
        #expect(identity.description == "ios/3.2.0", "a two-number short version is completed")
        #expect(LiveryClientIdentity(platform: "ios", version: "3.2.1-beta.1+77")?.version == "3.2.1-beta.1+77")
        #expect(LiveryClientIdentity(platform: "ios", version: "999999.0.1")?.version == "999999.0.1")
        // The server's bounds: each number at most 999999, the version at most 64 characters.
        for bad in ["", "v3", "3.2.1.4", "01.2", "3..1", "3.2-", "1000000.0.0", "1.0.0-" + String(repeating: "a", count: 59)] {
            #expect(LiveryClientIdentity(platform: "ios", version: bad) == nil, "\(bad)")
        }
        #expect(LiveryClientIdentity(platform: "symbian", version: "1.0.0") == nil)
        let client = try LiveryClient(configuration: LiveryClientConfiguration(
            baseURL: URL(string: "https://skins.example.com")!, client: LiveryClientIdentity(platform: "android", version: "1.0.0+5")))
        #expect(client.skinURL.absoluteString.contains("client=android/1.0.0%2B5") == true, "\(client.skinURL)")
        #if !canImport(Darwin)
        #expect(LiveryClientConfiguration(baseURL: URL(string: "https://x.example")!).client == nil, "no bundle version off Apple platforms")
        #endif
    }

    @Test("UIKit and SwiftUI share one weight mapping: every CSS weight to its nearest named weight")
    func fontWeights() {
        let table = SkinFontWeight.Table(ultraLight: "ultraLight", thin: "thin", light: "light", regular: "regular", medium: "medium",
                                         semibold: "semibold", bold: "bold", heavy: "heavy", black: "black")
        #expect(table[nil] == "regular")
        #expect([100, 200, 300, 400, 500, 600, 700, 800, 900].map { table[Double($0)] }
            == ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"])
        #expect(table[449] == "regular" && table[450] == "medium" && table[1] == "ultraLight" && table[1000] == "black")
        for weight in SkinFontWeight.allCases { #expect(SkinFontWeight(cssWeight: Double(weight.rawValue)) == weight) }
    }
}
