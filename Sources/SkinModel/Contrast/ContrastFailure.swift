/// A pair that is not readable enough under one variant selection (docs/api.md, "Rollouts, schedules and rollback"): what
/// `validate` and `publish` report as a `contrast` warning and activation refuses with `409`.
public struct ContrastFailure: Sendable, Hashable {
    public var requirement: ContrastRequirement
    /// The variant selection it fails under; empty for the base look.
    public var variants: [String]
    /// The WCAG 2 contrast ratio found, 1…21.
    public var ratio: Double

    public init(requirement: ContrastRequirement, variants: [String], ratio: Double) {
        self.requirement = requirement
        self.variants = variants
        self.ratio = ratio
    }

    /// The ratio to two decimals, rounded down so a reported "4.49" never hides a failing 4.499.
    public var ratioText: String { Self.twoDecimals((ratio * 100).rounded(.down) / 100) }

    /// The minimum as people write it: `4.5`, `3`.
    var minimumText: String { Self.twoDecimals(requirement.minimum) }

    /// As a warning (`contrast`) at the pair's path, naming the pair, the selection and the ratio.
    public var diagnostic: Diagnostic {
        let selection = variants.isEmpty ? "the base look" : "variants " + variants.joined(separator: ",")
        return .warning(
            .contrast, at: requirement.path,
            "\(requirement.foreground) on \(requirement.background) has contrast \(ratioText):1 under \(selection); at least "
                + "\(minimumText):1 is required")
    }

    private static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return fraction == 0 ? "\(hundredths / 100)" : "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)".replacingTrailingZero()
    }
}

extension String {
    /// `4.50` → `4.5`.
    fileprivate func replacingTrailingZero() -> String {
        hasSuffix("0") && contains(".") ? String(dropLast()) : self
    }
}

extension DiagnosticCode {
    /// docs/api.md, "Rollouts, schedules and rollback": a contrast pair below its minimum under some variant selection.
    public static let contrast: DiagnosticCode = "contrast"
    /// docs/api.md, "Rollouts, schedules and rollback": a contrast pair that cannot be checked (not a colour), or selections past the bound left unchecked.
    public static let contrastUnchecked: DiagnosticCode = "contrast-unchecked"
}
