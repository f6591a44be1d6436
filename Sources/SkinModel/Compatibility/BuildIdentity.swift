/// An app build, `PLATFORM/MAJOR.MINOR.PATCH` (docs/apps.md, "Old builds in the field"): what a
/// contract is registered for and what findings name. Pre-release and build metadata
/// (`3.2.1-beta.2+77`) are accepted and ignored: builds match and count by their three numbers.
public struct BuildIdentity: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The platforms a build may name.
    public static let platforms = ["ios", "android", "web", "macos", "other"]

    public var platform: String
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(platform: String, major: Int, minor: Int, patch: Int) {
        self.platform = platform
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Reads a platform and a semantic version.
    /// - Throws: ``BuildIdentity/Invalid`` saying which part is wrong.
    public init(platform: String, version: String) throws(Invalid) {
        guard Self.platforms.contains(platform) else { throw .platform(platform) }
        var core = Substring(version)
        if let cut = core.firstIndex(where: { $0 == "-" || $0 == "+" }) { core = core[..<cut] }
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        // Numbers without leading zeros (SemVer 2.0.0 §2), at most 9 digits so they fit anywhere.
        let numbers = parts.compactMap { part -> Int? in
            guard !part.isEmpty, part.count <= 9, part.allSatisfy(\.isASCIIDigit), part == "0" || part.first != "0" else { return nil }
            return Int(part)
        }
        guard parts.count == 3, numbers.count == 3, core.endIndex != version.endIndex ? version.count > core.count + 1 : true else {
            throw .version(version)
        }
        self.init(platform: platform, major: numbers[0], minor: numbers[1], patch: numbers[2])
    }

    /// Reads `ios/3.2.1`.
    public init(parsing text: String) throws(Invalid) {
        guard let slash = text.firstIndex(of: "/") else { throw .version(text) }
        try self.init(platform: String(text[..<slash]), version: String(text[text.index(after: slash)...]))
    }

    /// `3.2.1`.
    public var version: String { "\(major).\(minor).\(patch)" }

    /// `ios/3.2.1`.
    public var description: String { "\(platform)/\(version)" }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.platform, lhs.major, lhs.minor, lhs.patch) < (rhs.platform, rhs.major, rhs.minor, rhs.patch)
    }

    /// What is wrong with a build's name.
    public enum Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        case platform(String)
        case version(String)

        public var description: String {
            switch self {
            case .platform(let platform):
                "\"\(platform)\" is not a platform; use one of \(BuildIdentity.platforms.joined(separator: ", "))"
            case .version(let version): "\"\(version)\" is not a version MAJOR.MINOR.PATCH such as 3.2.1"
            }
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
