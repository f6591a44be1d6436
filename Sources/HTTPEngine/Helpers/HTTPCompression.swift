import CZlib

/// gzip through the system zlib: compression of documents (done once per document, not per
/// request) and bounded decompression of request bodies sent with `Content-Encoding: gzip`.
package enum HTTPCompression {
    /// Why a gzip body was refused.
    package enum Failure: Error, Sendable, Equatable {
        /// The decompressed size would pass the cap (a zip bomb, or just too big) → 413.
        case tooLarge
        /// Not gzip, corrupt, or with bytes after the last member → 400.
        case corrupt
        /// Ends before the gzip trailer → 400.
        case truncated
    }

    /// gzip (RFC 1952) of `input`: `deflateInit2` with windowBits 31 (15 + 16 for the gzip
    /// wrapper), memLevel 8, the default strategy, and `level` 0…9 (default 6, as nginx and the
    /// bench reference use). Nil when zlib fails (out of memory): never an empty stand-in,
    /// which would be served as a document of no bytes.
    package static func gzip(_ input: [UInt8], level: Int = 6) -> [UInt8]? {
        var stream = z_stream()
        guard deflateInit2_(&stream, Int32(max(0, min(9, level))), Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY,
                            zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, UInt(input.count))) + 32
        var output = [UInt8](repeating: 0, count: bound)
        let produced: Int = input.withUnsafeBufferPointer { inp in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: inp.baseAddress)
                stream.avail_in = UInt32(inp.count)
                stream.next_out = out.baseAddress
                stream.avail_out = UInt32(out.count)
                let result = deflate(&stream, Z_FINISH)
                return result == Z_STREAM_END ? out.count - Int(stream.avail_out) : -1
            }
        }
        guard produced >= 0 else { return nil }
        output.removeLast(output.count - produced)
        return output
    }

    /// Decompresses a gzip body, refusing to produce more than `maxOutputBytes` (the cap stops
    /// zip bombs: a few KB can expand to gigabytes). Concatenated members are accepted
    /// (RFC 1952 §2.2).
    package static func gunzip(_ input: [UInt8], maxOutputBytes: Int) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, 31, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .corrupt
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var failure: Failure?
        input.withUnsafeBufferPointer { inp in
            stream.next_in = UnsafeMutablePointer(mutating: inp.baseAddress)
            stream.avail_in = UInt32(inp.count)
            while true {
                let (result, produced) = chunk.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    let r = inflate(&stream, Z_NO_FLUSH)
                    return (r, out.count - Int(stream.avail_out))
                }
                if output.count + produced > maxOutputBytes {
                    failure = .tooLarge
                    return
                }
                output += chunk[0..<produced]
                switch result {
                case Z_STREAM_END:
                    if stream.avail_in == 0 { return }
                    // Another member follows.
                    guard inflateReset(&stream) == Z_OK else {
                        failure = .corrupt
                        return
                    }
                case Z_OK:
                    continue
                case Z_BUF_ERROR:
                    if stream.avail_in == 0 {
                        failure = .truncated
                        return
                    }
                default:
                    failure = .corrupt
                    return
                }
            }
        }
        if let failure { throw failure }
        return output
    }
}
