/// Why a request was rejected. Each case maps to the status the engine answers with before it
/// closes the connection (a parse error never leaves the connection open: no smuggling).
package enum HTTPParseError: Error, Sendable, Hashable {
    // 400, RFC 9112 §2.2 and §5: framing of the head.
    case bareLineFeed
    case bareCarriageReturn
    case nulInHead
    case tooManyLeadingEmptyLines
    case invalidRequestLine
    case invalidMethod
    case invalidTarget
    case invalidVersion
    case obsoleteLineFolding
    case whitespaceBeforeColon
    case invalidFieldName
    case invalidFieldValue
    // 400, RFC 9112 §3.2: Host.
    case missingHost
    case multipleHost
    case invalidHost
    // 400, RFC 9112 §6: message body framing.
    case contentLengthWithTransferEncoding
    case invalidContentLength
    case transferEncodingOnHTTP10
    case chunkedNotFinal
    case invalidTransferEncoding
    case invalidChunk
    // Other statuses.
    case unsupportedVersion  // 505
    case unknownTransferCoding  // 501
    case lengthRequired  // 411
    case unsupportedExpectation  // 417
    case requestLineTooLong  // 414
    case headerFieldsTooLarge  // 431
    case tooManyHeaderFields  // 431
    case contentTooLarge  // 413
    case timeout  // 408, raised by the connection, not the parser

    /// The status answered for this error.
    package var status: HTTPStatus {
        switch self {
        case .unsupportedVersion: .httpVersionNotSupported
        case .unknownTransferCoding: .notImplemented
        case .lengthRequired: .lengthRequired
        case .unsupportedExpectation: .expectationFailed
        case .requestLineTooLong: .uriTooLong
        case .headerFieldsTooLarge, .tooManyHeaderFields: .requestHeaderFieldsTooLarge
        case .contentTooLarge: .contentTooLarge
        case .timeout: .requestTimeout
        default: .badRequest
        }
    }
}
