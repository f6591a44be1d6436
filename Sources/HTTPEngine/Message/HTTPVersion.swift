/// The protocol version of a request. Only HTTP/1.0 and HTTP/1.1 are served (docs/api.md); any
/// other syntactically valid version is answered 505 by the parser.
package enum HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    case http1_0
    case http1_1

    package var description: String {
        switch self {
        case .http1_0: "HTTP/1.0"
        case .http1_1: "HTTP/1.1"
        }
    }
}
