import ArgumentParser

/// A failure reported to the person at the terminal: one clear line on stderr, exit status 1.
struct CLIFailure: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
