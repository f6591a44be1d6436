/// An app build's version, `MAJOR.MINOR.PATCH` (docs/apps.md, "Old builds in the field").
///
/// Semantic Versioning's pre-release and build metadata (`3.2.1-beta.2+417`) are accepted but
/// ignored: a TestFlight build and the release cut from it read the same look and are counted
/// as one build, so matching and counting see only the three numbers.
package struct BuildVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let major: Int
    package let minor: Int
    package let patch: Int

    package init(major: Int, minor: Int, patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// The largest major, minor or patch number: an app's version numbers are small, and a bound
    /// keeps what an anonymous `client=` can make the server count and store small too.
    package static let maxNumber = 999_999
    /// The longest version text, pre-release and build metadata included (`3.2.1-beta.2+417` is 16).
    package static let maxLength = 64

    /// Parses `MAJOR.MINOR.PATCH[-pre-release][+build]`; nil when malformed.
    ///
    /// Each number is 1–6 decimal digits (at most ``maxNumber``) without a leading zero (SemVer
    /// §2), so a version can neither overflow nor be spelt two ways (`3.02.1`); the whole text is
    /// at most ``maxLength`` bytes, checked before anything else, so an absurd one costs nothing.
    package init?(_ text: some StringProtocol) {
        guard text.utf8.count <= Self.maxLength else { return nil }
        var core = Substring(text)
        if let plus = core.firstIndex(of: "+") {
            guard Self.isIdentifierList(core[core.index(after: plus)...]) else { return nil }
            core = core[..<plus]
        }
        if let dash = core.firstIndex(of: "-") {
            guard Self.isIdentifierList(core[core.index(after: dash)...]) else { return nil }
            core = core[..<dash]
        }
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard (1...6).contains(part.utf8.count), part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                part == "0" || part.first != "0", let number = Int(part), number <= Self.maxNumber
            else { return nil }
            numbers.append(number)
        }
        (major, minor, patch) = (numbers[0], numbers[1], numbers[2])
    }

    /// Dot-separated, non-empty identifiers of `[0-9A-Za-z-]` (SemVer §9, §10).
    private static func isIdentifierList(_ text: Substring) -> Bool {
        let identifiers = text.split(separator: ".", omittingEmptySubsequences: false)
        return identifiers.allSatisfy { identifier in
            !identifier.isEmpty && identifier.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D
            }
        }
    }

    package static func < (lhs: BuildVersion, rhs: BuildVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    package var description: String { "\(major).\(minor).\(patch)" }
}
