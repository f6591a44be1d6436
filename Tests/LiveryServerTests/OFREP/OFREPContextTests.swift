import Testing
import SkinModel
@testable import LiveryServer

/// The evaluation context → the view the channel read would ask for (docs/api.md, "OFREP"),
/// without a server.
@Suite struct OFREPContextTests {
    @Test func theContextBecomesTheChannelReadsView() throws {
        let context = try OFREPContext.read(body: Array(#"{"context": {"targetingKey": "install-1", "platform": "Android", "appVersion": "3.2.1-beta.2+7", "variants": ["theme:dark", "roomy", "theme:dark"], "channel": "beta", "other": 1}}"#.utf8))
        let build = try #require(ClientIdentity("android/3.2.1"))
        #expect(context.view == DocumentView(target: .channel("beta"), variants: ["theme:dark", "roomy"], bucket: RolloutBucket.of("install-1"), client: build))
        #expect(try OFREPContext.read(body: Array(#"{"context": {"variants": "dark, highContrast"}}"#.utf8)).variants == ["dark", "highContrast"])
        #expect(try OFREPContext.read(body: []).view == DocumentView(target: .channel("default")))
    }

    @Test("a variant is named by the channel read's rule", arguments: ["dark/x", "a&b", "<script>"])
    func variantsAreNamesAsInTheQuery(variant: String) {
        let context = JSONObject([("variants", .array([.string(variant)]))])
        let read = Result { () throws(OFREPError) in try OFREPContext(context: context) }
        guard case .failure(let error) = read else {
            Issue.record("\(variant) was taken as a variant")
            return
        }
        #expect(error.code == .invalidContext)
        #expect(error.details.contains(variant))
    }

    @Test(arguments: [("1.2.3", true), ("0.0.0", true), ("3.2.1-beta.1+77", true), ("3.2", false), ("v3.2.1", false), ("01.2.3", false), ("1.2.3-", false), ("1.2.3+", false), ("", false)])
    func semanticVersions(text: String, valid: Bool) {
        let context = JSONObject([("platform", .string("ios")), ("appVersion", .string(text))])
        let read = Result { () throws(OFREPError) in try OFREPContext(context: context) }
        #expect(((try? read.get()) != nil) == valid, "appVersion \(text)")
        if !valid, case .failure(let error) = read { #expect(error.code == .invalidContext) }
    }
}
