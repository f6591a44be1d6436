import Testing
@testable import SkinModel

/// Written into raw strings where `"#` would end them.
private let pound = "#"

/// Small documents that used to explode (docs/skins.md, "Limits"), each built here and each
/// refused with `expansion-limit` after work bounded by its size, not by luck.
@Suite("Expansion bombs")
struct ExpansionBombTests {
    static func parseErrors(_ text: String) -> [Diagnostic] {
        do {
            _ = try SkinDocument.parse(Array(text.utf8))
            return []
        } catch {
            return error.errors
        }
    }

    @Test("a $ref fan-out of 21 levels (2^21 copies from 1.3 KB) is refused")
    func refFanOut() {
        let levels = (0..<21).map { level in
            #""t\#(level)": { "$type": "number", "$value": [ { "$ref": "\#(pound)/t\#(level + 1)/$value" }, { "$ref": "\#(pound)/t\#(level + 1)/$value" } ] }"#
        }
        let text = "{ " + (levels + [#""t21": { "$type": "number", "$value": 1 }"#]).joined(separator: ", ") + " }"
        let errors = Self.parseErrors(text)
        #expect(errors.contains { $0.code == .expansionLimit }, "\(errors.prefix(3))")
        #expect(errors.count < 50)
    }

    @Test("one large $ref target referenced 300 times is refused")
    func largeTarget() {
        let big = (0..<20_000).map { _ in "1" }.joined(separator: ",")
        let users = (0..<300).map { #""u\#($0)": { "$type": "number", "$value": { "$ref": "\#(pound)/big/$value" } }"# }
        let text = #"{ "big": { "$type": "number", "$value": [\#(big)] }, "# + users.joined(separator: ", ") + " }"
        let errors = Self.parseErrors(text)
        #expect(errors.contains { $0.code == .expansionLimit })
        #expect(errors.count < 50)
    }

    @Test("a $ref used a few times, as real files do, stays within the budget")
    func modestReferences() throws {
        let text = #"{ "a": { "$type": "number", "$value": 1 }, "b": { "$type": "number", "$value": { "$ref": "\#(pound)/a" } }, "c": { "$type": "number", "$value": { "$ref": "\#(pound)/b/$value" } } }"#
        let document = try SkinDocument.parse(Array(text.utf8))
        #expect(document.tokens.count == 3)
    }

    @Test("a group $extends fan-out of 19 levels is refused")
    func extendsFanOut() {
        let levels = (0..<19).map { level in
            #""g\#(level)": { "x": { "$extends": "{g\#(level + 1)}" }, "y": { "$extends": "{g\#(level + 1)}" } }"#
        }
        let text = "{ " + (levels + [#""g19": { "t": { "$type": "number", "$value": 1 } }"#]).joined(separator: ", ") + " }"
        let errors = Self.parseErrors(text)
        #expect(errors.contains { $0.code == .expansionLimit }, "\(errors.prefix(3))")
    }

    @Test("token-set sets referencing each other ten times, six deep (10^6 copies), are refused")
    func setFanOut() {
        let sets = (0..<6).map { level in
            let refs = Array(repeating: #"{ "$ref": "\#(pound)/sets/s\#(level + 1)" }"#, count: 10).joined(separator: ", ")
            return #""s\#(level)": { "sources": [ \#(refs) ] }"#
        } + [#""s6": { "sources": [ { "a": { "$type": "number", "$value": 1 } } ] }"#]
        let text = #"{ "resolver": { "version": "2025.10", "sets": { \#(sets.joined(separator: ", ")) }, "resolutionOrder": [ { "$ref": "\#(pound)/sets/s0" } ] } }"#
        let errors = Self.parseErrors(text)
        #expect(errors.contains { $0.code == .expansionLimit }, "\(errors.prefix(3))")
    }

    @Test("a thousand variants validated over thousands of tokens are refused, not layered a thousand times")
    func variantsTimesTokens() throws {
        let tokens = (0..<2_000).map { #""t\#($0)": { "$value": \#($0) }"# }.joined(separator: ", ")
        let variants = (0..<300).map { #""v\#($0)": { "t0": { "$value": \#($0) } }"# }.joined(separator: ", ")
        let text = #"{ "$type": "number", \#(tokens), "$livery": { "variants": { \#(variants) } } }"#
        let document = try SkinDocument.parse(Array(text.utf8))
        let problems = Validator.validate(document: document, ancestors: [])
        #expect(problems.errors.contains { $0.code == .expansionLimit }, "\(problems.errors.prefix(3))")
        #expect(problems.errors.count < 50)
    }

    @Test("a few variants over the same tokens validate cleanly")
    func fewVariants() throws {
        let tokens = (0..<2_000).map { #""t\#($0)": { "$value": \#($0) }"# }.joined(separator: ", ")
        let variants = (0..<4).map { #""v\#($0)": { "t0": { "$value": \#($0) } }"# }.joined(separator: ", ")
        let text = #"{ "$type": "number", \#(tokens), "$livery": { "variants": { \#(variants) } } }"#
        let problems = Validator.validate(document: try SkinDocument.parse(Array(text.utf8)), ancestors: [])
        #expect(problems.errors.isEmpty, "\(problems.errors.prefix(3))")
    }

    @Test("a reference chain with a back edge from every token gives a report linear in the tokens")
    func cycleReport() throws {
        let count = 4_000
        let tokens = (0..<count).map { index in
            #""t\#(index)": { "$value": "{t\#((index + 1) % count)} + {t0}" }"#
        }.joined(separator: ", ")
        let document = try SkinDocument.parse(Array(#"{ "$type": "number", \#(tokens) }"#.utf8))
        let lineage = [LineageEntry(skin: "s", version: 1, document: document)]
        let (skin, problems) = Resolver.resolveCollecting(ResolutionRequest(lineage: lineage))
        let reported = problems.errors.reduce(0) { $0 + $1.message.utf8.count + $1.path.utf8.count }
        let pathBytes = (0..<count).reduce(0) { $0 + "t\($1)".utf8.count }
        // Before: n²/2 names, some 100 MB; now a few names per token.
        #expect(reported <= 8 * (pathBytes + 4 * count) + 10_000, "\(reported) bytes reported")
        #expect(problems.errors.allSatisfy { $0.code == .cycle })
        // Every token is on a cycle: none resolves, and each is accounted for.
        #expect(skin?.tokens.count ?? 0 == 0)
    }

    @Test("a cycle or two is still spelled out in full")
    func smallCycles() throws {
        let text = #"{ "$type": "number", "a": { "$value": "{b}" }, "b": { "$value": "{a}" }, "c": { "$value": "{c}" } }"#
        let lineage = [LineageEntry(skin: "s", version: 1, document: try SkinDocument.parse(Array(text.utf8)))]
        let messages = Resolver.resolveCollecting(ResolutionRequest(lineage: lineage)).1.errors.map(\.message).sorted()
        #expect(messages == ["reference cycle: a → b → a", "reference cycle: c → c"])
    }

    @Test("the budget: proportional to the input above a floor, capped, and failing for good once passed")
    func budget() {
        #expect(ExpansionBudget(inputUnits: 0).limit == ExpansionBudget.floor)
        #expect(ExpansionBudget(inputUnits: 1_000).limit == ExpansionBudget.floor + 1_000 * ExpansionBudget.perInputUnit)
        #expect(ExpansionBudget(inputUnits: .max).limit == ExpansionBudget.cap)
        let budget = ExpansionBudget(limit: 10)
        #expect(budget.spend(10))
        #expect(!budget.spend(1))
        #expect(!budget.spend(0))
        #expect(budget.exhaustion(at: "x", during: "test")?.code == .expansionLimit)
        #expect(budget.exhaustion(at: "x", during: "test") == nil)
        #expect(JSONValue.array([.number(1), .array([.null, .null])]).valueCount() == 5)
        #expect(JSONValue.array(Array(repeating: .null, count: 100)).valueCount(upTo: 10) == 10)
    }
}
