import Testing
@testable import SkinStore
import TestSupport
import SkinModel

/// `client=PLATFORM/VERSION`, version ranges and the choice of a channel's target
/// (docs/apps.md, "Old builds in the field").
/// `.offThePool`: the parser is compared with the reference over many inputs, seconds of computing.
@Suite("Client identity", .offThePool)
struct ClientIdentityTests {
    @Test(arguments: [
        ("ios/3.2.1", "ios/3.2.1"),
        ("android/10.0.0", "android/10.0.0"),
        ("web/0.0.1", "web/0.0.1"),
        ("macos/1.2.3-beta.2", "macos/1.2.3"),
        ("other/1.2.3+417", "other/1.2.3"),
        ("ios/3.2.1-rc.1+build.5", "ios/3.2.1"),
        ("ios/999999.999999.999999", "ios/999999.999999.999999"),
        ("ios/1.0.0-" + String(repeating: "a", count: 58), "ios/1.0.0"),
    ])
    func wellFormedClientsParseWithoutPreReleaseOrBuild(_ text: String, _ normalised: String) throws {
        let client = try #require(ClientIdentity(text))
        #expect(client.description == normalised)
    }

    @Test(arguments: [
        "", "ios", "ios/", "/3.2.1", "iOS/3.2.1", "iphone/3.2.1", "ios/3.2", "ios/3.2.1.0", "ios/03.2.1", "ios/3.02.1",
        "ios/3.2.x", "ios/-1.2.3", "ios/3.2.1-", "ios/3.2.1+", "ios/3.2.1-be_ta", "ios/3..1", "ios/1234567890.0.0",
        "ios/3.2.1/x", "ios /3.2.1",
        // Bounded (BuildVersion.maxNumber, .maxLength): what an anonymous client= can make the server keep stays small.
        "ios/1000000.0.0", "ios/0.1000000.0", "ios/0.0.1000000", "ios/1.0.0-" + String(repeating: "a", count: 59),
        "ios/1.0.0+" + String(repeating: "b", count: 7_800),
    ])
    func malformedClientsAreRefused(_ text: String) {
        #expect(ClientIdentity(text) == nil, "\(text)")
    }

