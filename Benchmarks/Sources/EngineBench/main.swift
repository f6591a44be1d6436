// A minimal server on the HTTP engine for ../shared/bench: GET /v1/skin serves the bench
// document exactly as the reference servers do (same ETag, gzip, 304 on If-None-Match, Vary,
// Cache-Control: no-cache, Content-Type: application/json). It also mirrors the Hummingbird
// anchor's long-poll routes for holdconn.py: GET /v1/skin/wait (held until POST /v1/publish, or
// 304 after --wait-timeout seconds) and POST /v1/publish.
//
// Usage: EngineBench [--host 127.0.0.1] [--port 8084] [--data DIR] [--loops N] [--wait-timeout S]
//   --data is the reference document of the development workspace's shared/bench/data, which a
//   plain clone of the repository does not have; without it EngineBench says so and exits 2.
import Dispatch
import Foundation
import HTTPEngine
import Logging
import Synchronization

var host = "127.0.0.1"
var port = 8084
var dataDir = "../../shared/bench/data"
var loops = 0
var waitTimeout = 30.0
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let a = arguments.next() {
    switch a {
    case "--host": host = arguments.next() ?? host
    case "--port": port = Int(arguments.next() ?? "") ?? port
    case "--data": dataDir = arguments.next() ?? dataDir
    case "--loops": loops = Int(arguments.next() ?? "") ?? loops
    case "--wait-timeout": waitTimeout = Double(arguments.next() ?? "") ?? waitTimeout
    default:
        FileHandle.standardError.write(Data("unknown argument \(a)\n".utf8))
        exit(2)
    }
}

guard FileManager.default.fileExists(atPath: dataDir + "/skin.json") else {
    FileHandle.standardError.write(Data("""
        EngineBench: no reference document at \(dataDir)/skin.json. It comes from the development \
        workspace's shared/bench/data (not part of this repository); pass --data DIR.

        """.utf8))
    exit(2)
}
let plain = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dataDir + "/skin.json")))
let gzip = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dataDir + "/skin.json.gz")))
let etag = try String(contentsOfFile: dataDir + "/skin.etag", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)

let common = [HTTPField("ETag", etag), HTTPField("Vary", "Accept-Encoding"), HTTPField("Cache-Control", "no-cache")]
let gzipResponse = HTTPPreparedResponse(
    status: .ok,
    headers: [HTTPField("Content-Type", "application/json"), HTTPField("Content-Encoding", "gzip")] + common,
    body: HTTPBytes(gzip))
let plainResponse = HTTPPreparedResponse(status: .ok, headers: [HTTPField("Content-Type", "application/json")] + common, body: HTTPBytes(plain))
let notModified = HTTPPreparedResponse(status: .notModified, headers: common, body: nil)
let tags = [etag]

@Sendable func full(_ request: HTTPRequest) -> HTTPResponse {
    HTTPContentNegotiation.coding(for: request.headers) == .gzip ? HTTPResponse(gzipResponse) : HTTPResponse(plainResponse)
}

/// Held long-poll requests, answered all at once by POST /v1/publish.
final class Waiters: Sendable {
    private let held = Mutex<[ObjectIdentifier: (HTTPDeferredResponse, HTTPResponse)]>([:])
    func add(_ h: HTTPDeferredResponse, _ r: HTTPResponse) { held.withLock { $0[ObjectIdentifier(h)] = (h, r) } }
    func remove(_ h: HTTPDeferredResponse) { held.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(h)) } }
    func publish() -> Int {
        let all = held.withLock { h in defer { h = [:] }; return h }
        for (handle, response) in all.values { handle.respond(response) }
        return all.count
    }
}
let waiters = Waiters()
let waitMilliseconds = Int(waitTimeout * 1000)

var router = HTTPRouter()
router.get("/v1/skin") { request, _, _ in
    if HTTPConditional.ifNoneMatch(request.headers, matchesAnyOf: tags) { return .respond(HTTPResponse(notModified)) }
    return .respond(full(request))
}
router.get("/v1/skin/wait") { request, _, context in
    let handle = context.deferResponse(timeout: .milliseconds(waitMilliseconds))
    waiters.add(handle, full(request))
    handle.onEnd { reason in
        waiters.remove(handle)
        if reason != .clientGone { handle.respond(HTTPResponse(notModified)) }
    }
    return .deferred
}
router.post("/v1/publish") { _, _, _ in
    let n = waiters.publish()
    return .respond(HTTPResponse(headers: [HTTPField("Content-Type", "application/json")], text: "{\"notified\":\(n)}"))
}

var configuration = HTTPServerConfiguration()
configuration.host = host
configuration.port = port
configuration.maxConnections = 30000
if loops > 0 { configuration.loopCount = loops }
let server = HTTPServer(configuration: configuration, handler: router, logger: Logger(label: "bench"))
try server.start()
print("EngineBench listening on \(host):\(server.port) loops=\(configuration.loopCount) etag=\(etag) pid=\(getpid())")
fflush(nil)

signal(SIGTERM, SIG_IGN)
signal(SIGINT, SIG_IGN)
let done = DispatchSemaphore(value: 0)
var sources: [any DispatchSourceSignal] = []
for sig in [SIGTERM, SIGINT] {
    let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
    source.setEventHandler { server.shutdown(grace: .seconds(5)) { done.signal() } }
    source.resume()
    sources.append(source)
}
done.wait()
