import PropertyBased
import Testing
@testable import SkinModel

@Suite("Properties")
struct PropertyTests {
    @Test("hex output parses back to the same colour")
    func hexRoundTrip() async {
        let byte = Gen.int(in: 0...255)
        await propertyCheck(count: 500, input: byte, byte, byte, byte) { r, g, b, a in
            let color = RGBAColor(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: Double(a) / 255)
            guard case .value(let read) = ColorNotation.read(color.hexString) else {
                Issue.record("\(color.hexString) does not read back")
                return
            }
            #expect(read == color)
        }
    }

    @Test("printing any colour is idempotent through parsing")
    func hexIdempotent() async {
        let unit = Gen.double(in: 0...1)
        await propertyCheck(count: 500, input: unit, unit, unit, unit) { r, g, b, a in
            let hex = RGBAColor(red: r, green: g, blue: b, alpha: a).hexString
            guard case .value(let read) = ColorNotation.read(hex) else {
                Issue.record("\(hex) does not read back")
                return
            }
            #expect(read.hexString == hex)
        }
    }

    @Test("JSON: parse(encode(v)) == v")
    func jsonRoundTrip() async {
        await propertyCheck(count: 300, input: Gen.uint64().array(of: 1...60)) { entropy in
            var source = EntropySource(entropy)
            let value = source.jsonValue(depth: 0)
            let bytes = CanonicalJSON.encode(value)
            let parsed = try? JSONParser.parse(bytes)
            #expect(parsed == value, "\(String(decoding: bytes, as: UTF8.self))")
            // Canonical output is a fixed point.
            #expect(parsed.map(CanonicalJSON.encode) == bytes)
        }
    }

    @Test("canonical resolved bytes do not depend on the input's member order")
    func orderIndependence() async {
        await propertyCheck(count: 100, input: Gen.uint64().array(of: 4...40)) { entropy in
            var source = EntropySource(entropy)
            let tokens = source.tokenTree(count: entropy.count)
            let forward = SkinDocumentBuilder.json(tokens, order: { $0 })
            let backward = SkinDocumentBuilder.json(tokens, order: { $0.reversed() })
            let rotated = SkinDocumentBuilder.json(tokens, order: { Array($0.dropFirst()) + $0.prefix(1) })
            let outputs = [forward, backward, rotated].map { text -> [UInt8]? in
                guard let doc = try? SkinDocument.parse(Array(text.utf8)),
                    let skin = try? Resolver.resolve(ResolutionRequest(lineage: [LineageEntry(skin: "p", version: 1, document: doc)]))
                else { return nil }
                return skin.canonicalBytes(format: .flat, explain: true, channel: "c") + skin.canonicalBytes(format: .dtcg, explain: true, channel: nil)
            }
            #expect(outputs[0] != nil, "\(forward)")
            #expect(outputs[0] == outputs[1])
            #expect(outputs[0] == outputs[2])
        }
    }
}

/// Deterministic structure from a list of random numbers (so PropertyBased can shrink it).
struct EntropySource {
    var values: [UInt64]
    var index = 0

    init(_ values: [UInt64]) { self.values = values }

    mutating func next() -> UInt64 {
        defer { index += 1 }
        return values.isEmpty ? 0 : values[index % values.count] &+ UInt64(index / max(values.count, 1))
    }

    mutating func pick(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    mutating func string() -> String {
        let alphabet: [String] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "☃", "😀", "\u{2028}", "{", "}", "."]
        return (0..<pick(6)).map { _ in alphabet[pick(alphabet.count)] }.joined()
    }

    mutating func number() -> Double {
        switch pick(4) {
        case 0: return Double(Int(truncatingIfNeeded: next()) % 1_000_000)
        case 1: return Double(next() % 10_000) / 100
        case 2:
            let candidate = Double(bitPattern: next())
            return candidate.isFinite ? candidate : 0
        default: return [0, -0.0, 1e21, 1e-7, 5e-324, 1.7976931348623157e308, 0.1, -123.456][pick(8)]
        }
    }

    mutating func jsonValue(depth: Int) -> JSONValue {
        switch pick(depth > 4 ? 5 : 7) {
        case 0: return .null
        case 1: return .bool(pick(2) == 0)
        case 2, 3: return .number(number())
        case 4: return .string(string())
        case 5: return .array((0..<pick(4)).map { _ in jsonValue(depth: depth + 1) })
        default:
            var object = JSONObject()
            for _ in 0..<pick(4) { object[string()] = jsonValue(depth: depth + 1) }
            return .object(object)
        }
    }

    /// Token paths (two levels) with values: literals, aliases to earlier tokens, expressions.
    mutating func tokenTree(count: Int) -> [(group: String, name: String, type: String, value: String)] {
        var tokens: [(group: String, name: String, type: String, value: String)] = []
        for position in 0..<count {
            let group = ["color", "size", "flag"][pick(3)]
            let name = "t\(position)"
            let earlier = tokens.filter { $0.group == group }
            switch group {
            case "color":
                if let target = earlier.randomElement(using: &self), pick(2) == 0 {
                    tokens.append((group, name, "color", "\"lighten({\(target.group).\(target.name)}, 0.\(pick(10)))\""))
                } else {
                    let hex = String(next() % 0x1000000, radix: 16)
                    tokens.append((group, name, "color", "\"#\(String(repeating: "0", count: 6 - hex.count) + hex)\""))
                }
            case "size":
                if let target = earlier.randomElement(using: &self), pick(2) == 0 {
                    tokens.append((group, name, "dimension", "\"{\(target.group).\(target.name)} * \(pick(5))\""))
                } else {
                    tokens.append((group, name, "dimension", "{\"value\": \(pick(100)), \"unit\": \"px\"}"))
                }
            default:
                tokens.append((group, name, "boolean", pick(2) == 0 ? "true" : "false"))
            }
        }
        return tokens
    }
}

extension EntropySource: RandomNumberGenerator {}

/// Writes a generated token list as a skin document with a chosen member order.
enum SkinDocumentBuilder {
    static func json(_ tokens: [(group: String, name: String, type: String, value: String)], order: ([String]) -> [String]) -> String {
        var groups: [String: [String]] = [:]
        var groupOrder: [String] = []
        for token in tokens {
            if groups[token.group] == nil { groupOrder.append(token.group) }
            let members = order(["\"$type\": \"\(token.type)\"", "\"$value\": \(token.value)", "\"$description\": \"\(token.name)\""])
            groups[token.group, default: []].append("\"\(token.name)\": {\(members.joined(separator: ", "))}")
        }
        let body = order(groupOrder).map { "\"\($0)\": {\(order(groups[$0]!).joined(separator: ", "))}" }
        return "{\(body.joined(separator: ", "))}"
    }
}
