/// One pair of colours that must stay readable (docs/api.md, "Rollouts, schedules and rollback" "Contrast gate"): declared in
/// `$livery.contrast`, or implied by a style or rule that sets both a text colour and a
/// background colour.
public struct ContrastRequirement: Sendable, Hashable {
    /// As written: a reference (`{color.text}`) or a colour literal (`#ffffff`); for implied
    /// pairs, the property key path (`titleLabel.textColor`).
    public var foreground: String
    public var background: String
    /// The least WCAG 2 contrast ratio allowed (4.5 for text, 3 for large text, SC 1.4.3).
    public var minimum: Double
    /// Where the pair comes from: `$livery.contrast[0]`, `$livery.styles.title.properties.textColor`,
    /// `$livery.rules[2].properties.textColor`.
    public var path: String

    public init(foreground: String, background: String, minimum: Double, path: String) {
        self.foreground = foreground
        self.background = background
        self.minimum = minimum
        self.path = path
    }

    /// WCAG 2 SC 1.4.3: 4.5:1 for text.
    public static let textMinimum = 4.5
    /// WCAG 2 SC 1.4.3: 3:1 for large text (at least 18 pt, or 14 pt bold).
    public static let largeTextMinimum = 3.0
}
