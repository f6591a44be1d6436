/// A value bound to a statement of either backend (SQLite's five storage classes, which
/// PostgreSQL receives as `bigint`, `double precision`, `text`, `bytea` or NULL).
///
/// Callers usually write plain Swift values: `.init(_:)` overloads and the literal
/// conformances let `["base", 3, nil]` be an argument list.
package enum SQLValue: Hashable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null

    package init(_ value: Int) { self = .integer(Int64(value)) }
    package init(_ value: Int64) { self = .integer(value) }
    package init(_ value: Double) { self = .real(value) }
    package init(_ value: String) { self = .text(value) }
    package init(_ value: [UInt8]) { self = .blob(value) }
    package init(_ value: Bool) { self = .integer(value ? 1 : 0) }

    /// `.null` for nil, else the wrapped value.
    package init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    /// `.null` for nil, else the wrapped value.
    package init(_ value: String?) { self = value.map { .text($0) } ?? .null }
}

extension SQLValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByNilLiteral
{
    package init(integerLiteral value: Int64) { self = .integer(value) }
    package init(floatLiteral value: Double) { self = .real(value) }
    package init(stringLiteral value: String) { self = .text(value) }
    package init(nilLiteral: ()) { self = .null }
}
