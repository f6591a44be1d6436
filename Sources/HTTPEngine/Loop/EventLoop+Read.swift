#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension EventLoop {
    /// Reads until EAGAIN (edge-triggered) into the loop's buffer and parses in place.
    func readable(_ c: Connection, hangup: Bool) {
        if c.state.isLingering {
            drainLinger(c)
            return
        }
        if isSuspended(c) {
            c.state.readPending = true
            // A held request is told at once that its client left, even while reading waits.
            if hangup && c.held != nil { closeNow(c, reason: .clientClosed) }
            return
        }
        var progressed = false
        let buffer = readBuffer
        while true {
            let n = SystemCalls.read(c.fd, buffer.baseAddress, buffer.count)
            if n > 0 {
                progressed = true
                process(c, UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
                if c.closed { return }
                if isSuspended(c) {
                    c.state.readPending = true
                    break
                }
                // A short read drained the socket; new data raises a new edge. After a hang-up
                // keep reading to see the end of stream.
                if n < buffer.count && !hangup { break }
            } else if n == 0 {
                flushBatch(c)
                if !c.closed { peerClosed(c) }
                return
            } else {
                let e = errno
                if e == EINTR { continue }
                if e == EAGAIN || e == EWOULDBLOCK { break }
                batch.removeAll(keepingCapacity: true)
                closeNow(c, reason: .clientClosed)
                return
            }
        }
        flushBatch(c)
        if !c.closed { updateTimer(c, progress: progressed) }
    }

    /// Runs the parser over `bytes`, answering complete requests in order.
    func process(_ c: Connection, _ bytes: UnsafeRawBufferPointer) {
        var input = bytes
        let empty = UnsafeRawBufferPointer(start: nil, count: 0)
        while c.state.parsesRequests {
            if isSuspended(c) {
                c.stash.append(contentsOf: input)
                return
            }
            let step = c.parser.parse(input)
            let consumed = UnsafeRawBufferPointer(rebasing: input[0..<step.consumed])
            input = UnsafeRawBufferPointer(rebasing: input[step.consumed...])
            switch step.event {
            case .needMore:
                return
            case .head(var request):
                request.remoteAddress = c.remote
                switch request.framing {
                case .none:
                    // No body: the parser reports `.end` without needing bytes; take it now.
                    _ = c.parser.parse(empty)
                    complete(c, request)
                case .length(let n):
                    request.body.reserveCapacity(min(n, Self.readBufferSize))
                    startBody(c, request)
                case .chunked:
                    startBody(c, request)
                }
            case .body(let range):
                guard let box = c.incoming else { continue }
                // A chunked body is held to its route's own limit as it arrives (a declared length
                // was checked before it was invited).
                if let limit = c.bodyLimit, box.request.body.count + range.count > limit {
                    refuseBody(c, Self.tooLarge(limit))
                    return
                }
                // A chunked body counts against the budget as it arrives (a declared length was
                // reserved whole before reading).
                if case .chunked = box.request.framing, !reserveBody(c, range.count) { return }
                box.request.body.append(contentsOf: UnsafeRawBufferPointer(rebasing: consumed[range]))
            case .end(let trailers):
                if let box = c.incoming {
                    c.incoming = nil
                    c.bodyLimit = nil
                    var request = box.request
                    request.trailers = trailers
                    complete(c, request)
                }
            case .error(let error):
                c.state.stopReading()
                c.incoming = nil
                respondToError(c, error)
                return
            }
        }
    }

    /// The client shut down its side (read returned 0).
    func peerClosed(_ c: Connection) {
        c.incoming = nil
        perform(c.state.peerEnded(c.backlog), on: c)
    }

    /// After our side shut down: read and discard until the client closes (or the deadline).
    func drainLinger(_ c: Connection) {
        while true {
            let n = SystemCalls.read(c.fd, readBuffer.baseAddress, readBuffer.count)
            if n > 0 { continue }
            if n < 0 {
                let e = errno
                if e == EINTR { continue }
                if e == EAGAIN || e == EWOULDBLOCK { return }
            }
            closeNow(c, reason: .clientClosed)
            return
        }
    }

    /// Whether reading waits (``ConnectionState/isSuspended(_:maxPipelined:)``).
    func isSuspended(_ c: Connection) -> Bool {
        c.state.isSuspended(c.backlog, maxPipelined: core.configuration.maxPipelinedRequests)
    }

    /// Continues a connection whose reading waited: its stash first, then the socket. Called
    /// from the loop body (never from inside `readable`), so reading does not recurse.
    func resume(_ c: Connection) {
        guard c.state.mayResume(c.backlog, maxPipelined: core.configuration.maxPipelinedRequests) else { return }
        if !c.stash.isEmpty {
            let stash = c.stash
            c.stash = []
            stash.withUnsafeBytes { process(c, $0) }
            if c.closed { return }
        }
        if !isSuspended(c) && c.state.readPending {
            c.state.readPending = false
            readable(c, hangup: c.state.peerClosed)
        } else {
            flushBatch(c)
            if !c.closed { updateTimer(c) }
        }
    }
}
