#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension EventLoop {
    enum WriteOutcome {
        case done
        case blocked
        case failed
    }

    /// Writes the responses queued for `c` during this turn with as few `sendmsg` calls as
    /// possible (one per batch of up to 1024 buffers); what the kernel does not take waits in
    /// the connection until `EPOLLOUT`.
    func flushBatch(_ c: Connection) {
        if !batch.isEmpty {
            if !c.output.isEmpty {
                c.output.append(contentsOf: batch)
                batch.removeAll(keepingCapacity: true)
                return
            }
            switch writeChunks(c.fd, &batch) {
            case .done:
                batch.removeAll(keepingCapacity: true)
            case .blocked:
                // Reading waits while output does (`isSuspended`).
                c.output = batch
                batch.removeAll(keepingCapacity: true)
                updateTimer(c, progress: true)
                return
            case .failed:
                batch.removeAll(keepingCapacity: true)
                closeNow(c, reason: .clientClosed)
                return
            }
        }
        afterOutputDrained(c)
    }

    /// `EPOLLOUT`: continue a partial write.
    func flushOutput(_ c: Connection) {
        switch writeChunks(c.fd, &c.output) {
        case .done:
            c.output = []
            afterOutputDrained(c)
            if !c.closed { updateTimer(c, progress: true) }
        case .blocked:
            updateTimer(c, progress: true)
        case .failed:
            closeNow(c, reason: .clientClosed)
        }
    }

    private func afterOutputDrained(_ c: Connection) {
        perform(c.state.outputDrained(c.backlog, shuttingDown: shuttingDown, maxPipelined: core.configuration.maxPipelinedRequests), on: c)
    }

    /// Writes `chunks` from the front; on a partial write leaves the unwritten rest in `chunks`.
    func writeChunks(_ fd: Int32, _ chunks: inout [OutputChunk]) -> WriteOutcome {
        while !chunks.isEmpty {
            let count = min(chunks.count, Self.maxIOVecs)
            var total = 0
            for i in 0..<count {
                let chunk = chunks[i]
                let length = chunk.bytes.count - chunk.offset
                iov[i] = iovec(iov_base: UnsafeMutableRawPointer(mutating: chunk.bytes.base.map { $0 + chunk.offset }), iov_len: length)
                total += length
            }
            let written = SystemCalls.writev(fd, iov, Int32(count))
            if written < 0 {
                let e = errno
                if e == EINTR { continue }
                return e == EAGAIN || e == EWOULDBLOCK ? .blocked : .failed
            }
            if written == total {
                if count == chunks.count { return .done }
                chunks.removeFirst(count)
                continue
            }
            // Partial: drop what was written, keep an offset into the first unwritten buffer.
            var left = written
            var drop = 0
            while drop < count {
                let length = chunks[drop].bytes.count - chunks[drop].offset
                if left < length { break }
                left -= length
                drop += 1
            }
            chunks.removeFirst(drop)
            chunks[0].offset += left
            return .blocked
        }
        return .done
    }

    /// Our side is done: shut down writing and wait (bounded) for the client to close, so
    /// unread request bytes do not turn the close into a reset that destroys the response.
    func startLinger(_ c: Connection) {
        let step = c.state.lingerStarted(shuttingDown: shuttingDown)
        c.stash = []
        c.waiting = []
        shutdown(c.fd, Int32(SHUT_WR))
        guard case .drain(let closeWhenDrained) = step else {
            closeNow(c, reason: .clientClosed)
            return
        }
        updateTimer(c)
        drainLinger(c)
        if !c.closed && closeWhenDrained { closeNow(c, reason: .clientClosed) }
    }

    /// Carries out what a connection's state decided.
    func perform(_ action: ConnectionState.Action, on c: Connection) {
        switch action {
        case .none: break
        case .close(let reason): closeNow(c, reason: reason)
        case .answerTimeout: answerTimeout(c)
        case .startLinger: startLinger(c)
        case .resume: resumeQueue.append(c)
        }
    }
}
