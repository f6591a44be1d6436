/// Name rules for the `$livery` styling members.
///
/// Component, style and property names follow token names (docs/skins.md, "Tokens and groups": no `.`, `{`, `}`, no
/// leading `$`) and additionally exclude the selector and key-path punctuation (`/`, `[`,
/// `]`, `*`, `@`) and whitespace, so every name can appear in a key path, a selector or a
/// diagnostic path without quoting.
enum StylingName {
    static func isValid(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("$") else { return false }
        return !name.unicodeScalars.contains { scalar in
            scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
                || ".{}/[]*@".unicodeScalars.contains(scalar)
        }
    }

    /// A key path is one or more valid names joined by `.`.
    static func isValidKeyPath(_ keyPath: String) -> Bool {
        keyPath.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { isValid(String($0)) }
    }

    /// Image names may contain `*` and `_` (`*_searchbar_image`) and states
    /// (`checkout_button[disabled]`), but no `/`, braces or whitespace.
    static func isValidImageName(_ name: String) -> Bool {
        guard !name.isEmpty else { return false }
        return !name.unicodeScalars.contains { scalar in
            scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
                || "/{}".unicodeScalars.contains(scalar)
        }
    }

    /// `sha256:` and 64 hex digits, the way a document names an uploaded asset (docs/skins.md, "Types and the notations Livery reads").
    static func isAssetReference(_ text: String) -> Bool {
        guard text.hasPrefix("sha256:") else { return false }
        let digits = text.utf8.dropFirst(7)
        return digits.count == 64 && digits.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
        }
    }

    /// An exact alias `{path}`.
    static func isAlias(_ text: String) -> Bool {
        text.count > 2 && text.hasPrefix("{") && text.hasSuffix("}")
            && !text.dropFirst().dropLast().contains { $0 == "{" || $0 == "}" }
    }
}
