/// A request method (RFC 9110 §9). The common ones are cases so routing compares integers;
/// any other valid token is kept as `.other`.
package enum HTTPMethod: Hashable, Sendable, CustomStringConvertible {
    case get, head, post, put, delete, patch, options, trace, connect
    case other(String)

    /// Parses a method token from raw bytes (already checked to be `tchar`s). Methods are
    /// case-sensitive (RFC 9110 §9.1), so `get` is an unknown method, not GET.
    init(bytes: UnsafeRawBufferPointer) {
        switch bytes.count {
        case 3 where bytes[0] == 0x47 && bytes[1] == 0x45 && bytes[2] == 0x54: self = .get
        case 3 where bytes[0] == 0x50 && bytes[1] == 0x55 && bytes[2] == 0x54: self = .put
        case 4 where bytes.elementsEqual("HEAD".utf8): self = .head
        case 4 where bytes.elementsEqual("POST".utf8): self = .post
        case 5 where bytes.elementsEqual("PATCH".utf8): self = .patch
        case 5 where bytes.elementsEqual("TRACE".utf8): self = .trace
        case 6 where bytes.elementsEqual("DELETE".utf8): self = .delete
        case 7 where bytes.elementsEqual("OPTIONS".utf8): self = .options
        case 7 where bytes.elementsEqual("CONNECT".utf8): self = .connect
        default: self = .other(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Parses a method name; for building routes and tests.
    package init(_ name: String) {
        var copy = name
        self = copy.withUTF8 { HTTPMethod(bytes: UnsafeRawBufferPointer($0)) }
    }

    package var description: String {
        switch self {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .put: "PUT"
        case .delete: "DELETE"
        case .patch: "PATCH"
        case .options: "OPTIONS"
        case .trace: "TRACE"
        case .connect: "CONNECT"
        case .other(let name): name
        }
    }
}
