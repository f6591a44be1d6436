#if canImport(SwiftUI)
import SwiftUI

// SwiftUI conveniences. Compiled only where SwiftUI exists (Apple platforms): Livery's CI runs
// on Linux, so these few lines are not built there; they only call SwiftUI's own initialisers.

extension Color {
    /// The skin colour in sRGB with its alpha: `Color(try skin.color("color.tint"))`.
    public init(_ color: SkinColor) {
        self.init(.sRGB, red: color.red, green: color.green, blue: color.blue, opacity: color.alpha)
    }
}

extension Font {
    /// A font for a skin typography: the preferred family at its size and weight, or the system
    /// font at that size and weight when the family is not installed (SwiftUI falls back itself).
    public static func skin(_ typography: SkinTypography) -> Font {
        let size = CGFloat(typography.fontSize.unit == .rem ? typography.fontSize.value * 16 : typography.fontSize.value)
        return .custom(typography.fontFamily.primary, size: size).weight(SkinWeights.swiftUI(typography.fontWeight))
    }
}

/// CSS weights (100…900) to SwiftUI's named weights.
enum SkinWeights {
    static func swiftUI(_ weight: Double?) -> Font.Weight {
        switch weight ?? 400 {
        case ..<150: .ultraLight
        case ..<250: .thin
        case ..<350: .light
        case ..<450: .regular
        case ..<550: .medium
        case ..<650: .semibold
        case ..<750: .bold
        case ..<850: .heavy
        default: .black
        }
    }
}
#endif
