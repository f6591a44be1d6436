import Foundation

/// Names put into a request's path and query: a skin, channel or draft name may hold any
/// character the server accepts, and none of them may end its segment (`/`) or value (`&`).
extension APIRequest {
    /// `name` as one path segment: letters, digits, `-`, `_` and `.` as they are, the rest percent-encoded.
    static func pathSegment(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(["-", "_", "."])) ?? name
    }

    /// `?a=1&b=2` from pairs, each value percent-encoded (`&`, `=` and `+` included); empty for none.
    static func query(_ items: [(String, String)]) -> String {
        guard !items.isEmpty else { return "" }
        let allowed = CharacterSet.urlQueryAllowed.subtracting(["&", "=", "+"])
        return "?" + items.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
    }
}
