/// The character-level reader shared by `StyleSelector` and `ElementIdentifier`.
///
/// A hand-written scanner rather than splitting on `/`, so that every malformed input
/// (`a//b`, `a[`, `a[]`, `a b`) is rejected with the offset of the first bad character.
struct IdentifierScanner {
    private let characters: [Character]
    private let text: String
    private(set) var offset = 0

    init(_ text: String) {
        self.text = text
        characters = Array(text)
    }

    var isAtEnd: Bool { offset == characters.count }
    var peek: Character? { isAtEnd ? nil : characters[offset] }

    /// Consumes `character` if it is next.
    mutating func skip(_ character: Character) -> Bool {
        guard peek == character else { return false }
        offset += 1
        return true
    }

    /// Letters, digits, `_` and `-` (ASCII): what app identifiers and variant names use.
    static func isNameCharacter(_ character: Character) -> Bool {
        guard character.isASCII, let byte = character.asciiValue else { return false }
        return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    mutating func name(what: String) throws(InvalidSelector) -> String {
        let start = offset
        while let next = peek, Self.isNameCharacter(next) { offset += 1 }
        guard offset > start else {
            if let next = peek { throw failure("expected a \(what), found \"\(next)\"") }
            throw failure("expected a \(what) at the end")
        }
        return String(characters[start..<offset])
    }

    /// `name ("[" state "]")?`
    mutating func component() throws(InvalidSelector) -> ElementIdentifier.Component {
        let name = try name(what: "component name")
        guard skip("[") else { return ElementIdentifier.Component(name: name) }
        let state = try self.name(what: "state name")
        guard skip("]") else { throw failure("expected \"]\" to close the state") }
        return ElementIdentifier.Component(name: name, state: state)
    }

    func failure(_ reason: String) -> InvalidSelector {
        InvalidSelector(text: text, offset: offset, reason: reason)
    }
}
