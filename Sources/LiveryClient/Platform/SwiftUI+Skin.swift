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
        return .custom(typography.fontFamily.primary, size: size).weight(Font.Weight.skinTable[typography.fontWeight])
    }
}

extension Font.Weight {
    /// SwiftUI's named weights in ``SkinFontWeight``'s order (the mapping UIKit uses too).
    static var skinTable: SkinFontWeight.Table<Font.Weight> {
        SkinFontWeight.Table(
            ultraLight: .ultraLight, thin: .thin, light: .light, regular: .regular, medium: .medium, semibold: .semibold,
            bold: .bold, heavy: .heavy, black: .black)
    }
}
#endif
