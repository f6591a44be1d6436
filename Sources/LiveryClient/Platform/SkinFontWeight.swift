/// The one mapping from a CSS font weight (1…1000) to the nine named weights UIKit and SwiftUI
/// both have, shared by `UIFont.skin` and `Font.skin` so a typography looks the same in both.
///
/// They used to differ: SwiftUI picked a named weight from a table while UIKit scaled the number
/// linearly into `UIFont.Weight`'s raw range (400 → 0, 900 → 1), so 700 was `.bold` in SwiftUI
/// and about `.semibold` in UIKit. Livery's CI runs on Linux, where neither framework exists: the
/// choice lives here, compiled and tested everywhere; the framework files only list their nine
/// constants in a ``Table``.
public enum SkinFontWeight: Int, Sendable, Hashable, CaseIterable {
    case ultraLight = 100, thin = 200, light = 300, regular = 400, medium = 500, semibold = 600, bold = 700, heavy = 800, black = 900

    /// The nearest named weight; halfway values go to the heavier one (450 → medium), missing is regular.
    public init(cssWeight weight: Double?) {
        switch weight ?? 400 {
        case ..<150: self = .ultraLight
        case ..<250: self = .thin
        case ..<350: self = .light
        case ..<450: self = .regular
        case ..<550: self = .medium
        case ..<650: self = .semibold
        case ..<750: self = .bold
        case ..<850: self = .heavy
        default: self = .black
        }
    }

    /// A framework's nine weights, in order.
    public struct Table<Weight> {
        let weights: [SkinFontWeight: Weight]

        public init(
            ultraLight: Weight, thin: Weight, light: Weight, regular: Weight, medium: Weight, semibold: Weight, bold: Weight,
            heavy: Weight, black: Weight
        ) {
            weights = [
                .ultraLight: ultraLight, .thin: thin, .light: light, .regular: regular, .medium: medium, .semibold: semibold,
                .bold: bold, .heavy: heavy, .black: black,
            ]
        }

        /// The framework's weight for a CSS weight.
        public subscript(cssWeight: Double?) -> Weight {
            weights[SkinFontWeight(cssWeight: cssWeight)]!
        }
    }
}

extension SkinFontWeight.Table: Sendable where Weight: Sendable {}
