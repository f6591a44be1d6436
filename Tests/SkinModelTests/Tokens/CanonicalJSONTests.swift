import Testing
@testable import SkinModel

@Suite("Canonical JSON")
struct CanonicalJSONTests {
    @Test("numbers: shortest round trip, ECMAScript layout", arguments: [
        (0.0, "0"), (-0.0, "0"), (16, "16"), (-3, "-3"), (0.1, "0.1"), (1.5, "1.5"),
        (100, "100"), (1e15, "1000000000000000"), (1e16, "10000000000000000"),
        (1e20, "100000000000000000000"), (1e21, "1e+21"), (1.5e300, "1.5e+300"),
        (123456789012345680, "123456789012345680"), (0.000001, "0.000001"), (1e-7, "1e-7"),
        (2.5e-5, "0.000025"), (-1.25e-8, "-1.25e-8"), (5e-324, "5e-324"),
        (1.7976931348623157e308, "1.7976931348623157e+308"), (0.3333333333333333, "0.3333333333333333"),
        (9007199254740993, "9007199254740992"), (0.88, "0.88"),
    ] as [(Double, String)])
    func numbers(value: Double, expected: String) {
        #expect(canonical(.number(value)) == expected)
        #expect(Double(expected) == value || (value == 0 && expected == "0"))
    }

    @Test("strings escape only quote, backslash and control characters")
    func strings() {
        #expect(canonical(.string("a\"b\\c")) == #""a\"b\\c""#)
        #expect(canonical(.string("/ \u{7F} é ☃ 😀")) == "\"/ \u{7F} é ☃ 😀\"")
        #expect(canonical(.string("\u{8}\u{C}\n\r\t")) == #""\b\f\n\r\t""#)
        #expect(canonical(.string("\u{0}\u{1}\u{1F}\u{1B}")) == #""\u0000\u0001\u001f\u001b""#)
        #expect(canonical(.string("\u{2028}")) == "\"\u{2028}\"")
    }

    @Test("object keys sorted by code point, no whitespace")
    func objects() {
        let value = json(#"{"b": 1, "a": [true, false, null], "B": {"y": 2, "x": 1}, "é": 0, "e": 0, "~": 0, "😀": 0, "ｚ": 0}"#)
        #expect(canonical(value) == #"{"B":{"x":1,"y":2},"a":[true,false,null],"b":1,"e":0,"~":0,"é":0,"ｚ":0,"😀":0}"#)
    }

    @Test("code point order differs from UTF-16 order for astral characters")
    func astral() {
        // U+FF5A (ｚ) < U+1F600 (😀) by code point, but 0xFF5A > 0xD83D in UTF-16 units.
        #expect(CanonicalJSON.codePointPrecedes("ｚ", "😀"))
        #expect(!CanonicalJSON.codePointPrecedes("😀", "ｚ"))
    }

    @Test("canonical output parses back to the same value")
    func roundTrip() {
        let text = ##"{"tokens":{"color.tint":{"type":"color","value":"#3366ffff"}},"version":7,"x":[1.5,-0.25,"\n"]}"##
        #expect(canonical(json(text)) == text)
    }
}
