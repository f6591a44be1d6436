import Testing
@testable import SkinModel

/// TokenValue's memory layout (which cases are stored inline, which boxed) is chosen for speed
/// (issue 9); whatever it is, every case must survive being wrapped in an Optional, stored in a
/// dictionary and compared. After the layout changed, `TokenValue?` of a colour, a dimension or a
/// string crashed on its first copy (a string's bytes dereferenced as a box pointer) in builds whose
/// dependent modules were compiled incrementally against the old layout; built from scratch, the
/// inline layout passes (see `TokenValue`).
@Suite("TokenValue layout")
struct TokenValueLayoutTests {
    static let values: [TokenValue] = [
        .color(RGBAColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)), .dimension(Dimension(4, .px)), .number(1), .boolean(true),
        .string("center"), .duration(DurationValue(1, .s)), .fontFamily(.single("Inter")), .fontFamily(.list(["a", "b"])),
        .fontWeight(400), .cubicBezier([0, 0, 1, 1]), .composite(.border, ["width": .dimension(Dimension(1, .px))]),
        .list(.shadow, [.number(2)]), .asset(AssetInfo(sha256: String(repeating: "a", count: 64), url: "/v1/assets/a", contentType: "image/png", bytes: 1)),
        .opaque(typeName: "x", .string("y")),
        .typography(Typography(fontFamily: .single("Inter"), fontSize: Dimension(16, .px))),
    ]

    @Test("every case survives Optional, a dictionary of optionals, and equality", arguments: values.indices)
    func optional(index: Int) {
        let value = Self.values[index]
        let wrapped: TokenValue? = value
        #expect(wrapped != nil)
        #expect(wrapped == value)
        var cache: [String: TokenValue?] = ["missing": nil]
        cache["v"] = wrapped
        #expect(cache["v"] == .some(value))
        #expect(cache["missing"] == .some(nil))
        #expect(Self.values.filter { $0 == value }.count == 1)
    }
}
