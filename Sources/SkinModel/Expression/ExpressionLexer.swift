/// Splits an expression into tokens on demand (the parser asks for one at a time,
/// because colour functions such as `rgb(51 102 255 / 50%)` are read as one raw span
/// whose insides are not expression tokens).
///
/// Literals recognised here (docs/skins.md, "References and expressions"): numbers (`0.85`, `.5`, `1e3`), dimensions
/// (`16px`, `1.5rem`), durations (`200ms`, `2s`), hex colours with `#` or `0x`,
/// quoted strings (`'…'`, `"…"`, backslash escapes the quote and itself), references
/// (`{color.tint}`), identifiers (function and colour names) and `+ - * / ( ) ,`.
struct ExpressionLexer {
    let source: ExpressionSource
    var position = 0

    init(source: ExpressionSource) {
        self.source = source
    }

    var bytes: [UInt8] { source.bytes }

    mutating func skipWhitespace() {
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0A || bytes[position] == 0x0D {
            position += 1
        }
    }

    /// The next non-space byte without consuming anything.
    mutating func peekByte() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    mutating func next() throws(ValueError) -> ExpressionToken {
        skipWhitespace()
        let start = position
        guard position < bytes.count else { return ExpressionToken(kind: .end, range: start..<start) }
        let byte = bytes[position]
        let single: ExpressionToken.Kind? =
            switch byte {
            case UInt8(ascii: "+"): .plus
            case UInt8(ascii: "-"): .minus
            case UInt8(ascii: "*"): .star
            case UInt8(ascii: "/"): .slash
            case UInt8(ascii: "("): .leftParen
            case UInt8(ascii: ")"): .rightParen
            case UInt8(ascii: ","): .comma
            default: nil
            }
        if let single {
            position += 1
            return ExpressionToken(kind: single, range: start..<position)
        }
        if byte == UInt8(ascii: "0"), position + 1 < bytes.count, bytes[position + 1] | 0x20 == UInt8(ascii: "x") {
            return try hexColor(start: start, digitsFrom: position + 2)
        }
        if isDigit(byte) || (byte == UInt8(ascii: ".") && position + 1 < bytes.count && isDigit(bytes[position + 1])) {
            return try number(start: start)
        }
        if byte == UInt8(ascii: "#") { return try hexColor(start: start, digitsFrom: position + 1) }
        if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") { return try string(start: start, quote: byte) }
        if byte == UInt8(ascii: "{") { return try reference(start: start) }
        if isIdentifierStart(byte) {
            while position < bytes.count, isIdentifierStart(bytes[position]) || isDigit(bytes[position]) { position += 1 }
            return ExpressionToken(kind: .identifier(source.slice(start..<position)), range: start..<position)
        }
        let character = String(decoding: [byte], as: UTF8.self)
        throw source.error(.invalidExpression, at: start..<start + 1, "unexpected character '\(byte < 0x80 ? character : "non-ASCII")'")
    }

    mutating func number(start: Int) throws(ValueError) -> ExpressionToken {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        // An exponent only when digits follow: `2em` is a unit, `2e3` a number.
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            var lookahead = position + 1
            if lookahead < bytes.count, bytes[lookahead] == UInt8(ascii: "+") || bytes[lookahead] == UInt8(ascii: "-") { lookahead += 1 }
            if lookahead < bytes.count, isDigit(bytes[lookahead]) {
                position = lookahead
                while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            }
        }
        let numberEnd = position
        guard let value = NotationNumber.parse(source.slice(start..<numberEnd)) else {
            throw source.error(.invalidExpression, at: start..<numberEnd, "'\(source.slice(start..<numberEnd))' is not a number")
        }
        while position < bytes.count, isLetter(bytes[position]) || bytes[position] == UInt8(ascii: "%") { position += 1 }
        let unit = source.slice(numberEnd..<position)
        let range = start..<position
        switch unit {
        case "": return ExpressionToken(kind: .number(value), range: range)
        case "px", "rem": return ExpressionToken(kind: .dimension(Dimension(value, DimensionUnit(rawValue: unit)!)), range: range)
        case "ms", "s": return ExpressionToken(kind: .duration(DurationValue(value, DurationUnit(rawValue: unit)!)), range: range)
        default:
            throw source.error(.invalidExpression, at: range, "unknown unit '\(unit)' in \(source.slice(range)) (dimensions use px or rem, durations ms or s)")
        }
    }

    mutating func hexColor(start: Int, digitsFrom: Int) throws(ValueError) -> ExpressionToken {
        position = digitsFrom
        while position < bytes.count, isLetter(bytes[position]) || isDigit(bytes[position]) { position += 1 }
        let written = source.slice(start..<position)
        let digits = source.slice(digitsFrom..<position)
        switch ColorNotation.hex(Substring(digits), written: written) {
        case .value(let color): return ExpressionToken(kind: .color(color), range: start..<position)
        case .malformed(let message, let code): throw source.error(code, at: start..<position, message)
        case .notLiteral: throw source.error(.invalidExpression, at: start..<position, "'\(written)' is not a hex colour")
        }
    }

    mutating func string(start: Int, quote: UInt8) throws(ValueError) -> ExpressionToken {
        position += 1
        var content: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                position += 1
                return ExpressionToken(kind: .string(String(decoding: content, as: UTF8.self)), range: start..<position)
            }
            if byte == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == quote || bytes[position + 1] == UInt8(ascii: "\\") {
                position += 1
            }
            content.append(bytes[position])
            position += 1
        }
        throw source.error(.invalidExpression, at: start..<position, "unterminated string literal")
    }

    mutating func reference(start: Int) throws(ValueError) -> ExpressionToken {
        position += 1
        while position < bytes.count, bytes[position] != UInt8(ascii: "}") {
            if bytes[position] == UInt8(ascii: "{") {
                throw source.error(.invalidExpression, at: start..<position + 1, "a reference cannot contain '{'")
            }
            position += 1
        }
        guard position < bytes.count else {
            throw source.error(.invalidExpression, at: start..<position, "unterminated reference: '{' without '}'")
        }
        position += 1
        let path = String(source.slice(start + 1..<position - 1).trimmingASCIIWhitespace())
        guard TokenPath.isValidReference(path) else {
            throw source.error(.invalidExpression, at: start..<position, "'{\(path)}' is not a token path")
        }
        return ExpressionToken(kind: .reference(path), range: start..<position)
    }

    /// Consumes a balanced `( … )` starting at the next `(` and returns where it ends.
    mutating func skipBalancedParentheses() throws(ValueError) -> Int {
        skipWhitespace()
        let start = position
        var depth = 0
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "(") { depth += 1 }
            if bytes[position] == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 {
                    position += 1
                    return position
                }
            }
            position += 1
        }
        throw source.error(.invalidExpression, at: start..<position, "'(' without a matching ')'")
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    func isIdentifierStart(_ byte: UInt8) -> Bool { isLetter(byte) || byte == UInt8(ascii: "_") }
}
