import HTTPEngine
import SkinModel

/// JSON responses for the API's non-document endpoints (lists, metadata, results), rendered as
/// canonical JSON so equal answers have equal bytes.
enum JSONResponse {
    static func make(_ status: HTTPStatus = .ok, _ value: JSONValue, headers: [HTTPField] = []) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [HTTPField("Content-Type", "application/json"), HTTPField("Cache-Control", "no-store")] + headers,
            bytes: CanonicalJSON.encode(value))
    }
}

extension JSONValue {
    /// `.string` or `.null`.
    static func optional(_ string: String?) -> JSONValue { string.map(JSONValue.string) ?? .null }
    /// `.number` or `.null`.
    static func optional(_ number: Int?) -> JSONValue { number.map { .number(Double($0)) } ?? .null }
    static func int(_ number: Int) -> JSONValue { .number(Double(number)) }
    /// An object from pairs, in the given order.
    static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(JSONObject(pairs.map { ($0.key, $0.value) }))
    }
}
