/// Interpolation between two resolved token sets of the same skin (docs/skins.md, "Interpolation", after WolfCore),
/// for animating from one look to another.
///
/// ```swift
/// let halfway = Interpolation.interpolate(from: light.tokens, to: dark.tokens, t: 0.5)
/// ```
///
/// A token on both sides is interpolated (`TokenValue.interpolated(to:at:)`); a token present
/// on one side only is taken from that side, whatever `t` is.
public enum Interpolation {
    /// - Parameter t: 0 gives `from`, 1 gives `to`; clamped to 0…1 (NaN counts as 0).
    public static func interpolate(from: [String: TokenValue], to: [String: TokenValue], t: Double) -> [String: TokenValue] {
        var result = from
        for (path, target) in to {
            result[path] = from[path].map { $0.interpolated(to: target, at: t) } ?? target
        }
        return result
    }

    /// `t` limited to 0…1; NaN is 0, so a bad input shows the starting look rather than garbage.
    static func clamp(_ t: Double) -> Double {
        t.isNaN ? 0 : min(max(t, 0), 1)
    }

    /// `a·(1−t) + b·t`: exactly `a` at 0 and exactly `b` at 1 (unlike `a + (b−a)·t`), and
    /// exactly `a` throughout when both ends are equal.
    static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
        a == b ? a : a * (1 - t) + b * t
    }
}
