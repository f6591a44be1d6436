import SkinModel

extension LiveryConfiguration {
    /// Builds the configuration from its three sources, later ones winning:
    /// the parsed config file, then `LIVERY_*` environment variables, then flags.
    ///
    /// - Parameters:
    ///   - file: the config file's JSON (nested objects: `{"http": {"port": 8080}}`), if any.
    ///   - environment: the process environment; only the variables of `ConfigurationKey.all` are read.
    ///   - flags: values given on the command line, keyed by dotted key name (`http.port`).
    /// - Throws: `ConfigurationError` naming the first bad key and where it came from,
    ///   including unknown keys in the file (a typo must not be silently ignored).
    package static func load(
        file: JSONValue?, environment: [String: String], flags: [String: String]
    ) throws(ConfigurationError) -> LiveryConfiguration {
        var configuration = LiveryConfiguration()
        if let file {
            guard case .object(let root) = file else {
                throw ConfigurationError(key: "(config file)", message: "must be a JSON object")
            }
            for (name, value) in flatten(root, prefix: "") {
                guard let key = ConfigurationKey.named(name) else {
                    throw ConfigurationError(key: name, message: "is not a configuration key", source: "config file")
                }
                try key.apply(&configuration, .json(value), source: "config file")
            }
        }
        for key in ConfigurationKey.all {
            if let text = environment[key.environmentVariable] {
                try key.apply(&configuration, .text(text), source: key.environmentVariable)
            }
        }
        for (name, text) in flags.sorted(by: { $0.key < $1.key }) {
            guard let key = ConfigurationKey.named(name) else {
                throw ConfigurationError(key: name, message: "is not a configuration key", source: "command line")
            }
            try key.apply(&configuration, .text(text), source: "command line")
        }
        return configuration
    }

    /// `{"http": {"port": 1}}` → `[("http.port", 1)]`; `$`-prefixed members (comments) are skipped.
    private static func flatten(_ object: JSONObject, prefix: String) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = []
        for (name, value) in object.members where !name.hasPrefix("$") {
            let dotted = prefix.isEmpty ? name : "\(prefix).\(name)"
            if case .object(let nested) = value, ConfigurationKey.named(dotted) == nil {
                pairs += flatten(nested, prefix: dotted)
            } else {
                pairs.append((dotted, value))
            }
        }
        return pairs
    }
}

extension ConfigurationKey {
    func apply(_ configuration: inout LiveryConfiguration, _ input: ConfigurationInput, source: String) throws(ConfigurationError) {
        do {
            try apply(&configuration, input)
        } catch {
            var error = error
            error.source = source
            throw error
        }
    }
}

extension LiveryConfiguration {
    /// Loads the configuration the way `livery` does: the file named by `configPath` (or by
    /// `LIVERY_CONFIG`), then the environment, then `flags`.
    ///
    /// - Throws: `ConfigurationError` for an unreadable or invalid file, or any bad value.
    package static func load(
        configPath: String?, environment: [String: String], flags: [String: String]
    ) throws(ConfigurationError) -> LiveryConfiguration {
        var file: JSONValue?
        if let path = configPath ?? environment["LIVERY_CONFIG"] {
            guard let bytes = FileBytes.read(path) else {
                throw ConfigurationError(key: "(config file)", message: "cannot read \(path)")
            }
            do {
                file = try JSONParser.parse(bytes)
            } catch {
                let reason = error.errors.first?.message ?? "invalid JSON"
                throw ConfigurationError(key: "(config file)", message: "\(path) is not valid JSON: \(reason)")
            }
        }
        return try load(file: file, environment: environment, flags: flags)
    }
}
