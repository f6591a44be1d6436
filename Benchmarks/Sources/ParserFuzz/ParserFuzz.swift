// libFuzzer entry for the request parser. Build (from Benchmarks/):
//   swift build -c release --product ParserFuzz -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library
// Invariants checked on every input:
//   - no crash (any trap is a finding);
//   - feeding the input whole, byte at a time, and split at input-dependent points gives the
//     same events (bodies compared as concatenated bytes);
//   - after an error the parser only ever reports that error again (no second request);
//   - bodies never exceed the configured limit, and every request is head, body*, end.
import HTTPEngine
import FuzzDriver

enum Event: Equatable {
    case head(String)
    case body([UInt8])
    case end(String)
    case error(HTTPParseError)
}

let limits: HTTPParserLimits = {
    var l = HTTPParserLimits()
    l.maxRequestLineBytes = 256
    l.maxHeaderBytes = 512
    l.maxHeaderCount = 16
    l.maxBodyBytes = 1024
    return l
}()

func describe(_ r: HTTPRequest) -> String {
    var s = "\(r.method) \(r.target) \(r.version) ka=\(r.keepAlive) ec=\(r.expectsContinue) path=\(r.rawPath) q=\(r.rawQuery ?? "-")"
    for (name, value) in r.headers { s += "|\(name):\(value)" }
    _ = r.queryItems
    _ = r.path
    return s
}

/// Events for `input` delivered in pieces whose sizes come from `sizes` (cycled).
func events(_ input: UnsafeRawBufferPointer, sizes: [Int]) -> [Event] {
    var parser = HTTPRequestParser(limits: limits)
    var out: [Event] = []
    var offset = 0
    var k = 0
    var inRequest = false
    var bodyBytes = 0
    while offset < input.count {
        let size = max(1, sizes[k % sizes.count])
        k += 1
        let piece = UnsafeRawBufferPointer(rebasing: input[offset..<min(offset + size, input.count)])
        offset += piece.count
        var start = 0
        loop: while true {
            let step = parser.parse(UnsafeRawBufferPointer(rebasing: piece[start...]))
            precondition(step.consumed >= 0 && start + step.consumed <= piece.count, "consumed out of range")
            let base = start
            start += step.consumed
            switch step.event {
            case .needMore:
                precondition(start == piece.count, "needMore before the input was used up")
                break loop
            case .head(let r):
                precondition(!inRequest, "head inside a request")
                inRequest = true
                bodyBytes = 0
                out.append(.head(describe(r)))
            case .body(let range):
                precondition(inRequest, "body outside a request")
                precondition(!range.isEmpty && range.upperBound <= step.consumed, "bad body range")
                bodyBytes += range.count
                precondition(bodyBytes <= limits.maxBodyBytes, "body over the limit")
                let bytes = Array(UnsafeRawBufferPointer(rebasing: piece[(base + range.lowerBound)..<(base + range.upperBound)]))
                if case .body(let have)? = out.last { out[out.count - 1] = .body(have + bytes) } else { out.append(.body(bytes)) }
            case .end(let trailers):
                precondition(inRequest, "end outside a request")
                inRequest = false
                out.append(.end(trailers.map { "\($0.name):\($0.value)" }.joined(separator: "|")))
            case .error(let e):
                out.append(.error(e))
                // Never another request after an error, whatever follows.
                for _ in 0..<3 {
                    let again = parser.parse(UnsafeRawBufferPointer(rebasing: input[offset...]))
                    guard case .error(let e2) = again.event, e2 == e else { preconditionFailure("parsed after an error") }
                }
                return out
            }
        }
    }
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    let whole = events(input, sizes: [max(size, 1)])
    let seed = size > 0 ? Int(data[0]) : 0
    let splits: [[Int]] = [
        [1],
        [1 + seed % 7, 3, 1 + seed % 13],
        [max(1, size / 2)],
        [max(1, size - 1), 1],
    ]
    for s in splits {
        let other = events(input, sizes: s)
        precondition(other == whole, "split \(s) differs: \(other) vs \(whole)")
    }
    return 0
}

// The entry point SwiftPM links as `main`: libFuzzer's driver, with this target's input (FuzzDriver).
@_cdecl("ParserFuzz_main")
func parserFuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv) { data, size in fuzzOne(data, size) }
}
