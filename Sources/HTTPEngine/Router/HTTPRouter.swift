/// A small router: path patterns with `{parameter}` segments, a handler per method.
///
/// Patterns are compiled into a trie of segments; matching walks the request's raw path bytes
/// once, segment by segment (no regex, no splitting into Strings). At each level a literal
/// segment wins over a parameter. No route → 404; a route without the method → 405 with
/// `Allow` (HEAD is implied by GET and served by the GET handler; the engine drops the body).
///
/// ```swift
/// var router = HTTPRouter()
/// router.add(.get, "/v1/skins/{skin}/versions/{n}/resolved") { request, params, context in
///     .respond(HTTPResponse(cache.prepared(skin: params["skin"] ?? "", version: params["n"] ?? "")))
/// }
/// let server = HTTPServer(configuration: configuration, handler: router, logger: logger)
/// ```
package struct HTTPRouter: HTTPServerHandler {
    package typealias Handler = @Sendable (HTTPRequest, HTTPRouteParameters, HTTPRequestContext) -> HTTPHandlerResult

    struct Node: Sendable {
        var literals: [(segment: [UInt8], child: Int)] = []
        var parameter: (name: String, child: Int)?
        var handlers: [(method: HTTPMethod, handler: Handler, pattern: String)] = []
    }

    /// The result of matching a method and path.
    package enum Match {
        case found(Handler, HTTPRouteParameters, pattern: String)
        case methodNotAllowed(allow: [HTTPMethod])
        case notFound
    }

    var nodes: [Node] = [Node()]

    /// Decides, from the head alone, whether a matched route's body is read (auth before body);
    /// given the route's pattern. Unset: every matched route's body is read.
    package var bodyScreen: (@Sendable (HTTPRequest, String) -> HTTPBodyScreening)?

    package init() {}

    /// Adds (or replaces) the handler for `method` on `pattern` (`/a/{b}/c`).
    package mutating func add(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler) {
        var node = 0
        for segment in Self.segments(of: pattern) {
            if segment.hasPrefix("{") && segment.hasSuffix("}") && segment.count > 2 {
                let name = String(segment.dropFirst().dropLast())
                if let p = nodes[node].parameter {
                    precondition(p.name == name, "conflicting parameter names {\(p.name)} and {\(name)} in \(pattern)")
                    node = p.child
                } else {
                    nodes.append(Node())
                    nodes[node].parameter = (name, nodes.count - 1)
                    node = nodes.count - 1
                }
            } else {
                let bytes = Array(segment.utf8)
                if let existing = nodes[node].literals.first(where: { $0.segment == bytes }) {
                    node = existing.child
                } else {
                    nodes.append(Node())
                    nodes[node].literals.append((bytes, nodes.count - 1))
                    node = nodes.count - 1
                }
            }
        }
        nodes[node].handlers.removeAll { $0.method == method }
        nodes[node].handlers.append((method, handler, pattern))
    }

    package mutating func get(_ pattern: String, _ handler: @escaping Handler) { add(.get, pattern, handler) }
    package mutating func post(_ pattern: String, _ handler: @escaping Handler) { add(.post, pattern, handler) }
    package mutating func put(_ pattern: String, _ handler: @escaping Handler) { add(.put, pattern, handler) }
    package mutating func delete(_ pattern: String, _ handler: @escaping Handler) { add(.delete, pattern, handler) }

    package func handle(_ request: HTTPRequest, context: HTTPRequestContext) -> HTTPHandlerResult {
        switch match(request) {
        case .found(let handler, let parameters, let pattern):
            context.setRoute(pattern)
            return handler(request, parameters, context)
        case .methodNotAllowed(let allow):
            return .respond(Self.methodNotAllowed(request, allow: allow))
        case .notFound:
            return .respond(Self.notFound(request))
        }
    }

    /// A body is read only for a route that exists and takes the method, and that the
    /// `bodyScreen` lets through; a 404 or 405 is answered without reading it.
    package func screen(_ head: HTTPRequest) -> HTTPBodyScreening {
        switch match(head) {
        case .found(_, _, let pattern):
            return bodyScreen?(head, pattern) ?? .accept
        case .methodNotAllowed(let allow):
            return .reject(Self.methodNotAllowed(head, allow: allow))
        case .notFound:
            return .reject(Self.notFound(head))
        }
    }

    static func notFound(_ request: HTTPRequest) -> HTTPResponse {
        .problem(.notFound, detail: "No resource is at \(request.path).")
    }

    static func methodNotAllowed(_ request: HTTPRequest, allow: [HTTPMethod]) -> HTTPResponse {
        let allowed = allow.map(\.description).joined(separator: ", ")
        return .problem(
            .methodNotAllowed, detail: "\(request.path) does not take \(request.method); it takes \(allowed).",
            headers: [HTTPField("Allow", allowed)])
    }

    package func match(_ request: HTTPRequest) -> Match {
        request.withPathBytes { match(method: request.method, path: $0) }
    }

    /// Matches a method and a raw (percent-encoded) path.
    package func match(method: HTTPMethod, path: String) -> Match {
        var path = path
        return path.withUTF8 { match(method: method, path: UnsafeRawBufferPointer($0)) }
    }

    func match(method: HTTPMethod, path: UnsafeRawBufferPointer) -> Match {
        var node = 0
        var parameters = HTTPRouteParameters()
        var start = path.first == ASCII.slash ? 1 : 0
        // "/" (or an empty path) is the root with no segments.
        if start < path.count || (path.count > 1) {
            while true {
                var end = start
                while end < path.count, path[end] != ASCII.slash { end += 1 }
                let raw = UnsafeRawBufferPointer(rebasing: path[start..<end])
                let needsDecoding = raw.contains(ASCII.percent)
                let decoded: [UInt8]? = needsDecoding ? Array(PercentDecoding.decode(raw, plusAsSpace: false).utf8) : nil
                var next: Int?
                for literal in nodes[node].literals {
                    let equal = decoded.map { $0 == literal.segment } ?? raw.elementsEqual(literal.segment)
                    if equal {
                        next = literal.child
                        break
                    }
                }
                if next == nil, let p = nodes[node].parameter, !raw.isEmpty {
                    parameters.append(p.name, decoded.map { String(decoding: $0, as: UTF8.self) } ?? String(decoding: raw, as: UTF8.self))
                    next = p.child
                }
                guard let child = next else { return .notFound }
                node = child
                if end >= path.count { break }
                start = end + 1
            }
        }
        let handlers = nodes[node].handlers
        guard !handlers.isEmpty else { return .notFound }
        if let h = handlers.first(where: { $0.method == method }) { return .found(h.handler, parameters, pattern: h.pattern) }
        if method == .head, let h = handlers.first(where: { $0.method == .get }) { return .found(h.handler, parameters, pattern: h.pattern) }
        return .methodNotAllowed(allow: allowed(handlers.map(\.method)))
    }

    /// Methods in a stable order, with HEAD added after GET.
    private func allowed(_ methods: [HTTPMethod]) -> [HTTPMethod] {
        var all = methods
        if all.contains(.get) && !all.contains(.head) { all.append(.head) }
        let order: [HTTPMethod] = [.get, .head, .post, .put, .patch, .delete, .options]
        return all.sorted { a, b in
            (order.firstIndex(of: a) ?? order.count, a.description) < (order.firstIndex(of: b) ?? order.count, b.description)
        }
    }

    static func segments(of pattern: String) -> [Substring] {
        var p = Substring(pattern)
        if p.hasPrefix("/") { p = p.dropFirst() }
        if p.isEmpty { return [] }
        return p.split(separator: "/", omittingEmptySubsequences: false)
    }
}
