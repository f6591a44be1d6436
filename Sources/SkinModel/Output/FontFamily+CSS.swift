/// A font family as a CSS `font-family` list (`format=css`, docs/skins.md "Font stacks").
///
/// Exports often write a whole font stack as one string (Primer's `fontStack.sansSerif` is
/// `["-apple-system, BlinkMacSystemFont, 'Segoe UI', …, sans-serif"]`). Written as one quoted name,
/// a browser looks for a single font called that whole text, finds none and falls back to its
/// default font. So every name is split at the commas outside quotes, its own quotes removed, and
/// each family is written back the way CSS Fonts 4 §2.1 recommends: generic families bare, names
/// that are plain words (letters and hyphens, as CSS identifiers) bare, every other name quoted
/// (white space, digits, other punctuation, or a word that is a CSS keyword).
extension FontFamily {
    var css: String {
        families.map(Self.cssName).joined(separator: ", ")
    }

    /// The families of this value: each name, split where it is itself a comma-separated stack.
    var families: [String] {
        let names: [String] = switch self {
        case .single(let name): [name]
        case .list(let names): names
        }
        return names.flatMap(Self.splitStack)
    }

    /// `"a, 'B c', \"D\""` → `["a", "B c", "D"]`: commas inside quotes belong to the name.
    static func splitStack(_ text: String) -> [String] {
        var families: [String] = []
        var current = ""
        var quote: Character?
        var wasQuoted = false
        func finish() {
            let name = wasQuoted ? current : String(current.trimmingASCIIWhitespace())
            if !name.isEmpty { families.append(name) }
            current = ""
            wasQuoted = false
        }
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"", current.trimmingASCIIWhitespace().isEmpty {
                quote = character
                current = ""
                wasQuoted = true
            } else if character == "," {
                finish()
            } else if !(wasQuoted && (character == " " || character == "\t")) {
                current.append(character)
            }
        }
        finish()
        return families.isEmpty ? [text] : families
    }

    /// A family as CSS writes it: bare when that is unambiguous, else a CSS string.
    static func cssName(_ name: String) -> String {
        if CSSSyntax.genericFamilies.contains(name) { return name }
        let words = name.split(separator: " ", omittingEmptySubsequences: false)
        let bare = words.allSatisfy { word in
            guard let first = word.unicodeScalars.first, !reservedWords.contains(word.lowercased()) else { return false }
            // A CSS identifier that is only letters and hyphens, and does not start with `--` or `-<digit>`.
            return word.unicodeScalars.allSatisfy { $0 == "-" || $0.properties.isAlphabetic }
                && !(first == "-" && word.unicodeScalars.dropFirst().first.map { $0 == "-" } ?? true)
        }
        return bare && words.count == 1 ? name : CSSSyntax.quoted(name)
    }

    /// Words that would not read as (part of) a family name when bare: CSS-wide keywords, `default`,
    /// and the generic family names (a family *named* `serif` must be quoted, CSS Fonts 4 §2.1).
    static let reservedWords = Set(["inherit", "initial", "unset", "revert", "revert-layer", "default"])
        .union(CSSSyntax.genericFamilies)
}
