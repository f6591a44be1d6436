import HTTPEngine

/// Just enough of RFC 9110 §12.5.1 (`Accept`) for the routes that answer a person and a program
/// differently (the preview link's page, docs/api.md "Preview links"): a browser gets HTML, a
/// program that asks for JSON gets the usual problem document.
enum AcceptedTypes {
    /// Whether the request names `application/json` or `application/problem+json` with a weight
    /// above 0 and at least that of `text/html`. `*/*`, no `Accept` at all, and a browser's
    /// `text/html,…,*/*;q=0.8` all mean HTML: only a program names JSON.
    static func prefersJSON(_ headers: HTTPHeaders) -> Bool {
        var json = 0.0, html = 0.0
        for value in headers.values(for: "accept") {
            for range in value.split(separator: ",") {
                let parts = range.split(separator: ";").map { String($0).trimmingWhitespace.lowercased() }
                guard let type = parts.first else { continue }
                let weight = parts.dropFirst().lazy.compactMap(Self.weight).first ?? 1
                switch type {
                case "application/json", "application/problem+json": json = max(json, weight)
                case "text/html": html = max(html, weight)
                default: break
                }
            }
        }
        return json > 0 && json >= html
    }

    /// `q=0.5` → 0.5; nil for another parameter or a weight that is no number from 0 to 1.
    private static func weight(_ parameter: String) -> Double? {
        guard parameter.hasPrefix("q="), let weight = Double(parameter.dropFirst(2)), (0...1).contains(weight) else { return nil }
        return weight
    }
}
