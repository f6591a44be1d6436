import Foundation
import SkinModel

/// Which build of which app is asking, sent as `client=PLATFORM/VERSION` with every request so
/// the server can count the builds in the field, serve a build its own target, and keep a look
/// it cannot read away from it (docs/apps.md, "Old builds in the field").
///
/// ```swift
/// configuration.client = LiveryClientIdentity(platform: "ios", version: "3.2.1")
/// ```
///
/// On Apple platforms the default is the main bundle's `CFBundleShortVersionString` with the
/// platform compiled for (`ios`, `macos`, else `other`); elsewhere there is no default.
public struct LiveryClientIdentity: Sendable, Hashable, CustomStringConvertible {
    /// `ios`, `android`, `web`, `macos` or `other`.
    public let platform: String
    /// `MAJOR.MINOR.PATCH`, with optional `-pre.release` and `+build` (ignored by the server for matching).
    public let version: String

    /// The platforms the server accepts (its own list, ``ClientPlatform``).
    public static let platforms: Set<String> = Set(ClientPlatform.allCases.map(\.rawValue))

    /// An identity, or nil when the platform is not one the server knows or the version is not a
    /// semantic version. `"3.2"` and `"3"` (common short versions) are completed to `3.2.0`, `3.0.0`.
    public init?(platform: String, version: String) {
        let platform = platform.lowercased()
        guard Self.platforms.contains(platform), let version = Self.semanticVersion(version) else { return nil }
        self.platform = platform
        self.version = version
    }

    /// `ios/3.2.1`: the `client` query value.
    public var description: String { "\(platform)/\(version)" }

    /// This app's identity from its main bundle (Apple platforms), nil elsewhere or when the
    /// bundle has no usable short version.
    public static var bundle: LiveryClientIdentity? {
        #if canImport(Darwin)
        guard let short = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String else { return nil }
        #if os(macOS) && !targetEnvironment(macCatalyst)
        return LiveryClientIdentity(platform: "macos", version: short)
        #elseif os(iOS)
        return LiveryClientIdentity(platform: "ios", version: short)
        #else
        return LiveryClientIdentity(platform: "other", version: short)
        #endif
        #else
        return nil
        #endif
    }

    /// The version as the server takes it: one or two numbers (a short version) completed with
    /// zeros, then the server's own rule (``BuildVersion``: each number at most 999999 without a
    /// leading zero, SemVer's pre-release and build identifiers, at most 64 characters).
    static func semanticVersion(_ text: String) -> String? {
        let text = text.trimmingCharacters(in: .whitespaces)
        let suffixStart = text.firstIndex { $0 == "-" || $0 == "+" } ?? text.endIndex
        var numbers = text[..<suffixStart].split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(numbers.count) else { return nil }
        while numbers.count < 3 { numbers.append("0") }
        let version = numbers.joined(separator: ".") + text[suffixStart...]
        return BuildVersion(version) != nil ? version : nil
    }
}
