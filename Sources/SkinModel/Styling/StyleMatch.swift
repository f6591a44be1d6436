/// The outcome of matching an element against a skin's rules (docs/skins.md, "Components, styles and rules").
///
/// The best rule wins whole: its `properties` are the element's style (SwiftUIStylable's
/// matcher and docs/skins.md's "a later rule with the same selector replaces the earlier one").
/// `candidates` lists every matching rule best first, for tools that explain a match or for
/// apps that want to cascade.
public struct StyleMatch: Sendable, Hashable {
    /// One matching rule.
    public struct Candidate: Sendable, Hashable {
        public var selector: StyleSelector
        public var rank: RuleRank
        /// The rule's position in the skin's rule list (later wins ties).
        public var ruleIndex: Int

        public init(selector: StyleSelector, rank: RuleRank, ruleIndex: Int) {
            self.selector = selector
            self.rank = rank
            self.ruleIndex = ruleIndex
        }
    }

    /// The winning rule's selector.
    public var selector: StyleSelector
    /// The winning rule's resolved properties.
    public var properties: [String: TokenValue]
    /// Every matching rule, best first; the first is the winner.
    public var candidates: [Candidate]

    public init(selector: StyleSelector, properties: [String: TokenValue], candidates: [Candidate]) {
        self.selector = selector
        self.properties = properties
        self.candidates = candidates
    }
}
