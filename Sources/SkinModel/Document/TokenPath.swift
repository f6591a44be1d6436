/// Token names and paths (docs/skins.md, "Tokens and groups"): a name must not contain `.`, `{` or `}` nor start
/// with `$` (except DTCG's `$root`); a path is the dot-joined names from the root.
enum TokenPath {
    /// DTCG 2025.10's name for a group's own token, referenced as `{group.$root}`.
    static let rootName = "$root"

    /// Why a member name is not a valid token or group name, or nil when it is.
    static func problem(withName name: String) -> String? {
        if name.isEmpty { return "a token or group name must not be empty" }
        if name.hasPrefix("$") { return "'\(name)': names must not start with '$'" }
        if let bad = name.first(where: { $0 == "." || $0 == "{" || $0 == "}" }) {
            return "'\(name)': names must not contain '\(bad)'"
        }
        return nil
    }

    /// Whether a name that DTCG forbids only for its `.` can be kept as written (docs/skins.md, "What tool exports may contain",
    /// `dotted-name`): no brace, no leading `$`, and no empty part between dots (`0.25`, not `a.`).
    static func isDottedName(_ name: String) -> Bool {
        !name.hasPrefix("$") && !name.contains(where: { $0 == "{" || $0 == "}" })
            && name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty }
    }

    /// Whether the text between `{` and `}` can name a token: dot-separated names, none
    /// empty, none containing a brace, none starting with `$` except `$root`.
    static func isValidReference(_ path: String) -> Bool {
        // A byte loop: this runs for every reference of every expression.
        var path = path
        return path.withUTF8 { bytes in
            guard !bytes.isEmpty else { return false }
            var nameStart = 0
            for index in 0...bytes.count {
                let atEnd = index == bytes.count
                let byte = atEnd ? UInt8(ascii: ".") : bytes[index]
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") { return false }
                guard byte == UInt8(ascii: ".") else { continue }
                guard index > nameStart else { return false }
                if bytes[nameStart] == UInt8(ascii: "$") {
                    let root = Array(rootName.utf8)
                    guard index - nameStart == root.count, Array(bytes[nameStart..<index]) == root else { return false }
                }
                nameStart = index + 1
            }
            return true
        }
    }

    /// `"{color.tint}"` → `"color.tint"`: the whole string is one DTCG alias.
    ///
    /// Runs on every string value of every resolution, so it looks at bytes: `hasPrefix`,
    /// `dropFirst` and `contains` on `String` walk grapheme clusters, and made this a third of
    /// a publish's time. Braces are ASCII, so byte positions are character boundaries.
    static func exactAlias(_ text: String) -> String? {
        let bytes = text.utf8
        guard bytes.count >= 3, bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else { return nil }
        let inner = bytes.dropFirst().dropLast()
        guard !inner.contains(UInt8(ascii: "{")), !inner.contains(UInt8(ascii: "}")) else { return nil }
        let path = String(Substring(inner))
        return isValidReference(path) ? path : nil
    }
}
