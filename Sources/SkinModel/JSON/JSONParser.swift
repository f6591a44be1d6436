/// A strict RFC 8259 JSON reader producing `JSONValue`s.
///
/// Livery parses JSON itself (no Foundation) so that what it accepts is exactly
/// what it documents: RFC 8259 and nothing more. In particular:
/// - duplicate member names are an error (RFC 8259 §4 leaves them undefined; a
///   skin with two `tint`s is a mistake worth reporting);
/// - invalid UTF-8, lone surrogate escapes and unescaped control characters are errors;
/// - nesting is capped at `maximumDepth` so hostile input cannot exhaust the stack;
/// - numbers too large for a `Double` are errors (they cannot be written back);
///   large but finite ones are kept as the nearest `Double`;
/// - a leading UTF-8 byte order mark is ignored (RFC 8259 §8.1 allows this).
///
/// Errors carry the line, the column (in characters) and the member path
/// (`color.tint.$value`, `$livery.rules[2]`) where the parser stopped.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"a": [1, 2.5]}"#.utf8))
/// ```
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 128

    /// Parses one JSON text.
    /// - Throws: `SkinProblems` with one `invalid-json` error describing where and why parsing stopped.
    public static func parse(_ bytes: some Collection<UInt8>) throws(SkinProblems) -> JSONValue {
        let outcome: Result<JSONValue, JSONSyntaxError>
        if let direct = bytes.withContiguousStorageIfAvailable({ parse(buffer: $0) }) {
            outcome = direct
        } else {
            outcome = Array(bytes).withUnsafeBufferPointer { parse(buffer: $0) }
        }
        switch outcome {
        case .success(let value): return value
        case .failure(let error): throw SkinProblems(errors: [error.diagnostic])
        }
    }

    static func parse(buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONSyntaxError> {
        var scanner = JSONScanner(bytes: buffer)
        do throws(JSONSyntaxError) {
            return .success(try scanner.parseDocument())
        } catch {
            return .failure(error)
        }
    }
}
