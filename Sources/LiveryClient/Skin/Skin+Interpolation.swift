import SkinModel
import Foundation

extension Skin {
    /// This skin moved toward `other` by `t`, for animated transitions between looks (docs/skins.md, "Interpolation").
    ///
    /// ```swift
    /// // in an animation callback, t from 0 to 1:
    /// let frame = light.interpolated(to: dark, at: t)
    /// view.backgroundColor = try UIColor(frame.color("color.background"))
    /// ```
    ///
    /// Tokens blend with the model's `Interpolation` (the code the server's `/interpolate` runs):
    /// colours per sRGB component and alpha; numbers, dimensions of one unit and durations
    /// linearly; typography by size, weight, spacing and colour, its family switching at 0.5;
    /// everything else switches at `t >= 0.5`; a token on one side only is taken from that side.
    /// Styles and rule properties blend the same way when both skins have the same rules
    /// (the usual case: two variants or two versions of one skin); otherwise the styling
    /// switches whole at 0.5, like images and the skin's name, version, lineage and variants.
    ///
    /// The result's `source` is `.interpolated`; it has no `bytes` and no `etag`.
    /// - Parameter t: 0 gives this skin's values, 1 gives `other`'s; clamped to 0…1.
    public func interpolated(to other: Skin, at t: Double) -> Skin {
        let t = t.isNaN ? 0 : min(max(t, 0), 1)
        let late = t >= 0.5
        let near = late ? other.document : document
        let document = ResolvedDocument(
            skin: near.skin, version: near.version, lineage: near.lineage, variants: near.variants, channel: near.channel,
            tokens: Interpolation.interpolate(from: self.document.tokens, to: other.document.tokens, t: t),
            tokenTypes: self.document.tokenTypes.merging(other.document.tokenTypes) { late ? $1 : $0 },
            styling: Self.interpolate(self.document.styling, other.document.styling, t: t))
        return Skin(document: document, source: .interpolated, baseURL: late ? other.baseURL : baseURL)
    }

    private static func interpolate(_ a: ResolvedStyling, _ b: ResolvedStyling, t: Double) -> ResolvedStyling {
        let late = t >= 0.5
        var styles = a.styles
        for (name, target) in b.styles {
            guard let start = a.styles[name] else {
                styles[name] = target
                continue
            }
            styles[name] = ResolvedStyle(
                component: late ? target.component : start.component,
                properties: Interpolation.interpolate(from: start.properties, to: target.properties, t: t))
        }
        let rules: [ResolvedRule]
        if a.rules.map(\.selector) == b.rules.map(\.selector) {
            rules = zip(a.rules, b.rules).map { start, target in
                ResolvedRule(
                    selector: start.selector, style: late ? target.style : start.style,
                    properties: Interpolation.interpolate(from: start.properties, to: target.properties, t: t))
            }
        } else {
            rules = late ? b.rules : a.rules  // different rule sets cannot be paired one to one
        }
        return ResolvedStyling(
            styles: styles, rules: rules, images: a.images.merging(b.images) { late ? $1 : $0 },
            components: late ? b.components : a.components)
    }
}
