/// Text put into the few HTML pages the server writes itself (the preview link's page,
/// docs/api.md "Preview links"): every value that came from outside the page's template — a
/// name, a store time, a URL made from the request's `Host` — goes through ``escape(_:)``.
enum HTMLText {
    /// `text` safe in element content and in a double- or single-quoted attribute value: the five
    /// characters HTML gives meaning there (`& < > " '`) become character references.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
