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
    package init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let platform = ClientPlatform(rawValue: String(parts[0])),
            let version = BuildVersion(parts[1])
        else { return nil }
        self.init(platform: platform, version: version)
    }

    package static func < (lhs: ClientIdentity, rhs: ClientIdentity) -> Bool {
        (lhs.platform, lhs.version) < (rhs.platform, rhs.version)
    }

    /// `ios/3.2.1`: the form `/v1/clients` and compatibility errors name a build by.
    package var description: String { "\(platform.rawValue)/\(version)" }
}
