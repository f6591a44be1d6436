/// Where a part of a token set was written: a file of the bundle (or the resolver document
/// itself, or a Tokens Studio set) and an RFC 6901 JSON pointer inside it. Token-set errors
/// carry it as their path (`theme/dark.tokens.json#/color/accent`), so a designer can open
/// the file that needs fixing rather than search the merged tokens for it (docs/skins.md, "Token sets").
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file as the resolver referenced it, `resolver` for inline sources, or the Tokens Studio set name.
    public var file: String
    /// Unescaped pointer tokens from the file's root.
    public var pointer: [String]

    public init(file: String, pointer: [String] = []) {
        self.file = file
        self.pointer = pointer
    }

    /// The location of a member below this one.
    func appending(_ names: some Sequence<String>) -> SourceLocation {
        SourceLocation(file: file, pointer: pointer + names)
    }

    /// `file#/a/b`, escaping `~` and `/` in pointer tokens as RFC 6901 §3 asks.
    public var description: String {
        let escaped = pointer.map { $0.replacing("~", with: "~0").replacing("/", with: "~1") }
        return "\(file)#" + escaped.map { "/" + $0 }.joined()
    }
}

