/// An entry of `$livery.images`: an image name (`*_searchbar_image`) and the asset it names.
public struct ImageDefinition: Sendable, Hashable {
    public var name: String
    /// `"sha256:<64 hex>"`, or an alias to an `asset` token; resolved as an `asset`.
    public var value: JSONValue
    /// `$livery.images.<name>`, for diagnostics.
    public var path: String

    public init(name: String, value: JSONValue, path: String) {
        self.name = name
        self.value = value
        self.path = path
    }
}
