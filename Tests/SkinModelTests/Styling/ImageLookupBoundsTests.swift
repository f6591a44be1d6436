import Testing
@testable import SkinModel

/// The image and style lookups stay linear in the identifier's length (docs/skins.md,
/// "Limits"): a 200-byte identifier once meant 2^63 candidate names.
@Suite("Lookup bounds")
struct ImageLookupBoundsTests {
    /// A fixed generator, so a failing case can be replayed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// What the lookup answered before it ranked names: the first enumerated candidate the skin has.
    static func enumerated(_ images: [String: AssetInfo], id: String, variants: [String]) -> String? {
        ImageNameCandidates.candidates(for: id, variants: variants).first { images[$0] != nil }
    }

    @Test("ranking the skin's names answers as walking the candidates did, awkward components included")
    func sameAnswers() {
        var random = SplitMix(state: 26)
        // Components that look like separators or wildcards are where a matcher could go wrong.
        let pieces = ["a", "b", "*", "*_a", "a_*", "_", "a_b", "x[on]"]
        let asset = ImageNameCandidatesTests.asset("1")
        for _ in 0..<400 {
            let id = (0..<Int.random(in: 1...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined(separator: "/")
            let variants = Array(["dark", "a", "*"].shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random)))
            let all = ImageNameCandidates.candidates(for: id, variants: variants)
            var names = Set(all.filter { _ in Int.random(in: 0..<6, using: &random) == 0 })
            for _ in 0..<3 { names.insert((0..<Int.random(in: 1...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined(separator: "_")) }
            let images = Dictionary(uniqueKeysWithValues: names.map { ($0, asset) })
            let styling = ResolvedStyling(images: images)
            #expect(styling.image(for: id, variants: variants)?.name == Self.enumerated(images, id: id, variants: variants),
                    "id \(id), variants \(variants), names \(names.sorted())")
        }
    }

    @Test("4,000 components: found, with work linear in the identifier and the names")
    func longIdentifier() {
        let parts = (0..<3_999).map { "c\($0 % 7)" }
        let id = (parts + ["image"]).joined(separator: "/")
        let exact = (parts + ["image"]).joined(separator: "_")
        let wildcards = String(repeating: "*_", count: 3_999) + "image"
        let mixed = "*_" + parts.dropFirst().joined(separator: "_") + "_image"
        var images = [exact: ImageNameCandidatesTests.asset("1"), wildcards: ImageNameCandidatesTests.asset("2"),
                      mixed: ImageNameCandidatesTests.asset("3"), "*_image": ImageNameCandidatesTests.asset("4")]
        let bound = 8 * (id.utf8.count + images.keys.reduce(0) { $0 + $1.utf8.count })
        for expected in [exact, mixed, wildcards] {
            var work = 0
            let found = ResolvedStyling(images: images).image(for: id, variants: ["dark"], work: &work)
            #expect(found?.name == expected)
            #expect(work <= bound, "work \(work) for a bound of \(bound)")
            images[expected] = nil
        }
        var work = 0
        #expect(ResolvedStyling(images: images).image(for: id, variants: ["dark"], work: &work) == nil)
        #expect(work <= bound)
    }

    @Test("a 4,000-component identifier costs a rule one pass over it, and still matches")
    func longStyleIdentifier() throws {
        let parts = (0..<3_999).map { "c\($0 % 7)" }
        let element = try ElementIdentifier(parsing: (parts + ["label"]).joined(separator: "/"))
        let selector = try StyleSelector(parsing: "c1/*/c3/label")
        var work = 0
        #expect(RuleRanking.bestPlacement(of: selector.components, in: element.components, work: &work) != nil)
        #expect(work <= selector.components.count * (element.components.count + 1))
        let styling = RuleRankingTests.styling(["c9/label", "c3/label", "label"])
        #expect(styling.match(element, variants: [])?.properties["order"] == .number(1))
    }
}
