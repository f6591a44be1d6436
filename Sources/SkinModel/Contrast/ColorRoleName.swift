/// A colour token's path read for the role its name gives it (docs/skins.md, "Which surfaces a
/// text colour is judged on"): text (`fg`, `text`, `foreground`), a surface (`bg`, `background`,
/// `surface`, `canvas`) or neither, with the words before that role word (its *scope*:
/// `button.danger` in `button.danger.fgColor.rest`) and after it (its *qualifier*: `rest`).
/// `color`/`colour` is filler and dropped, so `bgColor.accent.muted` is a surface with scope `[]`
/// and qualifier `[accent, muted]`.
package struct ColorRoleName: Sendable, Hashable {
    package enum Role: Sendable, Hashable {
        case text
        case surface
    }

    package let path: String
    package let role: Role?
    package let scope: [String]
    package let qualifier: [String]

    static let textWords: Set<String> = ["fg", "text", "foreground"]
    static let surfaceWords: Set<String> = ["bg", "background", "surface", "canvas"]
    static let fillerWords: Set<String> = ["color", "colour"]

    package init(path: String) {
        self.path = path
        let words = Self.words(of: path).filter { !Self.fillerWords.contains($0) }
        let index = words.firstIndex { Self.textWords.contains($0) || Self.surfaceWords.contains($0) }
        guard let index else {
            (role, scope, qualifier) = (nil, words, [])
            return
        }
        role = Self.textWords.contains(words[index]) ? .text : .surface
        scope = Array(words[..<index])
        qualifier = Array(words[(index + 1)...])
    }

    /// The words of a path, lowercased: split at `.`, `-`, `_` and spaces, and where a lowercase
    /// letter or digit meets an uppercase one (`button.danger.fgColor.rest` → `button danger fg
    /// color rest`; `onEmphasis` → `on emphasis`). `context` stays one word, so it is not text.
    package static func words(of path: String) -> [String] {
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

    /// Whether a path names a text colour: one of its words says `fg`, `text` or `foreground`.
    package static func isText(_ path: String) -> Bool {
        words(of: path).contains { textWords.contains($0) }
    }
}
