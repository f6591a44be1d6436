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

/// Parses a skin document written in a test.
func document(_ text: String) -> SkinDocument {
    do {
        return try SkinDocument.parse(Array(text.utf8))
    } catch {
        fatalError("test document does not parse: \(error.errors)")
    }
}

/// The problems of parsing a document, empty when it parses.
func documentProblems(_ text: String) -> SkinProblems {
    do {
        return SkinProblems(warnings: try SkinDocument.parse(Array(text.utf8)).warnings)
    } catch {
        return error
    }
}

/// A lineage from (skin, version, document text) triples, root first.
func lineage(_ entries: [(String, Int, String)]) -> [LineageEntry] {
    entries.map { LineageEntry(skin: $0.0, version: $0.1, document: document($0.2)) }
}

/// Resolves, returning the problems instead of throwing.
func resolve(_ lineage: [LineageEntry], variants: [String] = [], assets: [String: AssetInfo] = [:]) -> Result<ResolvedSkin, SkinProblems> {
    do {
        return .success(try Resolver.resolve(ResolutionRequest(lineage: lineage, variants: variants, assets: assets)))
    } catch {
        return .failure(error)
    }
}

extension Result where Success == ResolvedSkin, Failure == SkinProblems {
    /// The flat JSON of one token's value, for compact expectations.
    func value(_ path: String) -> String? {
        guard case .success(let skin) = self, let token = skin.tokens[path] else { return nil }
        return canonical(token.value.flatJSON)
    }

    var errors: [Diagnostic] {
        if case .failure(let problems) = self { return problems.errors }
        return []
    }

    var skin: ResolvedSkin? {
        if case .success(let skin) = self { return skin }
        return nil
    }
}

/// A JSON string literal: `quoted("#3366ffff")` is `"#3366ffff"` with the quotes.
func quoted(_ text: String) -> String { "\"\(text)\"" }
