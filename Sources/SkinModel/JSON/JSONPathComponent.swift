/// One step of a member path, for error messages.
enum JSONPathComponent {
    case key(String)
    case index(Int)

    /// `color.tint.$value`, `$livery.rules[2].selector`; the empty string for the root.
    static func render(_ components: [JSONPathComponent]) -> String {
        var result = ""
        for component in components {
            switch component {
            case .key(let key):
                if !result.isEmpty { result += "." }
                result += key
            case .index(let index):
                result += "[\(index)]"
            }
        }
        return result
    }
}
