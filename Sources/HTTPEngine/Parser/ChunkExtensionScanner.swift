/// The grammar of chunk extensions (RFC 9112 §7.1.1), one byte at a time:
///
///     chunk-ext      = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] )
///     chunk-ext-name = token
///     chunk-ext-val  = token / quoted-string
///     quoted-string  = DQUOTE *( qdtext / quoted-pair ) DQUOTE        (RFC 9110 §5.6.4)
///
/// Extensions are ignored once read (RFC 9112 §7.1.1), but read strictly: a lenient parser
/// and a strict one in front of it disagree on where a chunk ends (`5;a="b` with no closing
/// quote hides the CRLF from one of them), which is a request-smuggling vector. The scanner
/// starts just after the first ";".
struct ChunkExtensionScanner: Equatable {
    enum Phase: UInt8 {
        /// After ";": BWS, then the name's first tchar.
        case beforeName
        case name
        /// After the name: BWS, then "=", ";" or CR.
        case afterName
        /// After "=": BWS, then a token or a DQUOTE.
        case beforeValue
        case tokenValue
        case quotedValue
        /// After a backslash inside a quoted value.
        case quotedPair
        /// After a value: BWS, then ";" or CR.
        case afterValue
    }

    enum Step {
        case more
        /// The CR that ends the chunk-size line (the parser expects LF next).
        case end
        case invalid
    }

    var phase = Phase.beforeName

    mutating func scan(_ c: UInt8) -> Step {
        switch phase {
        case .beforeName:
            if ASCII.isWhitespace(c) { return .more }
            guard ASCII.isTokenChar(c) else { return .invalid }
            phase = .name
        case .tokenValue:
            if ASCII.isTokenChar(c) { return .more }
            return separator(c, after: .afterValue)
        case .name, .afterName:
            if phase == .name && ASCII.isTokenChar(c) { return .more }
            if c == UInt8(ascii: "=") {
                phase = .beforeValue
                return .more
            }
            return separator(c, after: .afterName)
        case .beforeValue:
            if ASCII.isWhitespace(c) { return .more }
            if c == ASCII.dquote {
                phase = .quotedValue
            } else if ASCII.isTokenChar(c) {
                phase = .tokenValue
            } else {
                return .invalid
            }
        case .quotedValue:
            if c == ASCII.dquote {
                phase = .afterValue
            } else if c == UInt8(ascii: "\\") {
                phase = .quotedPair
            } else if !Self.isQuotedText(c) {
                return .invalid
            }
        case .quotedPair:
            // quoted-pair = "\" ( HTAB / SP / VCHAR / obs-text )
            guard c == ASCII.htab || c >= 0x20 && c != 0x7F else { return .invalid }
            phase = .quotedValue
        case .afterValue:
            return separator(c, after: .afterValue)
        }
        return .more
    }

    /// Whitespace, ";" (another extension) or CR (the end of the line); anything else is invalid.
    private mutating func separator(_ c: UInt8, after next: Phase) -> Step {
        if c == ASCII.cr { return .end }
        if c == ASCII.semicolon {
            phase = .beforeName
            return .more
        }
        guard ASCII.isWhitespace(c) else { return .invalid }
        // "=" may still follow BWS after a name; after a value only ";" or CR may.
        phase = next
        return .more
    }

    /// qdtext = HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text
    static func isQuotedText(_ c: UInt8) -> Bool {
        c == ASCII.htab || c == ASCII.sp || c == 0x21 || (c >= 0x23 && c <= 0x5B) || (c >= 0x5D && c <= 0x7E) || c >= 0x80
    }
}
