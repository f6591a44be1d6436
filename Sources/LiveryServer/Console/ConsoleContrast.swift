import SkinModel

/// The contrast findings the console marks on a Look (docs/api.md, "The designers' console"):
/// the declared and implied pairs of one variant selection, checked by the same
/// ``ContrastGate`` that publish, validate and activation use, and each text colour measured on
/// the surfaces it is meant for. Computed here so the console keeps no second copy of the rules
/// in JavaScript.
///
/// A text colour's surfaces are its declared pairs' backgrounds when it has any (measured as the
/// gate measures them), else the ones its name pairs it with (``NamedSurfacePairing``,
/// docs/skins.md "Which surfaces a text colour is judged on"). Never one background chosen for
/// the whole page: `fgColor.onEmphasis` is white text for emphasis surfaces, and "failing" it on
/// the white page teaches designers to ignore the marks that matter. Background and border
/// colours are not text and are never measured.
struct ConsoleContrast {
    /// One text colour on one surface.
    struct Pair {
        /// A colour token's path, or the colour literal a declared pair names.
        var background: String
        var ratio: Double
        var minimum: Double
        /// Whether `$livery.contrast` declares it (else the names pair them).
        var declared: Bool

        var passes: Bool { ratio >= minimum }
    }

    /// A text colour and the surfaces it was measured on, worst first.
    struct TextFinding {
        var path: String
        var pairs: [Pair]
    }

    var gate: ContrastGate.Report
    var text: [TextFinding]

    /// The findings for `skin`, one resolved selection of `lineage`.
    init(skin: ResolvedSkin, lineage: [LineageEntry]) {
        let (declared, malformed) = ContrastPairs.declared(in: lineage)
        gate = ContrastGate.check(skin, declared: declared)
        gate.warnings += malformed
        var colours: [String: RGBAColor] = [:]
        for (path, token) in skin.tokens {
            if case .color(let color) = token.value { colours[path] = color }
        }

        var surfaces: [String: [Pair]] = [:]
        for requirement in declared {
            guard let foreground = Self.referencedPath(requirement.foreground), let color = colours[foreground],
                let background = ContrastPairs.color(requirement.background, in: skin.tokens)
            else { continue }
            let written = Self.referencedPath(requirement.background) ?? requirement.background
            surfaces[foreground, default: []].append(
                Pair(background: written, ratio: color.contrastRatio(with: background), minimum: requirement.minimum, declared: true))
        }
        for (foreground, backgrounds) in NamedSurfacePairing.pairs(among: Array(colours.keys)) where surfaces[foreground] == nil {
            let pairs = backgrounds.compactMap { path in Self.namedPair(colours[foreground]!, on: path, colours[path]!) }
            if !pairs.isEmpty { surfaces[foreground] = pairs }
        }
        text = surfaces.map { path, pairs in
            TextFinding(path: path, pairs: pairs.sorted { ($0.ratio / $0.minimum, $0.background) < ($1.ratio / $1.minimum, $1.background) })
        }.sorted { $0.path < $1.path }
    }

    /// `color.text` for a declared `{color.text}`; nil for a literal.
    static func referencedPath(_ written: String) -> String? {
        written.hasPrefix("{") && written.hasSuffix("}") ? String(written.dropFirst().dropLast()) : nil
    }

    /// A text colour on a surface its name pairs it with, or nil where the names cannot be
    /// trusted: a translucent surface (a counter's `#ffffff33` sits on its button, which no name
    /// says), or a surface of the very colour of the text (no system means invisible text: that
    /// text is for a surface its names do not say, as Primer's white gutter marker). Translucent
    /// text is seen over its surface.
    static func namedPair(_ text: RGBAColor, on path: String, _ surface: RGBAColor) -> Pair? {
        guard surface.alpha >= 1 else { return nil }
        let seen = text.composited(over: surface)
        guard seen != surface else { return nil }
        return Pair(background: path, ratio: seen.contrastRatio(with: surface), minimum: ContrastRequirement.textMinimum, declared: false)
    }
}
