import Testing
@testable import SkinModel

@Suite("Expressions")
struct ExpressionTests {
    static let tokens: [String: TokenValue] = [
        "color.tint": color("#3366ff"),
        "color.white": color("#ffffff"),
        "size.corner": .dimension(Dimension(8, .px)),
        "size.rem": .dimension(Dimension(1.5, .rem)),
        "motion.fast": .duration(DurationValue(200, .ms)),
        "ratio": .number(0.5),
        "weight": .fontWeight(700),
        "font.bold": .typography(Typography(fontFamily: .single("Open Sans"), fontSize: Dimension(17, .px), fontWeight: 700)),
        "label": .string("Hi"),
    ]

    func value(_ text: String) -> String {
        switch evaluate(text, tokens: Self.tokens) {
        case .success(let value): canonical(value.flatJSON)
        case .failure(let error): "error \(error.code.rawValue): \(error.message)"
        }
    }

    @Test("literals, references and arithmetic", arguments: [
        ("1 + 2 * 3", "7"), ("(1 + 2) * 3", "9"), ("10 / 4", "2.5"), ("-2 + 5", "3"), ("-(2 + 3)", "-5"), (".5 * 2", "1"),
        ("1e2", "100"), ("2 - 3 - 4", "-5"), ("16px", ##"{"unit":"px","value":16}"##), ("1.5rem", ##"{"unit":"rem","value":1.5}"##),
        ("200ms", ##"{"unit":"ms","value":200}"##), ("2s", ##"{"unit":"s","value":2}"##),
        (#""say \"hi\"""#, #""say \"hi\"""#), ("'a\\'b'", #""a'b""#), ("#3366ff", ##""#3366ffff""##), ("0x36f", ##""#3366ffff""##),
        ("darkGray", ##""#555555ff""##), ("Green", ##""#008000ff""##), ("rgb(51 102 255 / 50%)", ##""#3366ff80""##),
        ("hsl(225, 100%, 60%)", ##""#3366ffff""##), ("hsb(0 1 1)", ##""#ff0000ff""##),
        ("{size.corner} * 2", ##"{"unit":"px","value":16}"##), ("2 * {size.corner}", ##"{"unit":"px","value":16}"##),
        ("{size.corner} / 2 + 1px", ##"{"unit":"px","value":5}"##), ("{size.corner} - 10px", ##"{"unit":"px","value":-2}"##),
        ("-{size.corner}", ##"{"unit":"px","value":-8}"##), ("{motion.fast} * 1.5", ##"{"unit":"ms","value":300}"##),
        ("{motion.fast} + 100ms", ##"{"unit":"ms","value":300}"##), ("{ratio} * 4", "2"), ("{weight} + 100", "800"),
        ("{ color.tint }", ##""#3366ffff""##), ("{label}", #""Hi""#),
    ])
    func arithmetic(text: String, expected: String) {
        #expect(value(text) == expected)
    }

    @Test("every function", arguments: [
        ("lighten({color.tint}, 0.85)", ##""#e0e8ffff""##),
        ("lighten(#000, 0.5)", ##""#808080ff""##),
        ("lighten(#00000080, 1)", ##""#ffffff80""##),
        ("darken({color.tint}, 0.5)", ##""#1a3380ff""##),
        ("darken(#ffffff80, 0)", ##""#ffffff80""##),
        ("mix(#000000, #ffffff, 0.5)", ##""#808080ff""##),
        ("mix(#ff000000, #0000ffff, 0.25)", ##""#bf004040""##),
        ("alpha({color.tint}, 0.5)", ##""#3366ff80""##),
        ("alpha(red, 0)", ##""#ff000000""##),
        ("contrast(#ffffff, #000000, #ffffff)", ##""#000000ff""##),
        ("contrast(#000000, #000000, #ffffff)", ##""#ffffffff""##),
        ("contrast(#777777, #000000, #ffffff)", ##""#000000ff""##),
        ("contrast(#808080, #ffffff, #ffffff00)", ##""#ffffffff""##),
        ("contrast(#3366ff, #ffffff)", ##""#ffffffff""##),
        ("contrast({color.tint}, #000, #fff, #ff0)", ##""#ffffffff""##),
        ("withColor({font.bold}, {color.tint})", ##"{"color":"#3366ffff","fontFamily":"Open Sans","fontSize":{"unit":"px","value":17},"fontWeight":700}"##),
        ("withSize({font.bold}, 20px)", ##"{"fontFamily":"Open Sans","fontSize":{"unit":"px","value":20},"fontWeight":700}"##),
        ("scale({size.corner}, 1.5)", ##"{"unit":"px","value":12}"##),
        ("scale(3, 2)", "6"),
        ("scale({motion.fast}, 0.5)", ##"{"unit":"ms","value":100}"##),
        ("min(4px, {size.corner}, 6px)", ##"{"unit":"px","value":4}"##),
        ("max(4px, {size.corner}, 6px)", ##"{"unit":"px","value":8}"##),
        ("max(2)", "2"),
        ("min(1, 2) + max(3, 4)", "5"),
        ("round(15.5px)", ##"{"unit":"px","value":16}"##),
        ("round(1.5rem)", ##"{"unit":"rem","value":2}"##),
        ("round(-2.5)", "-3"),
        ("round(2.4)", "2"),
        ("round(1.26rem, 0.25)", ##"{"unit":"rem","value":1.25}"##),
        ("round(1.26, 0.1)", "1.3"),
        ("round(17px, 4)", ##"{"unit":"px","value":16}"##),
        ("round(250ms, 100)", ##"{"unit":"ms","value":300}"##),
    ])
    func functions(text: String, expected: String) {
        #expect(value(text) == expected)
    }

    @Test("errors name the function, the argument and the column", arguments: [
        ("lighten({size.corner}, 0.85)", "expression-type: 'lighten({size.corner}, 0.85)' at column 9: argument 1 of lighten(color, amount, space?) must be a color, got dimension 8px"),
        ("lighten(#fff, 1.5)", "invalid-value: 'lighten(#fff, 1.5)' at column 15: argument 2 of lighten(color, amount, space?) must be in 0…1, got 1.5"),
        ("darken(#fff, '0.5')", "expression-type: 'darken(#fff, '0.5')' at column 14: argument 2 of darken(color, amount, space?) must be a number, got string '0.5'"),
        ("mix(#fff, 1, 0.5)", "argument 2 of mix(color, color, t, space?) must be a color, got number 1"),
        ("alpha(#fff, 2)", "argument 2 of alpha(color, alpha) must be in 0…1, got 2"),
        ("contrast(#fff, 1px)", "argument 2 of contrast(background, candidate, …) must be a color, got dimension 1px"),
        ("withColor({color.tint}, #fff)", "argument 1 of withColor(typography, color) must be a typography, got color #3366ffff"),
        ("withSize({font.bold}, 3)", "argument 2 of withSize(typography, dimension) must be a dimension, got number 3"),
        ("scale(#fff, 2)", "argument 1 of scale(value, factor) must be a number, dimension or duration, got color #ffffffff"),
        ("scale(2px, 2px)", "argument 2 of scale(value, factor) must be a number, got dimension 2px"),
        ("min(1px, 1rem)", "argument 2 of min(value, …) must have the kind and unit of argument 1 (dimension 1px), got dimension 1rem"),
        ("max(1, 2px)", "argument 2 of max(value, …) must have the kind"),
        ("round(1px, 0)", "argument 2 of round(value[, step]) must be greater than 0, got 0"),
        ("lighten(#fff)", "invalid-expression: 'lighten(#fff)' at column 1: lighten(color, amount, space?) takes 2 or 3 arguments, found 1"),
        ("contrast(#fff)", "contrast(background, candidate, …) takes at least 2 arguments, found 1"),
        ("round(1, 2, 3)", "round(value[, step]) takes 1 or 2 arguments, found 3"),
        ("lightn(#fff, 0.5)", "unknown-function: 'lightn(#fff, 0.5)' at column 1: unknown function 'lightn' (known: lighten, darken, mix, alpha, contrast, withColor, withSize, scale, min, max, round, floor, ceil, abs, sqrt, pow)"),
        ("8px + 1rem", "expression-type: '8px + 1rem' at column 1: cannot add dimension 8px and dimension 1rem: the units differ"),
        ("8px + 1", "cannot add dimension 8px and number 1"),
        ("8px * 2px", "cannot multiply dimension 8px and dimension 2px: one side must be a number"),
        ("2 / 8px", "cannot divide number 2 and dimension 8px: the divisor must be a number"),
        ("8px / 0", "invalid-value: '8px / 0' at column 1: division by zero"),
        ("#fff + #000", "cannot add color #ffffffff and color #000000ff"),
        ("100ms + 1s", "the units differ"),
        ("200ms + 2px", "cannot add duration 200ms and dimension 2px"),
        ("-#fff", "cannot negate color #ffffffff"),
        ("'a' + 'b'", "cannot add string 'a' and string 'b'"),
        ("{nope} * 2", "unknown-reference: '{nope} * 2' at column 1: {nope} names no token"),
        ("lighten({color.tint} 0.85)", "invalid-expression: 'lighten({color.tint} 0.85)' at column 22: expected ',' or ')' in the arguments of lighten(…), found '0.85'"),
        ("(1 + 2", "at column 7: expected ')' to close the '(' at column 1, found the end of the expression"),
        ("1 +", "at column 4: expected a value, found the end of the expression"),
        ("1 2", "at column 3: unexpected '2' after a complete expression"),
        ("", "the expression is empty"),
        ("16pt", "at column 1: unknown unit 'pt' in 16pt"),
        ("2em", "unknown unit 'em'"),
        ("#12345", "invalid-value: '#12345' at column 1: '#12345' is not a hex colour: expected 3, 4, 6 or 8 hex digits, found 5"),
        ("0xzz", "is not a hex colour"),
        ("'abc", "unterminated string literal"),
        ("{a.b", "unterminated reference"),
        ("{a..b}", "'{a..b}' is not a token path"),
        ("{a{b}}", "a reference cannot contain '{'"),
        ("1 % 2", "at column 3: unexpected character '%'"),
        ("foo", "unknown name 'foo': not a colour name"),
        ("rgb(300 0 0)", "invalid-value: 'rgb(300 0 0)' at column 1: 'rgb(300 0 0)': red 300 is outside 0…255"),
        ("rgb(1 2 3", "'(' without a matching ')'"),
        ("1e308 * 10", "the result overflows"),
    ])
    func errors(text: String, expected: String) {
        let result = value(text)
        #expect(result.contains(expected), "\(result)")
    }

    @Test("references are collected in order of first appearance")
    func references() throws {
        let expression = try ParsedExpression.parse("mix({b}, {a}, 0.5) + contrast({b}, {c})")
        #expect(expression.references == ["b", "a", "c"])
    }

    @Test("static result types", arguments: [
        ("lighten({x}, 0.1)", TokenType.color), ("withSize({x}, 2px)", .typography), ("{d} * 2", .dimension), ("2 * {d}", .dimension),
        ("{n} + 1", .number), ("scale({d}, 2)", .dimension), ("min({t}, 1ms)", .duration), ("round({d})", .dimension),
        ("'x'", .string), ("{c}", .color), ("-{d}", .dimension),
    ] as [(String, TokenType)])
    func typing(text: String, expected: TokenType) throws {
        let types: [String: TokenType] = ["d": .dimension, "n": .number, "t": .duration, "c": .color]
        #expect(try ParsedExpression.parse(text).inferredType { types[$0] } == expected)
    }
}

extension ExpressionTests {
    @Test("hostile nesting and length are errors, not stack overflows")
    func limits() {
        let parens = String(repeating: "(", count: 2_000) + "1" + String(repeating: ")", count: 2_000)
        #expect(evaluate(parens).errorMessage?.contains("nests deeper than 64 levels") == true)
        let chain = Array(repeating: "1", count: 1_000).joined(separator: "+")
        #expect(evaluate(chain).errorMessage?.contains("nests deeper than 64 levels") == true)
        let calls = String(repeating: "max(", count: 5_000) + "1" + String(repeating: ")", count: 5_000)
        #expect(evaluate(calls).errorMessage?.contains("longer than the 4096 allowed") == true)
        let nestedCalls = String(repeating: "max(", count: 100) + "1" + String(repeating: ")", count: 100)
        #expect(evaluate(nestedCalls).errorMessage?.contains("nests deeper") == true)
        #expect(value("min(1, max(-9, round(scale((1 + 2) * -3, 2) / 4)))") == "-5")
        #expect(value(Array(repeating: "1", count: 60).joined(separator: "+")) == "60")
    }
}
