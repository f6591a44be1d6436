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

/// Reads a raw value as a type with no references available (or the given ones).
func readValue(_ raw: JSONValue, as type: TokenType, tokens: [String: TokenValue] = [:], assets: [String: AssetInfo] = [:]) -> Result<TokenValue, ValueError> {
    var reader = ValueReader(assets: assets)
    do throws(ValueError) {
        let value = try reader.read(raw, as: type) { path in
            tokens[path].map { .found(TypedValue($0)) } ?? .unknown
        }
        return .success(value.value)
    }
    catch { return .failure(error) }
}

/// The hex string of a colour read from text, or the failure message.
func hex(_ text: String) -> String {
    switch readValue(.string(text), as: .color) {
    case .success(.color(let color)): color.hexString
    case .success(let other): "not a colour: \(other)"
    case .failure(let error): "error: \(error.message)"
    }
}

/// Evaluates an expression against literal tokens.
func evaluate(_ text: String, tokens: [String: TokenValue] = [:]) -> Result<TokenValue, ValueError> {
    do throws(ValueError) {
        let expression = try ParsedExpression.parse(text)
        return .success(try expression.evaluate { path in tokens[path].map { .found(TypedValue($0)) } ?? .unknown }.value)
    } catch {
        return .failure(error)
    }
}

extension Result where Failure == ValueError {
    var errorMessage: String? {
        if case .failure(let error) = self { return error.message }
        return nil
    }
    var errorCode: DiagnosticCode? {
        if case .failure(let error) = self { return error.code }
        return nil
    }
}

func color(_ hex: String) -> TokenValue {
    guard case .value(let color) = ColorNotation.read(hex) else { fatalError("bad test colour \(hex)") }
    return .color(color)
}
