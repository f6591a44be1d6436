import Testing
@testable import SkinModel

@Suite("Colour notations")
struct ColorNotationTests {
    @Test("every string notation", arguments: [
        // hex: #, 0x, no prefix; 3/4/6/8 digits; any case
        ("#3366ff", "#3366ffff"), ("#36f", "#3366ffff"), ("#36f8", "#3366ff88"), ("#3366FF80", "#3366ff80"),
        ("0x3366ff", "#3366ffff"), ("0X36F", "#3366ffff"), ("3366ff", "#3366ffff"), ("36f", "#3366ffff"), ("3366ff80", "#3366ff80"),
        // float strings (0…1)
        ("0.2 0.4 1", "#3366ffff"), ("0.2 0.4 1 0.5", "#3366ff80"), (".2 .4 1", "#3366ffff"),
        // WolfCore labelled
        ("r: .2 g: .4 b: 1", "#3366ffff"), ("r: 0.2 g: 0.4 b: 1 a: 0.5", "#3366ff80"), ("r:.2 g:.4 b:1", "#3366ffff"),
        ("red: .2 green: .4 blue: 1", "#3366ffff"), ("red: .2 green: .4 blue: 1 alpha: 0", "#3366ff00"),
        ("h: 0 s: 1 b: 1", "#ff0000ff"), ("h: 0.5 s: 1 b: 1 a: 1", "#00ffffff"), ("h: 0.6 s: 0 b: 0.5", "#808080ff"),
        // HSB function
        ("hsb(0 1 1)", "#ff0000ff"), ("hsb(0.3333333 1 1)", "#00ff00ff"), ("hsb(0.6667, 1, 1, 0.5)", "#0000ff80"),
        // CSS rgb()/rgba()
        ("rgb(51, 102, 255)", "#3366ffff"), ("rgb(51 102 255)", "#3366ffff"), ("rgba(51, 102, 255, 0.5)", "#3366ff80"),
        ("rgb(51 102 255 / 50%)", "#3366ff80"), ("rgb(20% 40% 100%)", "#3366ffff"), ("rgba(51 102 255 / 0.5)", "#3366ff80"),
        ("RGB(51,102,255)", "#3366ffff"), ("rgb(none 102 255)", "#0066ffff"), ("rgb(51.5, 102, 255)", "#3466ffff"),
        // CSS hsl()/hsla()
        ("hsl(225, 100%, 60%)", "#3366ffff"), ("hsl(225 100% 60%)", "#3366ffff"), ("hsl(225deg 100 60)", "#3366ffff"),
        ("hsla(225, 100%, 60%, 0.5)", "#3366ff80"), ("hsl(225 100% 60% / 50%)", "#3366ff80"), ("hsl(0.625turn 100% 60%)", "#3366ffff"),
        ("hsl(-135 100% 60%)", "#3366ffff"), ("hsl(0 0% 100%)", "#ffffffff"),
        // UIKit names (case-sensitive, UIKit values) before CSS names
        ("black", "#000000ff"), ("darkGray", "#555555ff"), ("lightGray", "#aaaaaaff"), ("white", "#ffffffff"),
        ("gray", "#808080ff"), ("red", "#ff0000ff"), ("green", "#00ff00ff"), ("blue", "#0000ffff"), ("cyan", "#00ffffff"),
        ("yellow", "#ffff00ff"), ("magenta", "#ff00ffff"), ("orange", "#ff8000ff"), ("purple", "#800080ff"),
        ("brown", "#996633ff"), ("clear", "#00000000"),
        // CSS names, case-insensitive
        ("Green", "#008000ff"), ("ORANGE", "#ffa500ff"), ("Brown", "#a52a2aff"), ("darkgray", "#a9a9a9ff"),
        ("RebeccaPurple", "#663399ff"), ("lightgoldenrodyellow", "#fafad2ff"), ("transparent", "#00000000"), ("grey", "#808080ff"),
        // surrounding spaces are not significant
        ("  #3366ff ", "#3366ffff"),
    ])
    func notations(text: String, expected: String) {
        #expect(hex(text) == expected)
    }

