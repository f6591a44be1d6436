import Foundation

/// `webhooks.trustedCertificates`: a PEM file of certificate authorities.
extension ConfigurationKey {
    /// A path to a readable PEM file holding at least one certificate, or `null` / empty for
    /// none. Checked at start: a wrong path would otherwise show only as every HTTPS delivery
    /// failing its certificate check, an hour apart.
    static func certificateFile(
        _ name: String, _ variable: String, _ summary: String,
        _ keyPath: any WritableKeyPath<LiveryConfiguration, String?> & Sendable
    ) -> ConfigurationKey {
        ConfigurationKey(name: name, environmentVariable: variable, summary: summary) { configuration, input throws(ConfigurationError) in
            let path: String
            switch input {
            case .json(.null):
                configuration[keyPath: keyPath] = nil
                return
            case .json(.string(let string)), .text(let string): path = String(string.trimmingWhitespace)
            case .json: throw ConfigurationError(key: name, message: "must be the path of a PEM file, or null")
            }
            guard !path.isEmpty else {
                configuration[keyPath: keyPath] = nil
                return
            }
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw ConfigurationError(key: name, message: "\(path) cannot be read")
            }
            guard String(decoding: contents, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
                throw ConfigurationError(key: name, message: "\(path) holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
            }
            configuration[keyPath: keyPath] = path
        }
    }
}
