extension TokenValue {
    /// This value moved toward `other` by `t` (docs/skins.md, "Interpolation").
    ///
    /// - Colours: each sRGB component and alpha linearly (straight alpha, as resolved).
    /// - Numbers, font weights: linearly.
    /// - Dimensions: linearly when the units agree; `px` and `rem` cannot be converted without
    ///   a root font size, so different units switch at 0.5.
    /// - Durations: linearly; when the units differ the other end is converted (1 s = 1000 ms)
    ///   and the result is written in the unit of the nearer end, so both ends come back exactly.
    /// - Typography: size, weight, line height, letter spacing and colour interpolate as above;
    ///   family and text case switch at 0.5, and so does a member present on one side only.
    /// - Everything else (booleans, strings and enums, font families, cubic Béziers, assets,
    ///   composites) and values of different types switch to `other` at `t >= 0.5`.
    ///
    /// `t` is clamped to 0…1 (NaN counts as 0). At 0 the result equals `self` and at 1 it
    /// equals `other`, exactly.
    public func interpolated(to other: TokenValue, at t: Double) -> TokenValue {
        let t = Interpolation.clamp(t)
        switch (self, other) {
        case (.color(let a), .color(let b)):
            return .color(a.interpolated(to: b, at: t))
        case (.number(let a), .number(let b)):
            return .number(Interpolation.lerp(a, b, t))
        case (.fontWeight(let a), .fontWeight(let b)):
            return .fontWeight(Interpolation.lerp(a, b, t))
        case (.dimension(let a), .dimension(let b)):
            return .dimension(a.interpolated(to: b, at: t))
        case (.duration(let a), .duration(let b)):
            return .duration(a.interpolated(to: b, at: t))
        case (.typography(let a), .typography(let b)):
            return .typography(a.interpolated(to: b, at: t))
        default:
            return Self.switching(self, other, at: t)
        }
    }

    /// The value of a discrete property: `a` before the midpoint, `b` from it on.
    static func switching<Value>(_ a: Value, _ b: Value, at t: Double) -> Value {
        t >= 0.5 ? b : a
    }
}

extension RGBAColor {
    func interpolated(to other: RGBAColor, at t: Double) -> RGBAColor {
        RGBAColor(
            red: Interpolation.lerp(red, other.red, t), green: Interpolation.lerp(green, other.green, t),
            blue: Interpolation.lerp(blue, other.blue, t), alpha: Interpolation.lerp(alpha, other.alpha, t))
    }
}

extension Dimension {
    func interpolated(to other: Dimension, at t: Double) -> Dimension {
        guard unit == other.unit else { return TokenValue.switching(self, other, at: t) }
        return Dimension(Interpolation.lerp(value, other.value, t), unit)
    }
}

extension DurationValue {
    func interpolated(to other: DurationValue, at t: Double) -> DurationValue {
        if t < 0.5 {
            return DurationValue(Interpolation.lerp(value, other.converted(to: unit), t), unit)
        }
        return DurationValue(Interpolation.lerp(converted(to: other.unit), other.value, t), other.unit)
    }

    /// The value in `target` units.
    func converted(to target: DurationUnit) -> Double {
        switch (unit, target) {
        case (.s, .ms): value * 1000
        case (.ms, .s): value / 1000
        default: value
        }
    }
}

extension Typography {
    func interpolated(to other: Typography, at t: Double) -> Typography {
        Typography(
            fontFamily: TokenValue.switching(fontFamily, other.fontFamily, at: t),
            fontSize: fontSize.interpolated(to: other.fontSize, at: t),
            fontWeight: Self.blend(fontWeight, other.fontWeight, at: t) { Interpolation.lerp($0, $1, t) },
            lineHeight: Self.blend(lineHeight, other.lineHeight, at: t) { Interpolation.lerp($0, $1, t) },
            letterSpacing: Self.blend(letterSpacing, other.letterSpacing, at: t) { $0.interpolated(to: $1, at: t) },
            color: Self.blend(color, other.color, at: t) { $0.interpolated(to: $1, at: t) },
            textCase: TokenValue.switching(textCase, other.textCase, at: t))
    }

    /// Both present: blended; one missing: switches at 0.5 like any discrete value.
    private static func blend<Value>(_ a: Value?, _ b: Value?, at t: Double, _ mix: (Value, Value) -> Value) -> Value? {
        guard let a, let b else { return TokenValue.switching(a, b, at: t) }
        return mix(a, b)
    }
}
