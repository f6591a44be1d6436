/// The values of a route's `{name}` segments, percent-decoded.
package struct HTTPRouteParameters: Sendable {
    package private(set) var names: [String] = []
    package private(set) var values: [String] = []

    package init() {}

    package subscript(name: String) -> String? {
        names.firstIndex(of: name).map { values[$0] }
    }

    mutating func append(_ name: String, _ value: String) {
        names.append(name)
        values.append(value)
    }
}
