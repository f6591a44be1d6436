import LiveryClient

/// Names put into a request's path and query: a skin, channel or draft name may hold any
/// character the server accepts, and none of them may end its segment (`/`) or value (`&`).
/// Both are encoded by the clients' one rule (``PercentEncoding``).
extension APIRequest {
    /// `name` as one path segment.
    static func pathSegment(_ name: String) -> String { PercentEncoding.encoded(name) }

    /// `?a=1&b=2` from pairs, each value percent-encoded; empty for none.
    static func query(_ items: [(String, String)]) -> String {
        guard !items.isEmpty else { return "" }
        return "?" + items.map { "\($0.0)=\(PercentEncoding.encoded($0.1))" }.joined(separator: "&")
    }
}
