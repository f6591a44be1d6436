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
        guard let parsed = text.utf8.withContiguousStorageIfAvailable({ BuildVersion(utf8: $0) })
            ?? Array(text.utf8).withUnsafeBufferPointer({ BuildVersion(utf8: $0) })
        else { return nil }
        self = parsed
    }

    /// ``init(_:)`` over the text's UTF-8 bytes, in one pass: every launch with `client=` parses
    /// one, so it works on a buffer of bytes — not on characters (with `split` and `Int(_:)` it
    /// was an eighth of a cached launch's CPU), nor on a generic collection, which another
    /// module calls through witness tables for every byte.
    package init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= Self.maxLength else { return nil }
        var part = ParsedPart.number
        var numbers = (0, 0, 0)
        var numberIndex = 0
        var value = 0
        var digits = 0
        var leadingZero = false
        var identifierLength = 0  // of the pre-release or build identifier being read
        func endNumber() -> Bool {
            guard digits > 0 else { return false }
            switch numberIndex {
            case 0: numbers.0 = value
            case 1: numbers.1 = value
            default: numbers.2 = value
            }
            numberIndex += 1
            (value, digits, leadingZero) = (0, 0, false)
            return true
        }
        for byte in bytes {
            switch part {
            case .number:
                if byte >= 0x30 && byte <= 0x39 {
                    guard !leadingZero, digits < 6 else { return nil }
                    leadingZero = digits == 0 && byte == 0x30
                    value = value * 10 + Int(byte - 0x30)
                    digits += 1
                } else if byte == 0x2E, numberIndex < 2 {  // "."
                    guard endNumber() else { return nil }
                } else if byte == 0x2D || byte == 0x2B, numberIndex == 2 {  // "-" or "+" after the patch
                    guard endNumber() else { return nil }
                    part = byte == 0x2D ? .preRelease : .build
                } else {
                    return nil
                }
            case .preRelease, .build:
                // Dot-separated, non-empty identifiers of [0-9A-Za-z-] (SemVer §9, §10).
                if byte == 0x2E {
                    guard identifierLength > 0 else { return nil }
                    identifierLength = 0
                } else if byte == 0x2B, part == .preRelease {
                    guard identifierLength > 0 else { return nil }
                    (part, identifierLength) = (.build, 0)
                } else if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D {
                    identifierLength += 1
                } else {
                    return nil
                }
            }
        }
        switch part {
        case .number: guard numberIndex == 2, endNumber() else { return nil }
        case .preRelease, .build: guard identifierLength > 0 else { return nil }
        }
        (major, minor, patch) = numbers
    }

    /// Where ``init(utf8:)`` is in the text.
    private enum ParsedPart { case number, preRelease, build }

    package static func < (lhs: BuildVersion, rhs: BuildVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    package var description: String { "\(major).\(minor).\(patch)" }
}
