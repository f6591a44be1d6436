import SkinModel

/// The contrast findings the console marks on a Look (docs/apps.md, "The console"): the declared
/// and implied pairs of one variant selection, checked by the same ``ContrastGate`` that publish,
/// validate and activation use, and the text colours measured against the background a designer
/// chose. Computed here so the console keeps no second copy of the rules in JavaScript.
///
/// Only text colours are measured against the background: a background or border colour is not
/// text, and marking it "failing" against white teaches designers to ignore the marks that matter.
struct ConsoleContrast {
    /// A text colour token measured against the chosen background.
    struct TextFinding {
        var path: String
        var ratio: Double
        var minimum: Double
    }

    var gate: ContrastGate.Report
    var text: [TextFinding]
    /// The background as a colour, and the token it came from (nil for a literal).
    var background: (token: String?, color: RGBAColor)?

    /// The words of a path, camelCase and `-`/`_` split, lowercased: `button.danger.fgColor.rest`
    /// → `button danger fg color rest`. A text colour is one whose words say `fg`, `text` or
    /// `foreground` (`context` is one word, so it is not text).
    static func words(of path: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in path {
            if character == "." || character == "-" || character == "_" || character == " " {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
            } else if character.isUppercase, let last = current.last, !last.isUppercase {
                words.append(current.lowercased())
                current = String(character)
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }

    static let textWords: Set<String> = ["fg", "text", "foreground"]

    static func isTextPath(_ path: String) -> Bool {
        words(of: path).contains { textWords.contains($0) }
    }

    /// The findings for `skin` (one resolved selection of `lineage`) against `background`, a
    /// colour token's path or a colour literal (`#ffffff`); nil measures no text colour.
    init(skin: ResolvedSkin, lineage: [LineageEntry], background: String?) {
        let (declared, malformed) = ContrastPairs.declared(in: lineage)
        gate = ContrastGate.check(skin, declared: declared)
        gate.warnings += malformed
        if let background {
            let written = background.hasPrefix("#") ? background : "{\(background)}"
            self.background = ContrastPairs.color(written, in: skin.tokens).map { (background.hasPrefix("#") ? nil : background, $0) }
        }
        var text: [TextFinding] = []
        if let (_, backgroundColor) = self.background {
            // Foregrounds of declared pairs are text wherever their path points.
            let paired = Set(declared.compactMap { pair -> String? in
                pair.foreground.hasPrefix("{") && pair.foreground.hasSuffix("}") ? String(pair.foreground.dropFirst().dropLast()) : nil
            })
            for (path, token) in skin.tokens where paired.contains(path) || Self.isTextPath(path) {
                guard case .color(let color) = token.value else { continue }
                text.append(TextFinding(path: path, ratio: color.contrastRatio(with: backgroundColor), minimum: ContrastRequirement.textMinimum))
            }
        }
        self.text = text
    }
}