    @Test("malformed colour text names the offending text", arguments: [
        ("#12345", "expected 3, 4, 6 or 8 hex digits, found 5"),
        ("#ggg", "only the digits 0-9 and a-f"),
        ("0xabcde", "found 5"),
        ("0.2 0.4", "needs 3 or 4 numbers"),
        ("0.2 0.4 1.5", "b 1.5 is outside 0…1"),
        ("0.1 0.2 0.3 0.4 0.5", "found 5"),
        ("r: .2 g: .4", "expected r: g: b: [a:]"),
        ("r: .2 g: x b: 1", "g 'x' is not a number"),
        ("h: 2 s: 1 b: 1", "h 2 is outside 0…1"),
        ("red: 1 green: 1 blue: 1 a: 1", "[alpha:]"),
        ("rgb(300, 0, 0)", "red 300 is outside 0…255"),
        ("rgb(10%, 0, 0)", "mixes numbers and percentages"),
        ("rgb(1, 2)", "needs 3 components"),
        ("rgb(1 2 3 4)", "needs 3 components, found 4"),
        ("rgb(1, 2 3)", "mixes separators"),
        ("rgba(1, 2, 3, 1.5)", "alpha 1.5 is outside 0…1"),
        ("rgb(1 2 3 / 150%)", "outside 0%…100%"),
        ("rgb(a b c)", "red 'a' is not a number"),
        ("hsl(10, 50, 50%)", "saturation '50' must be a percentage"),
        ("hsl(10 150% 50%)", "outside 0%…100%"),
        ("hsl(x 50% 50%)", "hue 'x' is not an angle"),
        ("hsb(1 1)", "needs 3 or 4 components"),
        ("hsb(2 1 1)", "hue 2 is outside 0…1"),
    ])
    func malformed(text: String, message: String) {
        let result = readValue(.string(text), as: .color)
        #expect(result.errorMessage?.contains(message) == true, "\(result)")
        #expect(result.errorCode == .invalidValue)
    }

    @Test("text that is no colour notation is read as an expression")
    func notANotation() {
        let result = readValue(.string("bluish"), as: .color)
        #expect(result.errorCode == .invalidExpression)
        #expect(result.errorMessage?.contains("'bluish' is not a color") == true)
        #expect(result.errorMessage?.contains("unknown name 'bluish'") == true)
    }

    @Test("all 148 CSS names and the 15 UIKit names are known")
    func tables() {
        #expect(NamedColors.cssHex.count == 148)
        #expect(Set(NamedColors.cssHex.map(\.0)).count == 148)
        #expect(NamedColors.uiKit.count == 15)
        for (name, _) in NamedColors.cssHex {
            #expect(NamedColors.color(named: name.uppercased()) != nil, "\(name)")
        }
    }

