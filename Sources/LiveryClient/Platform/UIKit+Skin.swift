#if canImport(UIKit)
import UIKit

// UIKit conveniences. Compiled only where UIKit exists (iOS, tvOS, visionOS, Mac Catalyst):
// Livery's CI runs on Linux, so these few lines are not built there; the weight mapping they
// share with SwiftUI is `SkinFontWeight`, built and tested everywhere.

extension UIColor {
    /// The skin colour in sRGB with its alpha: `view.backgroundColor = try UIColor(skin.color("color.tint"))`.
    public convenience init(_ color: SkinColor) {
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
}

extension UIFont {
    /// A font for a skin typography: the preferred family at its size, else the system font at
    /// that size and weight (the family may not be installed). `rem` counts 16 points.
    public static func skin(_ typography: SkinTypography) -> UIFont {
        let size = CGFloat(typography.fontSize.unit == .rem ? typography.fontSize.value * 16 : typography.fontSize.value)
        let weight = UIFont.Weight.skinTable[typography.fontWeight]
        return UIFont(name: typography.fontFamily.primary, size: size) ?? .systemFont(ofSize: size, weight: weight)
    }
}

extension UIFont.Weight {
    /// UIKit's named weights in ``SkinFontWeight``'s order (the mapping SwiftUI uses too).
    static var skinTable: SkinFontWeight.Table<UIFont.Weight> {
        SkinFontWeight.Table(
            ultraLight: .ultraLight, thin: .thin, light: .light, regular: .regular, medium: .medium, semibold: .semibold,
            bold: .bold, heavy: .heavy, black: .black)
    }
}
#endif