    /// The byte parser agrees with the character-based one it replaced (kept here as the
    /// reference) on 200,000 strings drawn from the characters a version is made of, and more.
    @Test func theByteParserAgreesWithTheReferenceParser() {
        func reference(_ text: String) -> String? {
            guard text.utf8.count <= BuildVersion.maxLength else { return nil }
            func identifiers(_ text: Substring) -> Bool {
                text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { identifier in
                    !identifier.isEmpty && identifier.utf8.allSatisfy { byte in
                        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D
                    }
                }
            }
            var core = Substring(text)
            if let plus = core.firstIndex(of: "+") {
                guard identifiers(core[core.index(after: plus)...]) else { return nil }
                core = core[..<plus]
            }
            if let dash = core.firstIndex(of: "-") {
                guard identifiers(core[core.index(after: dash)...]) else { return nil }
                core = core[..<dash]
            }
            let parts = core.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3 else { return nil }
            var numbers: [Int] = []
            for part in parts {
                guard (1...6).contains(part.utf8.count), part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                    part == "0" || part.first != "0", let number = Int(part), number <= BuildVersion.maxNumber
                else { return nil }
                numbers.append(number)
            }
            return numbers.map(String.init).joined(separator: ".")
        }
        // Pieces rather than characters, so that many draws are versions (valid or nearly).
        let pieces = ["0", "1", "9", "12", "007", "999999", "1000000", ".", ".", ".", "-", "+", "a", "Z-9", "_", "/", "é", " "]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {  // splitmix64: the same strings on every run
            seed &+= 0x9E37_79B9_7F4A_7C15
            var z = seed
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var disagreements: [String] = []
        var valid = 0
        for _ in 0..<200_000 {
            func piece(_ from: [String]) -> String { from[Int(next() % UInt64(from.count))] }
            let numbers = ["0", "1", "9", "12", "007", "999999", "1000000"]
            // A version's shape, a suffix, then one piece replaced half of the time.
            var parts = [piece(numbers), ".", piece(numbers), ".", piece(numbers)]
            parts += (0..<Int(next() % 4)).map { _ in piece(["-", "+", "a", "Z-9", ".", "0"]) }
            if next() % 2 == 0 { parts[Int(next() % UInt64(parts.count))] = piece(pieces) }
            let text = parts.joined()
            let parsed = BuildVersion(text)?.description
            if parsed != reference(text) { disagreements.append(text) }
            if parsed != nil { valid += 1 }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
        #expect(valid > 500, "the draws include versions: \(valid)")
    }

    @Test func versionsCompareNumericallyNotAsText() throws {
        let versions = try ["3.10.0", "3.2.0", "3.2.10", "3.2.9", "10.0.0", "2.99.99"].map { try #require(BuildVersion($0)) }
        #expect(versions.sorted().map(\.description) == ["2.99.99", "3.2.0", "3.2.9", "3.2.10", "3.10.0", "10.0.0"])
        #expect(BuildVersion("3.2.1-beta") == BuildVersion("3.2.1"))
    }

    @Test(arguments: [
        ("<3.2.0", ["3.1.9", "0.0.1", "3.1.99"], ["3.2.0", "3.2.1", "4.0.0"]),
        ("<=3.2.0", ["3.2.0", "3.1.0"], ["3.2.1"]),
        (">3.2.0", ["3.2.1", "10.0.0"], ["3.2.0", "3.1.9"]),
        (">=3.2.0", ["3.2.0", "3.10.0"], ["3.1.99"]),
        ("=3.2.0", ["3.2.0"], ["3.2.1", "3.1.0"]),
        (">=3.0.0 <3.2.0", ["3.0.0", "3.1.5"], ["2.9.9", "3.2.0"]),
        ("  >=1.0.0   <=1.0.0 ", ["1.0.0"], ["1.0.1", "0.9.9"]),
    ])
    func rangesAreComparisonsJoinedByAnd(_ text: String, _ inside: [String], _ outside: [String]) throws {
        let range = try #require(BuildRange(text))
        for version in inside { #expect(range.contains(try #require(BuildVersion(version))), "\(version) in \(text)") }
        for version in outside { #expect(!range.contains(try #require(BuildVersion(version))), "\(version) not in \(text)") }
    }

    @Test(arguments: ["", " ", "3.2.0", "< 3.2.0", "<3.2", "~3.2.0", "^3.2.0", "<3.2.0,>1.0.0", "==3.2.0", "=>3.2.0", "<3.2.0 ||"])
    func malformedRangesAreRefused(_ text: String) {
        #expect(BuildRange(text) == nil, "\(text)")
    }

    @Test func rangesKeepACanonicalSpellingThatParsesBack() throws {
        let range = try #require(BuildRange("  >=3.0.0-beta   <3.2.0 "))
        #expect(range.description == ">=3.0.0 <3.2.0")
        #expect(BuildRange(range.description) == range)
    }

    @Test func theFirstMatchingEntryWinsAndRolloutsApplyOnlyToUnmatchedClients() throws {
        let builds = [
            BuildTarget(platform: .ios, versions: try #require(BuildRange("<3.0.0")), skin: "old", version: 1),
            BuildTarget(platform: .ios, versions: try #require(BuildRange("<3.2.0")), skin: "summer", version: 4),
            BuildTarget(platform: .android, versions: try #require(BuildRange(">=1.0.0")), skin: "droid", version: nil),
        ]
        let state = ChannelState(
            skin: "main", version: 7, rollout: ChannelRollout(skin: "next", version: 2, percent: 50), builds: builds)
        func target(_ client: String?, bucket: Int?) -> String {
            let chosen = state.target(forBucket: bucket, client: client.flatMap { ClientIdentity($0) })
            return "\(chosen.skin)@\(chosen.version.map(String.init) ?? "latest")"
        }
        #expect(target("ios/2.9.0", bucket: 0) == "old@1", "first match, although the second also matches")
        #expect(target("ios/3.1.0", bucket: 0) == "summer@4", "matched clients ignore the rollout")
        #expect(target("android/1.0.0", bucket: 99) == "droid@latest")
        #expect(target("ios/3.2.0", bucket: 0) == "next@2", "unmatched: the rollout by bucket")
        #expect(target("ios/3.2.0", bucket: 50) == "main@7")
        #expect(target("web/3.1.0", bucket: nil) == "main@7", "another platform is not matched")
        #expect(target(nil, bucket: nil) == "main@7")
    }

    @Test func aHundredPercentRolloutIsEveryoneEvenWithoutABucket() {
        let full = ChannelState(skin: "main", version: 7, rollout: ChannelRollout(skin: "next", version: 2, percent: 100))
        #expect(full.target(forBucket: nil).skin == "next")
        #expect(full.target(forBucket: 99).skin == "next")
        let most = ChannelState(skin: "main", version: 7, rollout: ChannelRollout(skin: "next", version: 2, percent: 99))
        #expect(most.target(forBucket: nil).skin == "main", "below 100 %, no bucket keeps the active target")
        #expect(most.target(forBucket: 98).skin == "next")
    }

    @Test func buildEntriesSurviveTheirStoredForm() throws {
        let builds = [
            BuildTarget(platform: .ios, versions: try #require(BuildRange(">=3.0.0 <3.2.0")), skin: "summer", version: 4),
            BuildTarget(platform: .web, versions: try #require(BuildRange("=1.0.0")), skin: "plain", version: nil),
        ]
        #expect([BuildTarget](storedText: builds.storedText) == builds)
        #expect([BuildTarget](storedText: nil).isEmpty)
        #expect([BuildTarget](storedText: "").isEmpty)
    }

    // Contracts name builds in two parts (/v1/contracts/{platform}/{version}), read by the same parser.
    @Test(arguments: [
        ("ios", "3.2.1", "ios/3.2.1"), ("android", "10.0.0-beta.2+77", "android/10.0.0"), ("web", "0.0.0", "web/0.0.0"),
    ])
    func buildsAreNamedByPlatformAndThreeNumbers(platform: String, version: String, expected: String) throws {
        #expect(try ClientIdentity(platform: platform, version: version).description == expected)
    }

    @Test(arguments: [("tv", "1.0.0"), ("ios", "1.0"), ("ios", "01.0.0"), ("ios", "1.0.0-"), ("ios", "a.b.c"), ("ios", "1.0.0.0")])
    func malformedBuildsAreRefused(platform: String, version: String) {
        #expect(throws: ClientIdentity.Invalid.self) { try ClientIdentity(platform: platform, version: version) }
    }
}
