import Testing
import SkinModel
@testable import LiveryServer

/// The evaluation context → the channel read's query (docs/api.md, "OFREP"), without a server.
@Suite struct OFREPContextTests {
    @Test func theContextBecomesTheChannelReadsQuery() throws {
        let context = try OFREPContext.read(body: Array(#"{"context": {"targetingKey": "install-1", "platform": "Android", "appVersion": "3.2.1", "variants": ["theme:dark", "roomy"], "channel": "beta", "other": 1}}"#.utf8))
        #expect(context.channel == "beta")
        #expect(context.client == "android/3.2.1")
        #expect(context.variants == ["theme:dark", "roomy"])
        #expect(context.target == "/v1/channels/beta/skin?variant=theme%3Adark,roomy&bucket=\(RolloutBucket.of("install-1"))&client=android%2F3.2.1")
        #expect(try OFREPContext.read(body: Array(#"{"context": {"variants": "dark, highContrast"}}"#.utf8)).variants == ["dark", "highContrast"])
        #expect(try OFREPContext.read(body: []).target == "/v1/channels/default/skin")
    }

    @Test(arguments: [("1.2.3", true), ("0.0.0", true), ("3.2.1-beta.1+77", true), ("3.2", false), ("v3.2.1", false), ("01.2.3", false), ("1.2.3-", false), ("1.2.3+", false), ("", false)])
    func semanticVersions(text: String, valid: Bool) {
        let context = JSONObject([("platform", .string("ios")), ("appVersion", .string(text))])
        let read = Result { () throws(OFREPError) in try OFREPContext(context: context) }
        #expect(((try? read.get()) != nil) == valid, "appVersion \(text)")
        if !valid, case .failure(let error) = read { #expect(error.code == .invalidContext) }
    }
}
