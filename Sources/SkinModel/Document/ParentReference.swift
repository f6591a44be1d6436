/// A skin's `$livery.extends`: the parent skin, unpinned (`"base"`: its latest version
/// at resolution time) or pinned (`"base@7"`).
public struct ParentReference: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    /// The pinned version, or nil to follow the parent's latest.
    public var version: Int?

    public init(name: String, version: Int? = nil) {
        self.name = name
        self.version = version
    }

    /// `"base"` or `"base@7"`.
    public var description: String {
        version.map { "\(name)@\($0)" } ?? name
    }

    /// Parses `"name"` or `"name@7"`; the message explains a rejection.
    static func parse(_ text: String) -> Result<ParentReference, ValueError> {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "\t" || $0 == "/" || $0 == "#" }) else {
            return .failure(ValueError(.invalidValue, "extends '\(text)' is not a skin name (\"name\" or \"name@7\")"))
        }
        guard parts.count <= 2 else {
            return .failure(ValueError(.invalidValue, "extends '\(text)' has more than one '@'"))
        }
        guard parts.count == 2 else { return .success(ParentReference(name: name)) }
        guard let version = Int(parts[1]), version >= 1, parts[1].allSatisfy(\.isASCII) else {
            return .failure(ValueError(.invalidValue, "extends '\(text)': the version after '@' must be a positive whole number"))
        }
        return .success(ParentReference(name: name, version: version))
    }
}
