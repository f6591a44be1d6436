import PropertyBased
import Testing
@testable import SkinModel

@Suite("Resolved document")
struct ResolvedDocumentTests {
    static let sha = String(repeating: "0f", count: 32)
    static let asset = AssetInfo(sha256: sha, url: "/v1/assets/\(sha)", contentType: "image/svg+xml", bytes: 512)
    static let tint = RGBAColor(red: 0.2, green: 0.4, blue: 1)

    /// One value of every type, in the representation the flat reader produces.
    static let samples: [TokenValue] = [
        .color(tint),
        .color(RGBAColor(red: 1, green: 0, blue: 0, alpha: 128.0 / 255)),
        .dimension(Dimension(8, .px)), .dimension(Dimension(1.5, .rem)),
        .number(-0.25), .boolean(true), .string("Hello, \"world\""),
        .duration(DurationValue(250, .ms)), .duration(DurationValue(2, .s)),
        .fontFamily(.single("Open Sans")), .fontFamily(.list(["Inter", "system-ui"])),
        .fontWeight(700), .cubicBezier([0.2, 0, 0, 1]),
        .typography(Typography(fontFamily: .single("Open Sans"), fontSize: Dimension(17, .px))),
        .typography(Typography(
            fontFamily: .list(["Inter", "sans-serif"]), fontSize: Dimension(1, .rem), fontWeight: 600, lineHeight: 1.4,
            letterSpacing: Dimension(0.5, .px), color: tint, textCase: .uppercase)),
        .composite(.shadow, [
            "color": .color(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.2)), "offsetX": .dimension(Dimension(0, .px)),
            "offsetY": .dimension(Dimension(2, .px)), "blur": .dimension(Dimension(4, .px)), "spread": .dimension(Dimension(0, .px)),
        ]),
        .list(.shadow, [.composite(.shadow, ["offsetX": .dimension(Dimension(1, .px)), "inset": .boolean(true)])]),
        .composite(.border, ["color": .color(tint), "width": .dimension(Dimension(1, .px)), "style": .string("dashed")]),
        .composite(.border, ["color": .color(tint), "width": .dimension(Dimension(1, .px)), "style": .composite(.strokeStyle, [
            "dashArray": .list(.dimension, [.dimension(Dimension(2, .px)), .dimension(Dimension(4, .px))]), "lineCap": .string("round"),
        ])]),
        .composite(.transition, [
            "duration": .duration(DurationValue(200, .ms)), "delay": .duration(DurationValue(0, .ms)), "timingFunction": .cubicBezier([0.5, 0, 1, 1]),
        ]),
        .list(.gradient, [
            .composite(.gradient, ["color": .color(tint), "position": .number(0)]),
            .composite(.gradient, ["color": .color(RGBAColor(red: 1, green: 1, blue: 1)), "position": .number(1)]),
        ]),
        .asset(asset),
    ]

    @Test("flatJSON reads back for every type", arguments: samples)
    func roundTrip(value: TokenValue) throws {
        let decoded = try TokenValue(flatJSON: value.flatJSON, type: value.type)
        #expect(decoded == value)
        #expect(decoded.flatJSON == value.flatJSON)
        // And by shape alone, as style properties of undeclared types are read; a single family
        // name reads as a string and a weight as a number, their shapes being the same.
        switch value {
        case .fontFamily(.single(let name)): #expect(try TokenValue(inferringFlatJSON: value.flatJSON) == .string(name))
        case .fontWeight(let weight): #expect(try TokenValue(inferringFlatJSON: value.flatJSON) == .number(weight))
        default: #expect(try TokenValue(inferringFlatJSON: value.flatJSON) == value)
        }
    }

    @Test("every token type has a sample")
    func coverage() {
        var types = Set(Self.samples.map(\.type))
        types.insert(.strokeStyle)  // a keyword is a string value; the object form sits in a border above
        types.insert(.opaque)  // kept as written: any JSON reads back as itself
        #expect(types == Set(TokenType.allCases))
        #expect((try? TokenValue(flatJSON: .array([.number(1), .string("x")]), type: .opaque)) == .opaque(typeName: "opaque", .array([.number(1), .string("x")])))
        #expect((try? TokenValue(flatJSON: .string("dotted"), type: .strokeStyle)) == .string("dotted"))
    }

    @Test("malformed flat values are invalid-value errors naming the path and the text", arguments: [
        (L("#12345"), TokenType.color), ("3366ff", .color), ("#gg0000ff", .color), (["value": 1, "unit": "furlong"], .dimension),
        (["value": 1], .dimension), (["value": 1, "unit": "px", "x": 1], .dimension), ("1", .number), (1, .boolean),
        (["value": 1, "unit": "px"], .duration), ([] as L, .fontFamily), (0, .fontWeight), (1001, .fontWeight),
        ([2, 0, 0, 1], .cubicBezier), ([0, 0, 1], .cubicBezier), (["fontFamily": "A"], .typography),
        (["fontFamily": "A", "fontSize": ["value": 1, "unit": "px"], "textCase": "shout"], .typography),
        (["fontFamily": "A", "fontSize": ["value": 1, "unit": "px"], "letterSpacing": "wide"], .typography),
        ("solid", .border), (["color": "red"], .border), (["color": "#000000ff"], .gradient),
        (["url": "/a", "contentType": "image/png", "bytes": 1.5, "sha256": "x"], .asset), (nil, .string),
    ] as [(L, TokenType)])
    func invalid(json: L, type: TokenType) {
        do {
            _ = try TokenValue(flatJSON: json.json, type: type, at: "tokens.x.value")
            Issue.record("accepted \(json.json) as \(type)")
        } catch {
            #expect(error.errors.count == 1)
            #expect(error.errors.first?.code == .invalidValue)
            #expect(error.errors.first?.path.hasPrefix("tokens.x.value") == true)
            #expect(error.errors.first?.message.hasPrefix("expected ") == true)
        }
    }

    @Test("shape inference: strings are colours only in the writer's exact form")
    func inference() throws {
        #expect(try TokenValue(inferringFlatJSON: .string("#3366ffff")) == .color(Self.tint))
        #expect(try TokenValue(inferringFlatJSON: .string("#3366FFFF")) == .string("#3366FFFF"))
        #expect(try TokenValue(inferringFlatJSON: .string("#3366ff")) == .string("#3366ff"))
        #expect(try TokenValue(inferringFlatJSON: .string("center")) == .string("center"))
        #expect(try TokenValue(inferringFlatJSON: (["value": 3, "unit": "s"] as L).json) == .duration(DurationValue(3, .s)))
        #expect(throws: SkinProblems.self) { try TokenValue(inferringFlatJSON: (["mystery": 1] as L).json) }
        #expect(throws: SkinProblems.self) { try TokenValue(inferringFlatJSON: .null) }
    }

    // MARK: Property: parse(print(value)) == value

    static let byte = Gen.int(in: 0...255).map { Double($0) / 255 }
    static let color = zip(byte, byte, byte, byte).map { RGBAColor(red: $0, green: $1, blue: $2, alpha: $3) }
    static let finite = Gen.double(in: -1e9...1e9)
    static let text = Gen.letterOrNumber.string(of: 0...12)

    static let values = zip(Gen.int(in: 0...14), color, finite, Gen.double(in: 0...1), Gen.bool, text, Gen.double(in: 1...1000))
        .map { kind, color, x, unit, flag, text, weight -> TokenValue in
            let dimension = Dimension(x, flag ? .px : .rem)
            switch kind {
            case 0: return .color(color)
            case 1: return .dimension(dimension)
            case 2: return .number(x)
            case 3: return .boolean(flag)
            case 4: return .string(text)
            case 5: return .duration(DurationValue(x, flag ? .ms : .s))
            case 6: return .fontFamily(flag ? .single(text) : .list([text, "fallback"]))
            case 7: return .fontWeight(weight)
            case 8: return .cubicBezier([unit, x, 1 - unit, -x])
            case 9:
                return .typography(Typography(
                    fontFamily: .single(text), fontSize: dimension, fontWeight: flag ? weight : nil, lineHeight: flag ? nil : unit,
                    letterSpacing: flag ? dimension : nil, color: flag ? color : nil, textCase: flag ? .capitalize : nil))
            case 10: return .composite(.shadow, ["color": .color(color), "blur": .dimension(dimension), "inset": .boolean(flag)])
            case 11: return .composite(.border, ["color": .color(color), "width": .dimension(dimension), "style": .string(text)])
            case 12: return .composite(.transition, ["duration": .duration(DurationValue(x, .ms)), "timingFunction": .cubicBezier([unit, 0, unit, 1])])
            case 13: return .list(.gradient, [.composite(.gradient, ["color": .color(color), "position": .number(unit)])])
            default:
                return .asset(AssetInfo(sha256: text, url: "/v1/assets/\(text)", contentType: "image/png", bytes: Int(weight)))
            }
        }

    @Test("TokenValue(flatJSON: v.flatJSON, type: v.type) == v")
    func roundTripProperty() async {
        await propertyCheck(count: 500, input: Self.values) { value in
            #expect((try? TokenValue(flatJSON: value.flatJSON, type: value.type)) == value)
        }
    }

    // MARK: Documents

    static func document(_ styling: ResolvedStyling, tokens: [String: TokenValue], variants: [String]) -> JSONValue {
        let members = styling.jsonMembers
        return .object(JSONObject([
            ("channel", .string("default")), ("images", members.images), ("lineage", .array([.string("base@3"), .string("app@7")])),
            ("rules", members.rules), ("skin", .string("app")), ("styles", members.styles),
            ("tokens", .object(JSONObject(tokens.sorted { $0.key < $1.key }.map { ($0.key, ResolvedDiff.json($0.value)) }))),
            ("variants", .array(variants.map(JSONValue.string))), ("version", .number(7)),
        ]))
    }

    @Test("a resolver's output reads back: tokens, styles, rules and images usable offline")
    func styledDocument() throws {
        let values = FakeValueResolver(
            tokens: ["color.tint": .color(Self.tint), "font.title": .typography(Typography(fontFamily: .single("Inter"), fontSize: Dimension(28, .px), fontWeight: 700)),
                     "size.corner": .dimension(Dimension(8, .px)), "motion.fast": .duration(DurationValue(150, .ms))],
            assets: [Self.sha: Self.asset])
        let livery: L = [
            "styles": [
                "title": ["component": "Label", "properties": ["font": "{font.title}", "textColor": "{color.tint}", "textAlignment": "center", "numberOfLines": 2]],
                "primary": ["component": "Button", "properties": ["backgroundColor": "{color.tint}", "cornerRadius": "{size.corner}", "titleLabel": ["$style": "title"], "isHidden": false]],
                "loose": ["properties": ["speed": "{motion.fast}", "label": "Buy now"]],
            ],
            "rules": [
                ["selector": "title", "style": "title"],
                ["selector": "checkout/button", "style": "primary"],
                ["selector": "checkout/button[disabled]", "style": "primary", "properties": ["alpha": 0.4]],
                ["selector": "@dark/title", "style": "title", "properties": ["textColor": "#ffffff"]],
            ],
            "images": ["*_searchbar_image": L(stringLiteral: "sha256:" + Self.sha)],
        ]
        let (section, diagnostics) = LiverySection.parse(livery.object)
        #expect(diagnostics.isEmpty)
        let (styling, problems) = StyleSheetResolver.resolve(sections: [section], variants: ["dark"], values: values)
        #expect(problems.isEmpty, "\(problems)")

        let document = try ResolvedDocument(json: Self.document(styling, tokens: values.tokens, variants: ["dark"]))
        #expect(document.skin == "app")
        #expect(document.version == 7)
        #expect(document.lineage == ["base@3", "app@7"])
        #expect(document.variants == ["dark"])
        #expect(document.channel == "default")
        #expect(document.tokens == values.tokens)
        #expect(document.tokenTypes["motion.fast"] == .duration)
        #expect(document.styling.rules == styling.rules)
        #expect(document.styling.styles == styling.styles)
        #expect(document.styling.images == styling.images)
        #expect(document.styling.jsonMembers.rules == styling.jsonMembers.rules)

        let dark = try #require(document.styling.match(id: "home/title", variants: document.variants))
        #expect(dark.selector.description == "@dark/title")
        #expect(dark.properties["textColor"] == .color(RGBAColor(red: 1, green: 1, blue: 1)))
        #expect(document.styling.match(id: "checkout/button[disabled]", variants: [])?.properties["titleLabel.font"] != nil)
        #expect(document.styling.image(for: "home/searchbar/image", variants: ["dark"])?.asset == Self.asset)
    }

    @Test("unknown members and explain extras are ignored; channel may be absent")
    func forwardCompatible() throws {
        let json: L = [
            "skin": "app", "version": 3, "futureMember": ["x": 1],
            "tokens": ["a": ["type": "number", "value": 1, "layer": "app@3", "references": [] as L]],
        ]
        let document = try ResolvedDocument(json: json.json)
        #expect(document == ResolvedDocument(skin: "app", version: 3, tokens: ["a": .number(1)]))
        #expect(document.channel == nil)
    }

    @Test("every problem of a malformed document is reported at once")
    func malformed() {
        let json: L = [
            "skin": 1, "version": 1.5, "lineage": "base", "channel": 3,
            "tokens": ["a": ["type": 3, "value": "#000000ff"], "b": ["type": "color", "value": "black"], "c": ["type": "number"]],
            "rules": [["selector": "a//b", "properties": [:] as L], ["properties": [:] as L]],
            "images": ["x": "sha256:00"], "styles": ["s": 1],
        ]
        do {
            _ = try ResolvedDocument(json: json.json)
            Issue.record("accepted a malformed document")
        } catch {
            #expect(Set(error.errors.map(\.path)) == [
                "skin", "version", "lineage", "channel", "tokens.a.type", "tokens.b.value", "tokens.c.value",
                "images.x", "styles.s", "rules[0].selector", "rules[1]",
            ])
        }
        #expect(throws: SkinProblems.self) { try ResolvedDocument(json: .array([])) }
    }
}
