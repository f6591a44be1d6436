import Testing
@testable import SkinModel

@Suite("Rule matching and ranking")
struct RuleRankingTests {
    /// Rules with the given selectors, each setting `order` to its index, so a match shows which rule won.
    static func styling(_ selectors: [String]) -> ResolvedStyling {
        ResolvedStyling(rules: selectors.enumerated().map { index, text in
            ResolvedRule(selector: try! StyleSelector(parsing: text), properties: ["order": .number(Double(index))])
        })
    }

    static func rank(_ selector: String, _ element: String, variants: [String] = []) -> RuleRank? {
        RuleRanking.rank(try! StyleSelector(parsing: selector), for: try! ElementIdentifier(parsing: element), variants: variants)
    }

    // docs/skins.md, "Components, styles and rules": "For home/header/searchBar/label the order is exact > header/searchBar/label >
    // home/searchBar/label > searchBar/label > home/header/label > header/label > home/label > label".
    static let specOrder = [
        "home/header/searchBar/label", "header/searchBar/label", "home/searchBar/label", "searchBar/label",
        "home/header/label", "header/label", "home/label", "label",
    ]

    @Test("the documented worked example, verbatim: eight selectors in rank order")
    func specExample() throws {
        let ranks = Self.specOrder.map { Self.rank($0, "home/header/searchBar/label")! }
        #expect(ranks[0].isExact)
        #expect(ranks.dropFirst().allSatisfy { !$0.isExact })
        for (better, worse) in zip(ranks, ranks.dropFirst()) { #expect(better > worse) }
        #expect(ranks.map(\.specificity) == [43, 41, 35, 33, 11, 9, 3, 1])

        // Listed worst first, so order alone cannot explain the result.
        let match = try #require(Self.styling(Self.specOrder.reversed()).match(id: "home/header/searchBar/label", variants: []))
        #expect(match.selector.description == "home/header/searchBar/label")
        #expect(match.candidates.map(\.selector.description) == Self.specOrder)
        #expect(match.properties["order"] == .number(7))
    }

    @Test("matching: atoms equal, other components in order with skips", arguments: [
        ("element/title", "section/element/title", true),
        ("element/title", "othersection/title", false),
        ("title", "section/element/title", true),
        ("title", "othersection/title", true),
        ("section/title", "section/element/title", true),
        ("element/section/title", "section/element/title", false),  // order matters
        ("title", "section/element/subtitle", false),
        ("section/element/title", "element/title", false),  // more components than the element
        ("*/title", "title", false),  // `*` stands for one component
        ("*/title", "a/title", true),
        ("*/*/title", "a/title", false),
        ("a/*/title", "a/b/title", true),
        ("a/*/title", "a/title", false),
        ("*/body", "x/clientlistitem/body", true),
    ])
    func matching(selector: String, element: String, matches: Bool) {
        #expect((Self.rank(selector, element) != nil) == matches)
    }

    @Test("states: a state matches only the same state; no state matches any", arguments: [
        ("button[selected]", "checkout/button[selected]", true),
        ("button[selected]", "checkout/button", false),
        ("button[selected]", "checkout/button[disabled]", false),
        ("button", "checkout/button[selected]", true),
        ("row[selected]/title", "list/row[selected]/title", true),
        ("row[selected]/title", "list/row/title", false),
        ("row/title", "list/row[selected]/title", true),
    ])
    func states(selector: String, element: String, matches: Bool) {
        #expect((Self.rank(selector, element) != nil) == matches)
    }

    @Test("a matched state adds w, more than the name's w/2 and less than one step in")
    func stateWeights() {
        // n = 2: `row` weighs 16 (name 8, state 16), `list` 4 (name 2, state 4), atom 1 (+1 state).
        let element = "list[open]/row[selected]/title[on]"
        #expect(Self.rank("title", element)?.specificity == 1)
        #expect(Self.rank("title[on]", element)?.specificity == 2)
        #expect(Self.rank("list/title", element)?.specificity == 3)
        #expect(Self.rank("list[open]/title[on]", element)?.specificity == 8)
        #expect(Self.rank("row/title", element)?.specificity == 9)
        #expect(Self.rank("row[selected]/title", element)?.specificity == 25)
        #expect(Self.rank("list[open]/row[selected]/title[on]", element)?.isExact == true)
        #expect(Self.rank("list/row/title", element)?.isExact == false)
        // Everything matched further out never reaches one more name further in.
        #expect(Self.rank("list[open]/title[on]", element)! < Self.rank("row/title", element)!)
    }

    @Test("per-state rule beats the plain rule for that state only")
    func perStateRules() throws {
        let styling = Self.styling(["checkout/button", "checkout/button[disabled]"])
        #expect(styling.match(id: "checkout/button[disabled]", variants: [])?.properties["order"] == .number(1))
        #expect(styling.match(id: "checkout/button", variants: [])?.properties["order"] == .number(0))
        #expect(styling.match(id: "checkout/button[selected]", variants: [])?.properties["order"] == .number(0))
    }

    @Test("`*` adds nothing: */label ties with label, and the later rule wins")
    func wildcardTies() throws {
        #expect(Self.rank("*/label", "home/label") == Self.rank("label", "home/label"))
        #expect(Self.styling(["*/label", "label"]).match(id: "home/label", variants: [])?.properties["order"] == .number(1))
        #expect(Self.styling(["label", "*/label"]).match(id: "home/label", variants: [])?.properties["order"] == .number(1))
        #expect(Self.rank("*/searchBar/label", "home/searchBar/label")! < Self.rank("home/searchBar/label", "home/searchBar/label")!)
    }

    @Test("equal rank: the later rule wins, and a repeated selector replaces the earlier rule")
    func ties() throws {
        let match = try #require(Self.styling(["title", "header/title", "title", "header/title"]).match(id: "home/header/title", variants: []))
        #expect(match.properties["order"] == .number(3))
        #expect(match.candidates.map(\.ruleIndex) == [3, 1, 2, 0])
    }

    @Test("themes: a requested theme outranks every unthemed rule; others are ignored")
    func themes() throws {
        let styling = Self.styling(["@dark/label", "home/header/searchBar/label", "@light/home/header/searchBar/label"])
        let id = "home/header/searchBar/label"
        #expect(styling.match(id: id, variants: [])?.properties["order"] == .number(1))
        #expect(styling.match(id: id, variants: ["dark"])?.properties["order"] == .number(0))
        #expect(styling.match(id: id, variants: ["compact", "dark"])?.properties["order"] == .number(0))
        #expect(styling.match(id: id, variants: ["light"])?.properties["order"] == .number(2))
        #expect(styling.match(id: id, variants: ["dark"])?.candidates.map(\.ruleIndex) == [0, 1])
        // Among requested themes, specificity then order decides.
        #expect(styling.match(id: id, variants: ["dark", "light"])?.properties["order"] == .number(2))
        #expect(Self.styling(["@a/label", "@b/label"]).match(id: "x/label", variants: ["b", "a"])?.properties["order"] == .number(1))
    }

    @Test("the best placement counts when a selector fits several ways")
    func bestPlacement() {
        // `a/x` on `a/a/x`: the inner `a` (w = 16) rather than the outer one (w = 4).
        #expect(Self.rank("a/x", "a/a/x")?.specificity == 9)
        #expect(Self.rank("*/a/x", "a/a/x")?.specificity == 9)
        #expect(Self.rank("a/*/x", "a/a/x")?.specificity == 3)
    }

    @Test("no match: malformed identifiers, other atoms, no rules")
    func noMatch() {
        let styling = Self.styling(["label"])
        #expect(styling.match(id: "home/title", variants: []) == nil)
        #expect(styling.match(id: "home//label", variants: []) == nil)
        #expect(styling.match(id: "*/label", variants: []) == nil)
        #expect(ResolvedStyling.empty.match(id: "label", variants: []) == nil)
    }
}