    @Test("DTCG colour objects in every supported space", arguments: [
        (##"{"colorSpace": "srgb", "components": [0.2, 0.4, 1]}"##, "#3366ffff"),
        (##"{"colorSpace": "srgb", "components": [0.2, 0.4, 1], "alpha": 0.5, "hex": "#3366ff"}"##, "#3366ff80"),
        (##"{"colorSpace": "srgb", "components": ["none", 0.4, 1]}"##, "#0066ffff"),
        (##"{"colorSpace": "srgb-linear", "components": [0.0331, 0.1329, 1]}"##, "#3366ffff"),
        (##"{"colorSpace": "hsl", "components": [225, 100, 60]}"##, "#3366ffff"),
        (##"{"colorSpace": "hwb", "components": [225, 20, 0]}"##, "#3366ffff"),
        (##"{"colorSpace": "hwb", "components": [0, 60, 60]}"##, "#808080ff"),
        (##"{"colorSpace": "display-p3", "components": [1, 1, 1]}"##, "#ffffffff"),
        (##"{"colorSpace": "display-p3", "components": [0.9175, 0.2003, 0.1386]}"##, "#ff0000ff"),
        (##"{"colorSpace": "oklab", "components": [0, 0, 0]}"##, "#000000ff"),
        (##"{"colorSpace": "oklab", "components": [1, 0, 0]}"##, "#ffffffff"),
        (##"{"colorSpace": "oklab", "components": [0.62796, 0.22486, 0.12585]}"##, "#ff0000ff"),
        (##"{"colorSpace": "oklch", "components": [0.62796, 0.25768, 29.2339]}"##, "#ff0000ff"),
        (##"{"colorSpace": "oklch", "components": [0.86644, 0.29483, 142.4953]}"##, "#00ff00ff"),
        (##"{"colorSpace": "oklch", "components": [0.45201, 0.31321, 264.052]}"##, "#0000ffff"),
        // SkinKit dictionaries
        (##"{"r": 0.2, "g": 0.4, "b": 1}"##, "#3366ffff"),
        (##"{"r": 0.2, "g": 0.4, "b": 1, "a": 0.5}"##, "#3366ff80"),
        (##"{"h": 0, "s": 1, "b": 1}"##, "#ff0000ff"),
        (##"{"h": 0.5, "s": 1, "b": 1, "a": 0}"##, "#00ffff00"),
    ])
    func objects(text: String, expected: String) {
        guard case .success(.color(let color)) = readValue(json(text), as: .color) else {
            Issue.record("not read: \(readValue(json(text), as: .color))")
            return
        }
        #expect(color.hexString == expected)
    }

    @Test("out-of-gamut DTCG colours are clipped with a warning")
    func outOfGamut() {
        var reader = ValueReader(assets: [:])
        let value = try? reader.read(json(##"{"colorSpace": "display-p3", "components": [0, 1, 0]}"##), as: .color) { _ in .unknown }
        #expect(value?.value == color("#00ff00"))
        #expect(reader.warnings.map(\.code) == [.outOfGamut])
        var inGamut = ValueReader(assets: [:])
        _ = try? inGamut.read(json(##"{"colorSpace": "oklab", "components": [1, 0, 0]}"##), as: .color) { _ in .unknown }
        #expect(inGamut.warnings.isEmpty)
    }

    @Test("malformed colour objects", arguments: [
        (##"{"colorSpace": "cmyk", "components": [50, 0, 0]}"##, "colour space 'cmyk' is not one of DTCG's", DiagnosticCode.unsupportedColorSpace),
        (##"{"colorSpace": "lab", "components": [150, 0, 0]}"##, "lab component 1, 150, is outside 0…100", .invalidValue),
        (##"{"colorSpace": "oklch", "components": [0.5, -0.1, 0]}"##, "oklch component 2, -0.1, is outside 0 or more", .invalidValue),
        (##"{"colorSpace": "hsl", "components": [400, 50, 50]}"##, "hsl component 1, 400, is outside 0…360", .invalidValue),
        (##"{"colorSpace": "srgb", "components": [1, 0]}"##, "an array of 3 numbers", .invalidValue),
        (##"{"colorSpace": "srgb", "components": [1, 0, "x"]}"##, "\"x\" is not a number", .invalidValue),
        (##"{"colorSpace": "srgb", "components": [1, 0, 0], "alpha": 2}"##, "alpha 2 is not a number in 0…1", .invalidValue),
        (##"{"colorSpace": "srgb", "components": [1, 0, 0], "hex": "red"}"##, "hex \"red\"", .invalidValue),
        (##"{"colorSpace": "srgb", "components": [1, 0, 0], "space": 1}"##, "unexpected member 'space'", .invalidValue),
        (##"{"r": 1, "g": 0}"##, "needs 'b'", .invalidValue),
        (##"{"r": 1, "g": 0, "b": 2}"##, "'b' 2 is not a number in 0…1", .invalidValue),
        (##"{"r": 1, "g": 0, "b": 0, "x": 0}"##, "unexpected member 'x'", .invalidValue),
        (##"{"value": 1}"##, "is not a color", .invalidValue),
        ("12", "12 is not a color", .invalidValue),
    ] as [(String, String, DiagnosticCode)])
    func malformedObjects(text: String, message: String, code: DiagnosticCode) {
        let result = readValue(json(text), as: .color)
        #expect(result.errorCode == code)
        #expect(result.errorMessage?.contains(message) == true, "\(result)")
    }
}
