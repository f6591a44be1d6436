import PropertyBased
import Testing
@testable import SkinModel

@Suite("Interpolation")
struct InterpolationTests {
    static let red = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = RGBAColor(red: 0, green: 0, blue: 1, alpha: 0.5)
    static let body = Typography(
        fontFamily: .single("Inter"), fontSize: Dimension(16, .px), fontWeight: 400, lineHeight: 1,
        letterSpacing: Dimension(0, .px), color: red, textCase: TextCase.none)
    static let title = Typography(
        fontFamily: .list(["Georgia", "serif"]), fontSize: Dimension(32, .px), fontWeight: 700, lineHeight: 2,
        letterSpacing: Dimension(2, .px), color: blue, textCase: .uppercase)

    @Test("midpoints", arguments: [
        (TokenValue.color(red), TokenValue.color(blue), 0.5, TokenValue.color(RGBAColor(red: 0.5, green: 0, blue: 0.5, alpha: 0.75))),
        (.number(10), .number(20), 0.25, .number(12.5)),
        (.fontWeight(400), .fontWeight(700), 0.5, .fontWeight(550)),
        (.dimension(Dimension(8, .px)), .dimension(Dimension(16, .px)), 0.5, .dimension(Dimension(12, .px))),
        (.duration(DurationValue(100, .ms)), .duration(DurationValue(300, .ms)), 0.5, .duration(DurationValue(200, .ms))),
        (.duration(DurationValue(1, .s)), .duration(DurationValue(3, .s)), 0.75, .duration(DurationValue(2.5, .s))),
        // Different duration units convert; the result is written in the nearer end's unit.
        (.duration(DurationValue(200, .ms)), .duration(DurationValue(1, .s)), 0.25, .duration(DurationValue(400, .ms))),
        (.duration(DurationValue(200, .ms)), .duration(DurationValue(1, .s)), 0.75, .duration(DurationValue(0.8, .s))),
    ] as [(TokenValue, TokenValue, Double, TokenValue)])
    func midpoints(from: TokenValue, to: TokenValue, t: Double, expected: TokenValue) {
        #expect(from.interpolated(to: to, at: t) == expected)
    }

