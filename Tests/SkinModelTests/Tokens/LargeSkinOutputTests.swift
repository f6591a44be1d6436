import Testing
@testable import SkinModel

/// The resolved tokens at scale: kept in one array in path order (`ResolvedTokens`, issue 9), they
/// must still give exactly the flat document that the straightforward rendering gives — build a
/// `JSONValue` document and let `CanonicalJSON` sort every object's keys itself.
@Suite("Resolved output at scale")
struct LargeSkinOutputTests {
    /// 20,000 tokens over two skins and a variant. Names mix short and long paths (many longer
    /// than 16 bytes and alike in their first 16), digits that sort as text (`t10` before `t2`),
    /// and non-ASCII names, so code point order is exercised where it differs from the order
    /// tokens are written in.
    static let generated: ResolvedSkin? = try? skin()

    static func skin() throws -> ResolvedSkin {
        func group(_ index: Int) -> String {
            switch index % 4 {
            case 0: "g\(index / 40)"
            case 1: "component.button.primary.state\(index / 40)"
            case 2: "couleur.été\(index / 40)"
            default: "색상.\(index / 40)"
            }
        }
        var base: [String] = [], app: [String] = [], dark: [String] = []
        for index in 0..<16_000 {
            let path = "\(group(index)).t\(index)"
            switch index % 5 {
            case 0: base.append(entry(path, "color", "\"#\(hex(index))\""))
            case 1: base.append(entry(path, "dimension", "{\"value\": \(index % 97), \"unit\": \"px\"}"))
            case 2 where index > 10: base.append(entry(path, "color", "\"lighten({\(group(index - 2)).t\(index - 2)}, 0.1)\""))
            case 3: base.append(entry(path, "number", "\(index)"))
            default: base.append(entry(path, "string", "\"text \(index)\""))
            }
            if index % 10 == 0 { dark.append(entry(path, "color", "\"#\(hex(index * 7))\"")) }
        }
        for index in 0..<4_000 {
            let target = index % 3_200 * 5  // a colour of base's
            app.append(entry("app.\(group(index)).u\(index)", "color", "\"{\(group(target)).t\(target)}\""))
        }
        let baseText = "{\"$livery\": {\"variants\": {\"dark\": \(tree(dark))}}, " + tree(base).dropFirst()
        let appText = "{\"$livery\": {\"extends\": \"base\"}, " + tree(app).dropFirst()
        return try resolve(lineage([("base", 2, baseText), ("app", 5, appText)]), variants: ["dark"]).get()
    }

    static func entry(_ path: String, _ type: String, _ value: String) -> String {
        "\"\(path.replacingOccurrences(of: ".", with: "/"))\": {\"$type\": \"\(type)\", \"$value\": \(value)}"
    }

    /// Nests `a/b/c` members into groups (slashes stand for the dots of a path).
    static func tree(_ entries: [String]) -> String {
        final class Node {
            var children: [(String, Node)] = []
            var leaf: String?
            func child(_ name: String) -> Node {
                if let found = children.last(where: { $0.0 == name }) { return found.1 }
                let node = Node()
                children.append((name, node))
                return node
            }
            func text() -> String {
                leaf ?? "{" + children.map { "\"\($0.0)\": \($0.1.text())" }.joined(separator: ", ") + "}"
            }
        }
        let root = Node()
        for entry in entries {
            let colon = entry.firstIndex(of: ":")!
            let path = entry[entry.index(after: entry.startIndex)..<entry.index(colon, offsetBy: -1)]
            var node = root
            for name in path.split(separator: "/") { node = node.child(String(name)) }
            node.leaf = String(entry[entry.index(after: colon)...])
        }
        return root.text()
    }

    static func hex(_ seed: Int) -> String {
        let text = String((seed &* 2_654_435_761) & 0xFF_FFFF, radix: 16)
        return String(repeating: "0", count: 6 - text.count) + text
    }

    @Test("the flat bytes of 20,000 tokens equal the canonical encoding of the flat document, with and without explain")
    func flatBytesAtScale() throws {
        let skin = try #require(Self.generated)
        #expect(skin.tokens.count == 20_000)
        for explain in [false, true] {
            let direct = skin.canonicalBytes(format: .flat, explain: explain, channel: "default")
            let reference = CanonicalJSON.encode(skin.document(format: .flat, explain: explain, channel: "default"))
            #expect(direct == reference, "explain: \(explain)")
        }
    }

    @Test("tokens are in code point order and every one is found by its path")
    func pathOrderAndLookup() throws {
        let skin = try #require(Self.generated)
        let paths = skin.tokens.keys
        #expect(zip(paths, paths.dropFirst()).allSatisfy { CanonicalJSON.codePointPrecedes($0, $1) })
        #expect(paths.allSatisfy { skin.tokens[$0] != nil })
        #expect(skin.tokens["app.g0.u0"]?.provenance.references == ["g0.t0"])
        #expect(skin.tokens["색상.0.t3"]?.value == .number(3))
        #expect(skin.tokens["색상.0.t"] == nil && skin.tokens["zzz"] == nil && skin.tokens[""] == nil)
        #expect(ResolvedTokens(Dictionary(uniqueKeysWithValues: skin.tokens.map { ($0.key, $0.value) })) == skin.tokens)
    }

    @Test("setting a token by path keeps the order; nil removes it; a canonically equivalent spelling finds it")
    func editing() throws {
        let token = ResolvedToken(type: .number, value: .number(1), provenance: TokenProvenance(layer: "x@1", references: []))
        var tokens: ResolvedTokens = ["b": token, "é": token, "a.z": token]
        tokens["a"] = token
        tokens["c"] = token
        tokens["b"] = nil
        #expect(tokens.keys == ["a", "a.z", "c", "é"])
        tokens["c"] = ResolvedToken(type: .number, value: .number(2), provenance: TokenProvenance(layer: "x@1", references: []))
        #expect(tokens["c"]?.value == .number(2) && tokens.count == 4)
        #expect(tokens["e\u{301}"] != nil, "a decomposed é is the same path to Swift, as it was to the dictionary before")
    }
}
