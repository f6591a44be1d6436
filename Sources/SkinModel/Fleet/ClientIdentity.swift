/// Who is asking for a look: `client=ios/3.2.1` (docs/apps.md, "Old builds in the field").
///
/// Normalised on parsing (pre-release and build metadata dropped), so `ios/3.2.1-beta+7` and
/// `ios/3.2.1` are one cache key, one counted build and one match for `builds` entries.
package struct ClientIdentity: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let platform: ClientPlatform
    package let version: BuildVersion

    package init(platform: ClientPlatform, version: BuildVersion) {
        self.platform = platform
        self.version = version
    }

    /// Parses `PLATFORM/VERSION`; nil when the platform is not one of ``ClientPlatform`` or the
    /// version is not semver `MAJOR.MINOR.PATCH`.
    /// Works on a buffer of the UTF-8 bytes, as ``BuildVersion/init(utf8:)``: it runs on every
    /// launch with `client=`.
    package init?(_ text: some StringProtocol) {
        guard let parsed = text.utf8.withContiguousStorageIfAvailable(Self.parse)
            ?? Array(text.utf8).withUnsafeBufferPointer(Self.parse)
        else { return nil }
        self = parsed
    }

    /// ``init(_:)`` over UTF-8 bytes as received (a launch's raw query value), without a `String`.
    package init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let parsed = Self.parse(bytes) else { return nil }
        self = parsed
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> ClientIdentity? {
        guard let slash = bytes.firstIndex(of: 0x2F),  // "/"
            let platform = ClientPlatform(utf8: UnsafeBufferPointer(rebasing: bytes[..<slash])),
            let version = BuildVersion(utf8: UnsafeBufferPointer(rebasing: bytes[(slash + 1)...]))
        else { return nil }
        return ClientIdentity(platform: platform, version: version)
    }

    package static func < (lhs: ClientIdentity, rhs: ClientIdentity) -> Bool {
        (lhs.platform, lhs.version) < (rhs.platform, rhs.version)
    }

    /// `ios/3.2.1`: the form `/v1/clients` and compatibility errors name a build by.
    package var description: String { "\(platform.rawValue)/\(version)" }
}

extension ClientIdentity {
    /// What is wrong with a build's name, for the routes and commands that take one in parts
    /// (`/v1/contracts/{platform}/{version}`, `livery contract push`, OFREP's context).
    package enum Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        case platform(String)
        case version(String)

        package var description: String {
            switch self {
            case .platform(let platform): "\"\(platform)\" is not a platform; use one of \(ClientPlatform.names)"
            case .version(let version): "\"\(version)\" is not a version MAJOR.MINOR.PATCH such as 3.2.1"
            }
        }
    }

    /// Reads a platform and a semantic version given apart, saying which part is wrong.
    package init(platform: String, version: String) throws(Invalid) {
        guard let named = ClientPlatform(rawValue: platform) else { throw .platform(platform) }
        guard let number = BuildVersion(version) else { throw .version(version) }
        self.init(platform: named, version: number)
    }
}
