import Testing
@testable import SkinModel

@Suite("JSON parser")
struct JSONParserTests {
    @Test("accepts every RFC 8259 value form")
    func values() {
        #expect(json("null") == .null)
        #expect(json(" true ") == .bool(true))
        #expect(json("false") == .bool(false))
        #expect(json("0") == .number(0))
        #expect(json("-0") == .number(-0.0))
        #expect(json("-12.5e2") == .number(-1250))
        #expect(json("1E-2") == .number(0.01))
        #expect(json("123456789012345678901234567890") == .number(1.2345678901234568e29))
        #expect(json(#""a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00""#) == .string("a\"b\\c/d\u{8}\u{C}\n\r\té😀"))
        #expect(json("[1, [2, []], {}]") == .array([.number(1), .array([.number(2), .array([])]), .object(JSONObject())]))
        let object = json(#"{"b": 1, "a": {"c": "x"}}"#)
        #expect(object.objectValue?.keys == ["b", "a"])
        #expect(object["a"]?["c"] == .string("x"))
        #expect(json("\u{FEFF}{}") == .object(JSONObject()))
        #expect(json("\"héllo ☃\"") == .string("héllo ☃"))
    }

    @Test("rejects malformed input with position and message", arguments: [
        ("", "line 1, column 1: unexpected end of input"),
        ("{", "unexpected end of input inside an object"),
        ("[1,]", "unexpected ']', expected a value"),
        ("[1 2]", "expected ',' or ']'"),
        ("{\"a\" 1}", "expected ':' after member name \"a\""),
        ("{'a': 1}", "expected a member name in double quotes"),
        ("{\"a\": 1,}", "expected a member name"),
        ("01", "leading zeros"),
        ("+1", "unexpected '+'"),
        (".5", "unexpected '.'"),
        ("1.", "decimal point must be followed by a digit"),
        ("1e", "exponent must have digits"),
        ("-", "minus sign must be followed by a digit"),
        ("NaN", "unexpected 'N'"),
        ("Infinity", "unexpected 'I'"),
        ("tru", "expected a value"),
        ("nul", "expected a value"),
        ("\"abc", "unterminated string"),
        ("\"a\tb\"", "unescaped control character"),
        ("\"\\x\"", "invalid escape"),
        ("\"\\u12G4\"", "invalid hex digit"),
        ("\"\\ud800\"", "lone high surrogate"),
        ("\"\\udc00\"", "lone low surrogate"),
        ("\"\\ud800\\u0041\"", "not followed by a low surrogate"),
        ("1e400", "too large"),
        ("{} {}", "after the JSON value"),
        ("{\"a\": 1, \"a\": 2}", "duplicate member name \"a\""),
    ])
    func rejects(input: String, message: String) {
        let error = jsonError(input)
        #expect(error?.code == .invalidJSON)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
    }

    @Test("reports line, column and member path")
    func positions() {
        let error = jsonError("{\n  \"color\": {\n    \"tint\": { \"$value\": #fff }\n  }\n}")
        #expect(error?.path == "color.tint.$value")
        #expect(error?.message.hasPrefix("line 3, column 25:") == true, "\(error?.message ?? "")")
        let arrayError = jsonError(#"{"$livery": {"rules": [{}, {"selector": x}]}}"#)
        #expect(arrayError?.path == "$livery.rules[1].selector")
    }

    @Test("rejects invalid UTF-8", arguments: [
        [0x22, 0xC3, 0x22],  // truncated two-byte sequence
        [0x22, 0xC0, 0xAF, 0x22],  // overlong '/'
        [0x22, 0xE0, 0x80, 0xAF, 0x22],  // overlong three-byte
        [0x22, 0xED, 0xA0, 0x80, 0x22],  // UTF-8 encoded surrogate
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
        [0x22, 0xFF, 0x22],
        [0x22, 0x80, 0x22],  // stray continuation byte
    ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        #expect(jsonError(bytes)?.message.contains("invalid UTF-8") == true)
    }

    @Test("caps nesting depth")
    func depth() {
        let deep = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
        #expect(jsonError(deep) == nil)
        let tooDeep = String(repeating: "[", count: 129) + String(repeating: "]", count: 129)
        #expect(jsonError(tooDeep)?.message.contains("nesting deeper than 128") == true)
        let hostile = String(repeating: "{\"a\":", count: 100_000)
        #expect(jsonError(hostile) != nil)
    }
}
