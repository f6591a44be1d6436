/// What a `<!-- check: … -->` comment before a fenced block asks the doc tests to verify.
///
/// Clauses are separated by `;`, each a keyword and its arguments:
///
/// | clause | meaning |
/// |---|---|
/// | `skin NAME` | a JSON block is a skin document, validated as skin NAME (the default, as `example`) |
/// | `data` | a JSON block that is not a skin (a response, a request body): it must parse |
/// | `file PATH` | the block is also written to PATH in the session's folder, for later commands |
/// | `publish` | after validating, publish it (201), so later blocks can extend it or resolve it |
/// | `warnings CODE…` / `errors CODE…` | the validation's warning / error codes, as a set (default: none) |
/// | `resolve [variant=a,b] PATH=VALUE…` | the published skin resolved with those variants has these token values (a string as is, anything else as compact JSON) |
/// | `not run: REASON` | a block that cannot run in a test: a shell or console block's syntax is checked and each `livery` subcommand it names must exist; JavaScript gets `node --check`, Swift `swiftc -parse` |
/// | `inside: DECLARATION` | a Swift block is a body: it is type-checked inside `DECLARATION { … }` |
struct DocCheck {
    var skin: String?
    var isData = false
    var file: String?
    var publish = false
    var warnings: Set<String> = []
    var errors: Set<String> = []
    var resolutions: [Resolution] = []
    var notRunReason: String?
    var enclosingDeclaration: String?

    struct Resolution {
        var variants: [String]
        var expected: [(path: String, value: String)]
    }

    init(parsing text: String, at location: String) throws {
        for clause in text.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) where !clause.isEmpty {
            if clause.hasPrefix("not run:") {
                notRunReason = clause.dropFirst("not run:".count).trimmingCharacters(in: .whitespaces)
                continue
            }
            if clause.hasPrefix("inside:") {
                enclosingDeclaration = clause.dropFirst("inside:".count).trimmingCharacters(in: .whitespaces)
                continue
            }
            let words = clause.split(separator: " ").map(String.init)
            let arguments = Array(words.dropFirst())
            switch words[0] {
            case "skin" where arguments.count == 1: skin = arguments[0]
            case "data" where arguments.isEmpty: isData = true
            case "file" where arguments.count == 1: file = arguments[0]
            case "publish" where arguments.isEmpty: publish = true
            case "warnings": warnings = Set(arguments)
            case "errors": errors = Set(arguments)
            case "resolve":
                var resolution = Resolution(variants: [], expected: [])
                for argument in arguments {
                    guard let equals = argument.firstIndex(of: "=") else {
                        throw DocFailure("\(location): resolve needs PATH=VALUE, not \(argument)")
                    }
                    let key = String(argument[..<equals]), value = String(argument[argument.index(after: equals)...])
                    if key == "variant" {
                        resolution.variants = value.split(separator: ",").map(String.init)
                    } else {
                        resolution.expected.append((key, value))
                    }
                }
                resolutions.append(resolution)
            default:
                throw DocFailure("\(location): unknown check clause '\(clause)'")
            }
        }
    }
}
