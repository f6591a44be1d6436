/// One response header field. Names and values are checked when the head is rendered: a name
/// that is not a token or a value containing CR, LF or NUL is dropped (no header injection).
package struct HTTPField: Sendable, Hashable {
    package var name: String
    package var value: String

    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// RFC 9110 §5.1 and §5.5: a token name and a value without CR, LF or NUL.
    var isValid: Bool {
        !name.isEmpty && name.utf8.allSatisfy(ASCII.isTokenChar)
            && !value.utf8.contains { $0 == 0 || $0 == ASCII.cr || $0 == ASCII.lf }
    }
}
