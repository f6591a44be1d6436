/// A configuration value Livery cannot use. The server refuses to start and names the key.
package struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The dotted key (`http.port`), or the file for file-level problems.
    package var key: String
    package var message: String
    /// Where the bad value came from (`config file`, `LIVERY_PORT`, `--port`), when known.
    package var source: String?

    package init(key: String, message: String, source: String? = nil) {
        self.key = key
        self.message = message
        self.source = source
    }

    package var description: String {
        if let source { return "invalid configuration: \(key) (from \(source)) \(message)" }
        return "invalid configuration: \(key) \(message)"
    }
}
