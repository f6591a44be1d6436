@testable import SkinModel

/// Parses a JSON literal written in a test, failing loudly on invalid input.
func json(_ text: String) -> JSONValue {
    do {
        return try JSONParser.parse(Array(text.utf8))
    } catch {
        fatalError("test JSON does not parse: \(error.errors)")
    }
}

/// The canonical bytes of a value as a string, for readable expectations.
func canonical(_ value: JSONValue) -> String {
    String(decoding: CanonicalJSON.encode(value), as: UTF8.self)
}

/// The first error of a parse attempt, or nil when it succeeded.
func jsonError(_ text: String) -> Diagnostic? {
    jsonError(Array(text.utf8))
}

func jsonError(_ bytes: [UInt8]) -> Diagnostic? {
    do {
        _ = try JSONParser.parse(bytes)
        return nil
    } catch {
        return error.errors.first
    }
}
