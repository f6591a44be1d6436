/// The chunked transfer coding (RFC 9112 §7.1), byte by byte outside chunk data:
///
///     chunked-body = *chunk last-chunk trailer-section CRLF
///     chunk        = chunk-size [ chunk-ext ] CRLF chunk-data CRLF
///     chunk-ext    = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] )
///
/// Extensions are checked against their grammar (`ChunkExtensionScanner`) and a length limit,
/// then ignored (RFC 9112 §7.1.1: a recipient MUST ignore extensions it does not understand).
extension HTTPRequestParser {
    mutating func parseChunked(_ p: UnsafeRawBufferPointer) -> HTTPParseStep {
        var i = 0
        while i < p.count {
            let c = p[i]
            switch state {
            case .chunkSize(let size, let digits):
                if let d = ASCII.hexValue(c) {
                    guard digits < Self.maxChunkSizeDigits else { return fail(.invalidChunk, consumed: i + 1) }
                    let newSize = size &* 16 &+ d
                    // RFC 9110 §15.5.14: the running body total is held to the limit → 413.
                    guard newSize <= limits.maxBodyBytes - chunkedBodyBytes else {
                        return fail(.contentTooLarge, consumed: i + 1)
                    }
                    state = .chunkSize(size: newSize, digits: digits + 1)
                } else if digits == 0 {
                    return fail(.invalidChunk, consumed: i + 1)
                } else if c == ASCII.cr {
                    state = .chunkSizeLF(size: size)
                } else if c == ASCII.semicolon {
                    state = .chunkExtension(size: size, length: 0, scanner: ChunkExtensionScanner())
                } else if ASCII.isWhitespace(c) {
                    state = .chunkSizeWhitespace(size: size)
                } else {
                    return fail(.invalidChunk, consumed: i + 1)
                }
            case .chunkSizeWhitespace(let size):
                // BWS is allowed only before ";" (the chunk-ext grammar).
                if c == ASCII.semicolon {
                    state = .chunkExtension(size: size, length: 0, scanner: ChunkExtensionScanner())
                } else if !ASCII.isWhitespace(c) {
                    return fail(.invalidChunk, consumed: i + 1)
                }
            case .chunkExtension(let size, let length, var scanner):
                guard length < Self.maxChunkExtensionBytes else { return fail(.invalidChunk, consumed: i + 1) }
                switch scanner.scan(c) {
                case .more: state = .chunkExtension(size: size, length: length + 1, scanner: scanner)
                case .end: state = .chunkSizeLF(size: size)
                case .invalid: return fail(.invalidChunk, consumed: i + 1)
                }
            case .chunkSizeLF(let size):
                guard c == ASCII.lf else { return fail(.invalidChunk, consumed: i + 1) }
                if size == 0 {
                    state = .trailers
                    scan = LineScan()
                    return parseTrailers(p, from: i + 1)
                }
                chunkedBodyBytes += size
                state = .chunkData(remaining: size)
            case .chunkData(let remaining):
                let n = min(remaining, p.count - i)
                state = n == remaining ? .chunkDataCR : .chunkData(remaining: remaining - n)
                return HTTPParseStep(consumed: i + n, event: .body(i..<(i + n)))
            case .chunkDataCR:
                guard c == ASCII.cr else { return fail(.invalidChunk, consumed: i + 1) }
                state = .chunkDataLF
            case .chunkDataLF:
                guard c == ASCII.lf else { return fail(.invalidChunk, consumed: i + 1) }
                state = .chunkSize(size: 0, digits: 0)
            default:
                return fail(.invalidChunk, consumed: i)
            }
            i += 1
        }
        return HTTPParseStep(consumed: p.count, event: .needMore)
    }
}
