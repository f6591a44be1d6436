import Testing
@testable import SkinModel

@Suite("Type notations")
struct ValueReaderTests {
    static let asset = AssetInfo(sha256: String(repeating: "ab", count: 32), url: "/v1/assets/" + String(repeating: "ab", count: 32), contentType: "image/png", bytes: 42)

    @Test("accepted notations per type", arguments: [
        (TokenType.dimension, ##"{"value": 16, "unit": "px"}"##, ##"{"unit":"px","value":16}"##),
        (.dimension, ##"{"value": 1.5, "unit": "rem"}"##, ##"{"unit":"rem","value":1.5}"##),
        (.dimension, ##""16px""##, ##"{"unit":"px","value":16}"##),
        (.dimension, ##""-0.5rem""##, ##"{"unit":"rem","value":-0.5}"##),
        (.dimension, ##""8px * 2""##, ##"{"unit":"px","value":16}"##),
        (.duration, ##"{"value": 200, "unit": "ms"}"##, ##"{"unit":"ms","value":200}"##),
        (.duration, ##"{"value": 2, "unit": "s"}"##, ##"{"unit":"s","value":2}"##),
        (.duration, ##""150ms""##, ##"{"unit":"ms","value":150}"##),
        (.number, "1.5", "1.5"),
        (.number, ##""2 * 0.25""##, "0.5"),
        (.boolean, "true", "true"),
        (.boolean, ##""false""##, "false"),
        (.string, ##""Hello, {world}""##, ##""Hello, {world}""##),
        (.string, ##""lighten(x)""##, ##""lighten(x)""##),
        (.fontFamily, ##""Open Sans""##, ##""Open Sans""##),
        (.fontFamily, ##"["Inter", "Helvetica", "sans-serif"]"##, ##"["Inter","Helvetica","sans-serif"]"##),
        (.fontWeight, "700", "700"),
        (.fontWeight, "1", "1"),
        (.fontWeight, ##""bold""##, "700"),
        (.fontWeight, ##""SemiBold""##, "600"),
        (.fontWeight, ##""Extra Light""##, "200"),
        (.fontWeight, ##""600""##, "600"),
        (.cubicBezier, "[0.5, 0, 1, 1]", "[0.5,0,1,1]"),
        (.cubicBezier, "[0, -2, 1, 3]", "[0,-2,1,3]"),
        (.strokeStyle, ##""dashed""##, ##""dashed""##),
        (.strokeStyle, ##"{"dashArray": [{"value": 4, "unit": "px"}, "2px"], "lineCap": "round"}"##, ##"{"dashArray":[{"unit":"px","value":4},{"unit":"px","value":2}],"lineCap":"round"}"##),
        (.border, ##"{"color": "#ff0000", "width": "1px", "style": "solid"}"##, ##"{"color":"#ff0000ff","style":"solid","width":{"unit":"px","value":1}}"##),
        (.shadow, ##"{"color": "#00000080", "offsetX": "0px", "offsetY": "2px", "blur": "4px", "spread": "0px"}"##,
         ##"{"blur":{"unit":"px","value":4},"color":"#00000080","offsetX":{"unit":"px","value":0},"offsetY":{"unit":"px","value":2},"spread":{"unit":"px","value":0}}"##),
        (.shadow, ##"[{"color": "#000", "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px", "inset": true}]"##,
         ##"[{"blur":{"unit":"px","value":2},"color":"#000000ff","inset":true,"offsetX":{"unit":"px","value":0},"offsetY":{"unit":"px","value":1},"spread":{"unit":"px","value":0}}]"##),
        (.gradient, ##"[{"color": "#fff", "position": 0}, {"color": "black", "position": 1}]"##, ##"[{"color":"#ffffffff","position":0},{"color":"#000000ff","position":1}]"##),
        (.transition, ##"{"duration": "200ms", "delay": {"value": 0, "unit": "ms"}, "timingFunction": [0.5, 0, 1, 1]}"##,
         ##"{"delay":{"unit":"ms","value":0},"duration":{"unit":"ms","value":200},"timingFunction":[0.5,0,1,1]}"##),
        (.typography, ##"{"fontFamily": "Open Sans", "fontSize": {"value": 17, "unit": "px"}, "fontWeight": 700}"##, ##"{"fontFamily":"Open Sans","fontSize":{"unit":"px","value":17},"fontWeight":700}"##),
        (.typography, ##"{"fontFamily": ["Inter"], "fontSize": "16px", "fontWeight": "bold", "lineHeight": 1.5, "letterSpacing": "0.5px", "color": "#333", "textCase": "uppercase"}"##,
         ##"{"color":"#333333ff","fontFamily":["Inter"],"fontSize":{"unit":"px","value":16},"fontWeight":700,"letterSpacing":{"unit":"px","value":0.5},"lineHeight":1.5,"textCase":"uppercase"}"##),
        (.typography, ##"{"fontFamily": "A", "fontSize": "16px", "allCaps": true}"##, ##"{"fontFamily":"A","fontSize":{"unit":"px","value":16},"textCase":"uppercase"}"##),
        (.typography, ##"{"fontFamily": "A", "fontSize": "16px", "allCaps": false}"##, ##"{"fontFamily":"A","fontSize":{"unit":"px","value":16},"textCase":"none"}"##),
        (.typography, ##"{"fontFamily": "A", "fontSize": "16px", "allCaps": true, "textCase": "capitalize"}"##, ##"{"fontFamily":"A","fontSize":{"unit":"px","value":16},"textCase":"capitalize"}"##),
        (.typography, ##"{"fontFamily": "A", "fontSize": "20px", "lineHeight": "150%", "letterSpacing": "-2%"}"##, ##"{"fontFamily":"A","fontSize":{"unit":"px","value":20},"letterSpacing":{"unit":"px","value":-0.4},"lineHeight":1.5}"##),
        (.typography, ##"{"fontFamily": "A", "fontSize": "20px", "lineHeight": "30px"}"##, ##"{"fontFamily":"A","fontSize":{"unit":"px","value":20},"lineHeight":1.5}"##),
        (.asset, ##""sha256:ABABABABABABABABABABABABABABABABABABABABABABABABABABABABABABABAB""##,
         ##"{"bytes":42,"contentType":"image/png","sha256":"abababababababababababababababababababababababababababababababab","url":"/v1/assets/abababababababababababababababababababababababababababababababab"}"##),
    ] as [(TokenType, String, String)])
    func accepted(type: TokenType, input: String, expected: String) {
        let result = readValue(json(input), as: type, assets: [Self.asset.sha256: Self.asset])
        guard case .success(let value) = result else {
            Issue.record("\(type) \(input): \(result)")
            return
        }
        #expect(canonical(value.flatJSON) == expected)
        #expect(value.type == type || (type == .strokeStyle && value.type == .string))
    }

    @Test("rejected notations name the offending text", arguments: [
        (TokenType.dimension, "[16]", "is not a dimension", DiagnosticCode.invalidValue),
        (.dimension, ##""16pc""##, "unit 'pc' is not px or rem", .invalidValue),
        (.dimension, ##"{"value": 16, "unit": "furlong"}"##, "'unit' must be", .invalidValue),
        (.dimension, ##"{"value": "16", "unit": "px"}"##, "'value' must be a number", .invalidValue),
        (.dimension, ##"{"value": 16, "unit": "px", "x": 1}"##, "unexpected member 'x'", .invalidValue),
        (.dimension, ##""#fff""##, "expected a dimension, but '#fff' is a color", .typeMismatch),
        (.duration, ##"{"value": 1, "unit": "min"}"##, "'unit' must be ms or s", .invalidValue),
        (.duration, ##""2h""##, "unit 'h' is not ms or s", .invalidValue),
        (.number, ##""abc""##, "unknown name 'abc'", .invalidExpression),
        (.number, "true", "true is not a number", .invalidValue),
        (.boolean, "1", "1 is not a boolean", .invalidValue),
        (.string, "1", "1 is not a string", .invalidValue),
        (.fontFamily, "[]", "is not a fontFamily", .invalidValue),
        (.fontFamily, "[1]", "element 1 is not a name", .invalidValue),
        (.fontWeight, "0", "font weight 0 is outside 1…1000", .invalidValue),
        (.fontWeight, "1001", "outside 1…1000", .invalidValue),
        (.fontWeight, ##""superbold""##, "'superbold' is not a font weight keyword", .invalidValue),
        (.cubicBezier, "[1.5, 0, 1, 1]", "x1 1.5 is outside 0…1", .invalidValue),
        (.cubicBezier, "[0, 0, 1]", "is not a cubicBezier", .invalidValue),
        (.strokeStyle, ##""wavy""##, "'wavy' is not a stroke style", .invalidValue),
        (.strokeStyle, ##"{"dashArray": ["4px"], "lineCap": "pointy"}"##, "'lineCap' must be round, butt or square", .invalidValue),
        (.border, ##"{"color": "#f00", "width": "1px"}"##, "a border needs 'style'", .invalidValue),
        (.border, ##"{"color": "#f00", "width": true, "style": "solid"}"##, "border member 'width': true is not a dimension", .invalidValue),
        (.shadow, ##"{"color": "#000", "offsetX": "0px", "offsetY": "1px", "spread": "2px"}"##, "a shadow needs 'blur'", .invalidValue),
        (.shadow, "[]", "is not a shadow", .invalidValue),
        (.gradient, ##"[{"color": "#fff", "position": 2}]"##, "position 2 is outside 0…1", .invalidValue),
        (.transition, ##"{"duration": "200ms"}"##, "needs 'timingFunction'", .invalidValue),
        (.typography, ##"{"fontFamily": "A"}"##, "needs 'fontFamily' and 'fontSize'", .invalidValue),
        (.typography, ##"{"fontFamily": "A", "fontSize": "16px", "textCase": "shouty"}"##, "'shouty' is not none, uppercase", .invalidValue),
        (.typography, ##"{"fontFamily": "A", "fontSize": "16px", "fontStyle": "{nope}"}"##, "typography member 'fontStyle': {nope} names no token", .unknownReference),
        (.typography, ##"{"fontFamily": "A", "fontSize": "16px", "color": "#12"}"##, "typography member 'color': '#12' is not a hex colour", .invalidValue),
        (.asset, ##""sha256:abc""##, "expected sha256: followed by 64 hex digits", .invalidValue),
        (.asset, ##""sha256:cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd""##, "no uploaded asset has SHA-256 cdcd", .unknownAsset),
        (.asset, ##""logo.png""##, "not an asset", .invalidExpression),
    ] as [(TokenType, String, String, DiagnosticCode)])
    func rejected(type: TokenType, input: String, message: String, code: DiagnosticCode) {
        let result = readValue(json(input), as: type, assets: [Self.asset.sha256: Self.asset])
        #expect(result.errorCode == code, "\(result)")
        #expect(result.errorMessage?.contains(message) == true, "\(result)")
    }

    @Test("composite members may be aliases and expressions")
    func compositeAliases() {
        let tokens: [String: TokenValue] = [
            "color.tint": color("#3366ff"), "size.hairline": .dimension(Dimension(1, .px)), "font.family": .fontFamily(.single("Inter")),
            "font.weight": .fontWeight(600), "number.weight": .number(500),
        ]
        let border = readValue(json(##"{"color": "{color.tint}", "width": "{size.hairline} * 2", "style": "dashed"}"##), as: .border, tokens: tokens)
        #expect(border.map { canonical($0.flatJSON) } == .success(##"{"color":"#3366ffff","style":"dashed","width":{"unit":"px","value":2}}"##))
        let type = readValue(json(##"{"fontFamily": "{font.family}", "fontSize": "16px", "fontWeight": "{number.weight}", "color": "darken({color.tint}, 0.5)"}"##), as: .typography, tokens: tokens)
        #expect(type.map { canonical($0.flatJSON) } == .success(##"{"color":"#1a3380ff","fontFamily":"Inter","fontSize":{"unit":"px","value":16},"fontWeight":500}"##))
        let wrong = readValue(json(##"{"color": "{size.hairline}", "width": "1px", "style": "solid"}"##), as: .border, tokens: tokens)
        #expect(wrong.errorCode == .typeMismatch)
        #expect(wrong.errorMessage == "border member 'color': expected a color, but {size.hairline} is a dimension 1px")
    }

    @Test("typography members DTCG does not list are kept, with a warning (docs/skins.md: what tool exports may contain)")
    func typographyExtras() {
        var reader = ValueReader(assets: [:])
        let value = try? reader.read(json(##"{"fontFamily": "A", "fontSize": "16px", "paragraphSpacing": "0px", "lineHeight": "AUTO"}"##), as: .typography) { _ in .unknown }
        #expect(value.map { canonical($0.value.flatJSON) } == ##"{"fontFamily":"A","fontSize":{"unit":"px","value":16},"lineHeight":"AUTO","paragraphSpacing":"0px"}"##)
        // "16px" is the pre-2025 text form of a dimension (legacy-form).
        #expect(reader.warnings.map(\.code) == [.extraMember, .legacyForm, .extraMember])
    }
}
