/// Writes a resolved skin as a CSS style sheet (docs/api.md, "Reading skins", `format=css`): one custom
/// property per token in a `:root` rule, for web clients.
///
/// ```css
/// /* livery app@7 lineage=base@3,app@7 variants=dark channel=default */
/// :root {
///   --color-tint: #3366ff;
///   --font-title-font-family: "Inter", sans-serif;
///   --font-title-font-size: 17px;
/// }
/// ```
///
/// Tokens are sorted by path and each declaration is one line, so the output is byte-stable
/// (its hash is the ETag, like the JSON forms) and a client can read it line by line.
/// Typography expands to one property per member (`--{path}-font-size`, …); every other
/// value is the CSS value it denotes (`TokenValue.cssValue`). Styles, rules and images are
/// not part of the CSS form: they are app-side concepts with no CSS counterpart.
/// With `explain`, each declaration is preceded by a comment naming its layer and references.
struct CSSStyleSheetWriter {
    let skin: ResolvedSkin
    let explain: Bool
    let channel: String?

    func write() -> [UInt8] {
        var text = "/* livery " + Self.comment("\(skin.skin)@\(skin.version)")
        text += " lineage=" + Self.comment(skin.lineage.joined(separator: ","))
        text += " variants=" + Self.comment(skin.variants.joined(separator: ","))
        if let channel { text += " channel=" + Self.comment(channel) }
        text += " */\n:root {\n"
        for (path, token) in skin.tokens.sorted(by: { $0.key < $1.key }) {
            if explain {
                text += "  /* \(Self.comment(path)): layer \(Self.comment(token.provenance.layer))"
                if !token.provenance.references.isEmpty {
                    text += ", references " + Self.comment(token.provenance.references.joined(separator: " → "))
                }
                text += " */\n"
            }
            let name = CSSSyntax.customProperty(path)
            if let members = token.value.typographyMembers {
                for member in members { text += "  \(name)-\(member.name): \(member.value);\n" }
            } else {
                text += "  \(name): \(token.value.cssValue);\n"
            }
        }
        text += "}\n"
        return Array(text.utf8)
    }

    /// Text safe inside a CSS comment: `*/` would end it early.
    private static func comment(_ text: String) -> String {
        text.replacing("*/", with: "*\\/")
    }
}

extension ResolvedSkin {
    /// The CSS form of this skin (`format=css`): custom properties in `:root`. See `CSSStyleSheetWriter`.
    public func styleSheet(explain: Bool = false, channel: String? = nil) -> [UInt8] {
        CSSStyleSheetWriter(skin: self, explain: explain, channel: channel).write()
    }
}
