/// The route template of a path (`/v1/skins/{skin}/resolved`), for metrics labels: bounded
/// cardinality, whatever names clients send.
enum RouteLabel {
    static func of(path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard segments.first == "v1" else {
            switch path {
            case "/healthz", "/readyz", "/metrics", "/openapi.json": return path
            default: return "other"
            }
        }
        var label = ""
        for (index, segment) in segments.enumerated() {
            let parameter: String? = switch (index, segments.dropFirst().first) {
            case (2, "skins"): "{skin}"
            case (2, "channels"): "{channel}"
            case (2, "assets"): "{sha256}"
            case (4, "skins") where segments.dropFirst(3).first == "versions": "{n}"
            default: nil
            }
            label += "/" + (parameter ?? String(segment))
            if label.count > 64 { return "other" }
        }
        return label
    }
}
