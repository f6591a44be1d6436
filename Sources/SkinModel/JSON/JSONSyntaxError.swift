/// Where and why JSON parsing stopped.
struct JSONSyntaxError: Error {
    var line: Int
    var column: Int
    var path: String
    var message: String

    var diagnostic: Diagnostic {
        .error(.invalidJSON, at: path, "line \(line), column \(column): \(message)")
    }
}
