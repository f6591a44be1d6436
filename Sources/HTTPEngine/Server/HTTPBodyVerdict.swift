/// The verdict of an off-loop body check (`HTTPBodyScreening.check`).
package enum HTTPBodyVerdict: Sendable {
    /// Read the body. Its bytes count against the server's body budget and, when `owner` is
    /// given (a token's name, say), against that owner's share of it
    /// (`HTTPServerConfiguration.maxBufferedBodyBytesPerOwner`).
    /// `maxBytes`: the route's own body limit, as `HTTPBodyScreening.acceptUpTo` (nil: the
    /// server's `maxBodyBytes` alone).
    case admit(owner: String?, maxBytes: Int? = nil)
    /// Answer this without reading the body, and close the connection.
    case refuse(HTTPResponse)

}
