/// A `$livery.extends` value split into skin name and optional pinned version.
///
/// `"base"` follows base's latest version; `"base@7"` pins version 7. A suffix after the last
/// `@` that is not a positive decimal number is part of the name (the server rejects such
/// names before they get here).
package struct StoredParentReference: Hashable, Sendable, CustomStringConvertible {
    package let skin: String
    package let version: Int?

    package init(skin: String, version: Int?) {
        self.skin = skin
        self.version = version
    }

    package init(parsing text: String) {
        if let at = text.lastIndex(of: "@"),
            let number = Int(text[text.index(after: at)...]), number >= 1,
            text[text.index(after: at)...].allSatisfy(\.isASCII)
        {
            self.init(skin: String(text[..<at]), version: number)
        } else {
            self.init(skin: text, version: nil)
        }
    }

    package var description: String {
        version.map { "\(skin)@\($0)" } ?? skin
    }
}
