import Logging

/// One metadata value of a log line, typed so that JSON lines keep numbers and booleans
/// as JSON numbers and booleans (`"http.status":200`), while logfmt writes them bare.
package enum LogField: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case number(Double)
    case bool(Bool)
    case array([LogField])
    /// Only inside arrays: a dictionary at the top level is flattened into dotted keys.
    case object([String: LogField])

    /// Converts a swift-log value, keeping integers, finite floating-point numbers and
    /// booleans passed as `.stringConvertible` (`"http.status": "\(200)"` stays a string;
    /// `"http.status": .stringConvertible(200)` becomes a number).
    package init(_ value: Logger.MetadataValue) {
        switch value {
        case .string(let text):
            self = .string(text)
        case .stringConvertible(let convertible):
            self = LogField(convertible: convertible)
        case .array(let values):
            self = .array(values.map(LogField.init))
        case .dictionary(let members):
            self = .object(members.mapValues(LogField.init))
        }
    }

    private init(convertible: any CustomStringConvertible & Sendable) {
        switch convertible {
        case let value as Bool:
            self = .bool(value)
        case let value as any BinaryInteger:
            if let exact = Int64(exactly: value) {
                self = .integer(exact)
            } else {
                self = .string(value.description)
            }
        case let value as Double where value.isFinite:
            self = .number(value)
        case let value as Float where value.isFinite:
            self = .number(Double(value))
        default:
            self = .string(convertible.description)
        }
    }
}