    @Test("typography: size, weight, line height, spacing and colour blend; family and case switch at 0.5")
    func typography() {
        let quarter = TokenValue.typography(Self.body).interpolated(to: .typography(Self.title), at: 0.25)
        #expect(quarter == .typography(Typography(
            fontFamily: .single("Inter"), fontSize: Dimension(20, .px), fontWeight: 475, lineHeight: 1.25,
            letterSpacing: Dimension(0.5, .px), color: RGBAColor(red: 0.75, green: 0, blue: 0.25, alpha: 0.875), textCase: TextCase.none)))
        guard case .typography(let half) = TokenValue.typography(Self.body).interpolated(to: .typography(Self.title), at: 0.5) else {
            Issue.record("not typography")
            return
        }
        #expect(half.fontFamily == FontFamily.list(["Georgia", "serif"]))
        #expect(half.textCase == TextCase.uppercase)
        #expect(half.fontSize == Dimension(24, .px))
        // A member on one side only switches; so does a size in another unit.
        var bare = Self.body
        bare.color = nil
        bare.fontWeight = nil
        bare.fontSize = Dimension(1, .rem)
        guard case .typography(let early) = TokenValue.typography(bare).interpolated(to: .typography(Self.title), at: 0.4),
            case .typography(let late) = TokenValue.typography(bare).interpolated(to: .typography(Self.title), at: 0.6)
        else {
            Issue.record("not typography")
            return
        }
        #expect(early.color == nil && early.fontWeight == nil && early.fontSize == Dimension(1, .rem))
        #expect(late.color == Self.blue)
        #expect(late.fontWeight == 700 && late.fontSize == Dimension(32, .px))
    }

    static let asset = AssetInfo(sha256: String(repeating: "a", count: 64), url: "/a", contentType: "image/png", bytes: 1)
    static let discrete: [(TokenValue, TokenValue)] = [
        (.boolean(false), .boolean(true)),
        (.string("left"), .string("center")),
        (.fontFamily(.single("Inter")), .fontFamily(.single("Georgia"))),
        (.cubicBezier([0, 0, 1, 1]), .cubicBezier([0.2, 0, 0, 1])),
        (.asset(asset), .asset(AssetInfo(sha256: String(repeating: "b", count: 64), url: "/b", contentType: "image/png", bytes: 2))),
        (.dimension(Dimension(16, .px)), .dimension(Dimension(1, .rem))),
        (.number(1), .string("one")),
        (.composite(.border, ["width": .dimension(Dimension(1, .px))]), .composite(.border, ["width": .dimension(Dimension(3, .px))])),
    ]

    @Test("everything else switches at t >= 0.5", arguments: discrete)
    func switches(from: TokenValue, to: TokenValue) {
        #expect(from.interpolated(to: to, at: 0.49) == from)
        #expect(from.interpolated(to: to, at: 0.5) == to)
        #expect(from.interpolated(to: to, at: 0.51) == to)
    }

    @Test("t is clamped to 0…1; NaN counts as 0")
    func clamping() {
        #expect(TokenValue.number(10).interpolated(to: .number(20), at: -3) == .number(10))
        #expect(TokenValue.number(10).interpolated(to: .number(20), at: 7) == .number(20))
        #expect(TokenValue.number(10).interpolated(to: .number(20), at: .nan) == .number(10))
        #expect(TokenValue.boolean(false).interpolated(to: .boolean(true), at: .infinity) == .boolean(true))
    }

    @Test("token sets: tokens on one side only are taken from that side")
    func tokenSets() {
        let from: [String: TokenValue] = ["a": .number(0), "onlyFrom": .boolean(true)]
        let to: [String: TokenValue] = ["a": .number(10), "onlyTo": .string("x")]
        for t in [0, 0.3, 0.5, 1.0] {
            let result = Interpolation.interpolate(from: from, to: to, t: t)
            #expect(result == ["a": .number(10 * t), "onlyFrom": .boolean(true), "onlyTo": .string("x")])
        }
    }

    // MARK: Properties

    static let unit = Gen.double(in: 0...1)
    static let colors = zip(unit, unit, unit, unit).map { RGBAColor(red: $0, green: $1, blue: $2, alpha: $3) }
    static let magnitudes = Gen.double(in: -1e6...1e6)

    @Test("t = 0 and t = 1 give the endpoints exactly: colours")
    func colorEndpoints() async {
        await propertyCheck(input: Self.colors, Self.colors) { a, b in
            #expect(TokenValue.color(a).interpolated(to: .color(b), at: 0) == .color(a))
            #expect(TokenValue.color(a).interpolated(to: .color(b), at: 1) == .color(b))
        }
    }

    @Test("t = 0 and t = 1 give the endpoints exactly: numbers, dimensions, durations")
    func scalarEndpoints() async {
        await propertyCheck(input: Self.magnitudes, Self.magnitudes, Gen.bool, Gen.bool) { a, b, sameUnit, seconds in
            let pairs: [(TokenValue, TokenValue)] = [
                (.number(a), .number(b)),
                (.fontWeight(abs(a)), .fontWeight(abs(b))),
                (.dimension(Dimension(a, .px)), .dimension(Dimension(b, sameUnit ? .px : .rem))),
                (.duration(DurationValue(a, seconds ? .s : .ms)), .duration(DurationValue(b, sameUnit ? .ms : .s))),
            ]
            for (from, to) in pairs {
                #expect(from.interpolated(to: to, at: 0) == from)
                #expect(from.interpolated(to: to, at: 1) == to)
            }
        }
    }

    @Test("t = 0 and t = 1 give the endpoints exactly: typography")
    func typographyEndpoints() async {
        let typography = zip(Self.magnitudes, Gen.double(in: 1...1000).optional, Self.colors.optional, Gen.bool)
            .map { size, weight, color, rem in
                Typography(fontFamily: .single(rem ? "A" : "B"), fontSize: Dimension(size, rem ? .rem : .px), fontWeight: weight,
                           lineHeight: weight.map { $0 / 100 }, letterSpacing: nil, color: color, textCase: rem ? .lowercase : nil)
            }
        await propertyCheck(input: typography, typography) { a, b in
            #expect(TokenValue.typography(a).interpolated(to: .typography(b), at: 0) == .typography(a))
            #expect(TokenValue.typography(a).interpolated(to: .typography(b), at: 1) == .typography(b))
        }
    }

    @Test("interpolated values stay between the endpoints")
    func bounded() async {
        await propertyCheck(input: Self.colors, Self.colors, Self.unit) { a, b, t in
            guard case .color(let c) = TokenValue.color(a).interpolated(to: .color(b), at: t) else { return }
            for (x, y, z) in [(a.red, b.red, c.red), (a.green, b.green, c.green), (a.blue, b.blue, c.blue), (a.alpha, b.alpha, c.alpha)] {
                #expect(z >= min(x, y) - 1e-12 && z <= max(x, y) + 1e-12)
            }
        }
    }
}
