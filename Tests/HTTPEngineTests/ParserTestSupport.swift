@testable import HTTPEngine

/// A parser event with its bytes copied out, so runs with different splits can be compared.
enum ParsedEvent: Equatable, CustomStringConvertible {
    case head(method: String, target: String, headers: [String], keepAlive: Bool)
    case body([UInt8])
    case end(trailers: [String])
    case error(HTTPParseError)

    var description: String {
        switch self {
        case .head(let m, let t, let h, let k): "head(\(m) \(t) \(h) keepAlive=\(k))"
        case .body(let b): "body(\(String(decoding: b, as: UTF8.self)))"
        case .end(let t): "end(\(t))"
        case .error(let e): "error(\(e))"
        }
    }
}

/// Feeds `bytes` to a fresh parser in pieces of `chunk` bytes (nil: all at once) and returns the
/// events, consecutive body pieces merged. Stops at the first error.
func parseEvents(_ bytes: [UInt8], chunk: Int? = nil, limits: HTTPParserLimits = HTTPParserLimits()) -> [ParsedEvent] {
    let size = chunk ?? max(bytes.count, 1)
    let pieces = bytes.isEmpty ? [[]] : stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    return parseEvents(pieces: pieces, limits: limits)
}

/// Feeds `pieces` one after another to a fresh parser, as reads from a socket would arrive, and
/// returns the events, consecutive body pieces merged. Stops at the first error.
func parseEvents(pieces: [[UInt8]], limits: HTTPParserLimits = HTTPParserLimits()) -> [ParsedEvent] {
    var parser = HTTPRequestParser(limits: limits)
    var events: [ParsedEvent] = []
    func add(_ e: ParsedEvent) {
        if case .body(let more) = e, case .body(let have)? = events.last {
            events[events.count - 1] = .body(have + more)
        } else {
            events.append(e)
        }
    }
    for piece in pieces {
        var start = 0
        loop: while true {
            let step = piece.withUnsafeBytes { p in parser.parse(UnsafeRawBufferPointer(rebasing: p[start...])) }
            let base = start
            start += step.consumed
            switch step.event {
            case .needMore:
                break loop
            case .head(let r):
                add(.head(method: r.method.description, target: r.target,
                          headers: r.headers.map { "\($0.name): \($0.value)" }, keepAlive: r.keepAlive))
            case .body(let range):
                add(.body(Array(piece[(base + range.lowerBound)..<(base + range.upperBound)])))
            case .end(let trailers):
                add(.end(trailers: trailers.map { "\($0.name): \($0.value)" }))
            case .error(let e):
                add(.error(e))
                return events
            }
        }
    }
    return events
}

extension Array where Element == UInt8 {
    init(_ s: String) { self = Array(s.utf8) }
}
