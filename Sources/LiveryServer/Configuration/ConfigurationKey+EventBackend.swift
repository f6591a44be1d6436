import HTTPEngine

extension ConfigurationKey {
    /// `http.eventBackend`: one of the engine's backends, checked against the platform at load
    /// time, so `epoll` on a Mac stops the server at start naming why (not when the loops start).
    /// `null` in the file means the platform's default, so the example file runs everywhere.
    static func eventBackend(
        _ name: String, _ variable: String, _ summary: String,
        _ keyPath: any WritableKeyPath<LiveryConfiguration, HTTPEventBackend> & Sendable
    ) -> ConfigurationKey {
        let choice = ConfigurationKey.choice(name, variable, summary, keyPath)
        return ConfigurationKey(name: name, environmentVariable: variable, summary: summary) { configuration, input throws(ConfigurationError) in
            if case .json(.null) = input {
                configuration[keyPath: keyPath] = .platformDefault
                return
            }
            try choice.apply(&configuration, input)
            let backend = configuration[keyPath: keyPath]
            if let reason = backend.unavailableReason {
                throw ConfigurationError(key: name, message: "cannot be \(backend) here: \(reason)")
            }
        }
    }
}
