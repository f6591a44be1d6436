extension HTTPParseError {
    /// The problem document's `detail`: what was wrong, for the person reading the 4xx.
    package var detail: String {
        switch self {
        case .bareLineFeed: "A line ends in LF without CR (RFC 9112 §2.2)."
        case .bareCarriageReturn: "A CR is not followed by LF (RFC 9112 §2.2)."
        case .nulInHead: "The request head contains a NUL byte."
        case .tooManyLeadingEmptyLines: "Too many empty lines before the request line."
        case .invalidRequestLine: "The request line is not method SP target SP version (RFC 9112 §3)."
        case .invalidMethod: "The method is not a token (RFC 9110 §9.1)."
        case .invalidTarget: "The request target is not valid (RFC 9112 §3.2)."
        case .invalidVersion: "The HTTP version is not HTTP/DIGIT.DIGIT (RFC 9112 §2.3)."
        case .obsoleteLineFolding: "Obsolete line folding is not accepted (RFC 9112 §5.2)."
        case .whitespaceBeforeColon: "Whitespace between a field name and its colon (RFC 9112 §5.1)."
        case .invalidFieldName: "A header field name is not a token (RFC 9110 §5.1)."
        case .invalidFieldValue: "A header field value contains a byte it may not (RFC 9110 §5.5)."
        case .missingHost: "An HTTP/1.1 request needs exactly one Host field (RFC 9112 §3.2)."
        case .multipleHost: "The request has more than one Host field (RFC 9112 §3.2)."
        case .invalidHost: "The Host field is not a valid host (RFC 9110 §7.2)."
        case .contentLengthWithTransferEncoding: "Content-Length and Transfer-Encoding together (RFC 9112 §6.1)."
        case .invalidContentLength: "Content-Length is not one decimal number (RFC 9110 §8.6)."
        case .transferEncodingOnHTTP10: "Transfer-Encoding in an HTTP/1.0 request (RFC 9112 §6.1)."
        case .chunkedNotFinal: "chunked must be the final transfer coding (RFC 9112 §6.1)."
        case .invalidTransferEncoding: "Transfer-Encoding is not a list of codings (RFC 9112 §6.1)."
        case .invalidChunk: "The chunked body is malformed (RFC 9112 §7.1)."
        case .unsupportedVersion: "Only HTTP/1.0 and HTTP/1.1 are served."
        case .unknownTransferCoding: "A transfer coding other than chunked (RFC 9112 §6.1)."
        case .lengthRequired: "A body needs Content-Length or chunked Transfer-Encoding."
        case .unsupportedExpectation: "Only Expect: 100-continue is understood (RFC 9110 §10.1.1)."
        case .requestLineTooLong: "The request line is longer than the server accepts."
        case .headerFieldsTooLarge: "The header fields are larger than the server accepts."
        case .tooManyHeaderFields: "The request has more header fields than the server accepts."
        case .contentTooLarge: "The body is larger than the server accepts."
        case .timeout: "The request did not arrive in time."
        }
    }
}
