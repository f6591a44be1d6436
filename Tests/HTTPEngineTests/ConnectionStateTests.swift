import Testing
@testable import HTTPEngine

/// A connection's life as a value, without sockets (docs/architecture.md, "The connection"):
/// each test walks a path the event loop takes and checks what the state decides at each step.
/// The end-to-end behaviour over TCP is `ServerEndToEndTests`' and the HTTP corpus's.
@Suite struct ConnectionStateTests {
    typealias Backlog = ConnectionState.Backlog
    static let maxPipelined = 4

    @Test func pipelinedRequestsQueueBehindAHeldOneAndReadingWaitsAtTheLimit() {
        var state = ConnectionState()
        state.requestCompleted(keepAlive: true, shuttingDown: false)
        // The first is held (a long-poll); three more queue behind it and reading goes on.
        for waiting in 1...3 {
            #expect(!state.isSuspended(Backlog(held: true, waiting: waiting), maxPipelined: Self.maxPipelined))
        }
        // The fourth fills the queue: reading waits, and bytes that come are left for later.
        #expect(state.isSuspended(Backlog(held: true, waiting: 4), maxPipelined: Self.maxPipelined))
        state.readPending = true
        #expect(!state.mayResume(Backlog(held: true, waiting: 4), maxPipelined: Self.maxPipelined))
        // The held one is answered and the queue shrinks: reading resumes.
        #expect(state.mayResume(Backlog(held: true, waiting: 3), maxPipelined: Self.maxPipelined))
        // No deadline runs while requests wait for the server.
        #expect(state.deadline(Backlog(held: true, waiting: 2), progress: true).kind == .none)
        // With nothing stashed and nothing pending there is nothing to resume.
        state.readPending = false
        #expect(!state.mayResume(Backlog(), maxPipelined: Self.maxPipelined))
        #expect(state.mayResume(Backlog(stashed: true), maxPipelined: Self.maxPipelined))
    }

    @Test func aRequestWithConnectionCloseEndsParsingAndTheConnectionAfterItsAnswer() {
        var state = ConnectionState()
        state.requestCompleted(keepAlive: false, shuttingDown: false)
        #expect(!state.parsesRequests, "RFC 9112 §9.6: nothing after a request with close is processed")
        state.closeAfterWrite(linger: false)
        let afterDrain = state.outputDrained(Backlog(outputPending: true), shuttingDown: false, maxPipelined: Self.maxPipelined)
        #expect(afterDrain == .none,
                "not before the answer is written")
        let afterDrain2 = state.outputDrained(Backlog(), shuttingDown: false, maxPipelined: Self.maxPipelined)
        #expect(afterDrain2 == .startLinger)
        // A close the client asked for: no waiting for it to close.
        let linger = state.lingerStarted(shuttingDown: false)
        #expect(linger == .drain(closeWhenDrained: true))
    }

    @Test func blockedOutputSuspendsReadingUntilItDrains() {
        var state = ConnectionState()
        let blocked = Backlog(outputPending: true)
        #expect(state.isSuspended(blocked, maxPipelined: Self.maxPipelined))
        #expect(state.deadline(blocked, progress: true) == (.write, true), "the write deadline, re-armed by progress")
        #expect(state.deadline(blocked, progress: false) == (.write, false))
        state.readPending = true
        let afterDrain = state.outputDrained(Backlog(), shuttingDown: false, maxPipelined: Self.maxPipelined)
        #expect(afterDrain == .resume)
    }

    @Test func aBodyIsScreenedBeforeItIsReadAndNothingIsParsedMeanwhile() {
        var state = ConnectionState()
        let screensNow = state.bodyAnnounced(behindOthers: false)
        #expect(screensNow, "screened at once")
        state.screeningStarted()
        #expect(state.isSuspended(Backlog(readingBody: true), maxPipelined: Self.maxPipelined))
        #expect(state.deadline(Backlog(readingBody: true), progress: true).kind == .none, "the server's wait, not the client's")
        let verdictTaken = state.screened()
        #expect(verdictTaken)
        let verdictTaken2 = state.screened()
        #expect(!verdictTaken2, "a second verdict is ignored")
        #expect(!state.isSuspended(Backlog(readingBody: true), maxPipelined: Self.maxPipelined))
        #expect(state.deadline(Backlog(readingBody: true), progress: true) == (.body, true))
    }

    @Test func aBodyBehindAHeldRequestWaitsItsTurnUnscreened() {
        var state = ConnectionState()
        let screensNow = state.bodyAnnounced(behindOthers: true)
        #expect(!screensNow)
        #expect(state.reading == .bodyAwaitingTurn)
        #expect(state.isSuspended(Backlog(held: true, readingBody: true), maxPipelined: Self.maxPipelined))
        let verdictTaken = state.screened()
        #expect(!verdictTaken, "no verdict is taken for a body not yet screened")
        let turnTaken = state.bodyTurnCame()
        #expect(turnTaken)
        let turnTaken2 = state.bodyTurnCame()
        #expect(!turnTaken2, "its turn comes once")
        state.screeningStarted()
        let verdictTaken2 = state.screened()
        #expect(verdictTaken2)
    }

    @Test func aVerdictArrivingAfterTheConnectionClosedIsIgnored() {
        var state = ConnectionState()
        _ = state.bodyAnnounced(behindOthers: false)
        state.screeningStarted()
        let closesNow = state.close(.clientClosed)
        #expect(closesNow)
        let closesNow2 = state.close(.clientClosed)
        #expect(!closesNow2, "closed once")
        let verdictTaken = state.screened()
        #expect(!verdictTaken)
        #expect(state.ending == .closed(.clientClosed))
    }

    @Test func aRefusedBodyLingersSoTheClientReadsTheAnswer() {
        var state = ConnectionState()
        _ = state.bodyAnnounced(behindOthers: false)
        state.screeningStarted()
        _ = state.screened()
        state.closeAfterWrite(linger: true)
        // The answer's own close (a request that asked for none) does not undo the linger.
        state.closeAfterWrite(linger: false)
        #expect(state.ending == .afterWrite(linger: true))
        let afterDrain = state.outputDrained(Backlog(), shuttingDown: false, maxPipelined: Self.maxPipelined)
        #expect(afterDrain == .startLinger)
        let linger = state.lingerStarted(shuttingDown: false)
        #expect(linger == .drain(closeWhenDrained: false), "waits for the client")
        #expect(state.isLingering)
        #expect(state.deadline(Backlog(), progress: true) == (.linger, false), "progress does not extend a linger")
        let onDeadline = state.deadlinePassed(.linger)
        #expect(onDeadline == .close(.lingerEnded))
    }

    @Test func aLingerDuringShutdownDoesNotWait() {
        var state = ConnectionState()
        state.closeAfterWrite(linger: true)
        let linger = state.lingerStarted(shuttingDown: true)
        #expect(linger == .drain(closeWhenDrained: true))
        #expect(state.shutdownBegan(Backlog()) == .close(.serverShutdown))
    }

    @Test func theClientEndingItsStreamClosesNowOrAfterWhatIsOwed() {
        // Nothing owed: close now.
        var idle = ConnectionState()
        let afterEnd = idle.peerEnded(Backlog())
        #expect(afterEnd == .close(.clientClosed))
        // A held request would be answered to no one: close now, telling it.
        var holding = ConnectionState()
        let afterEnd2 = holding.peerEnded(Backlog(held: true))
        #expect(afterEnd2 == .close(.clientClosed))
        // Answers still queued or unwritten go out first (a half-closed client still reads).
        var owing = ConnectionState()
        let afterEnd3 = owing.peerEnded(Backlog(waiting: 2))
        #expect(afterEnd3 == .none)
        #expect(owing.ending == .afterWrite(linger: false) && !owing.parsesRequests && owing.peerClosed)
        let afterDrain = owing.outputDrained(Backlog(), shuttingDown: false, maxPipelined: Self.maxPipelined)
        #expect(afterDrain == .startLinger)
        let linger = owing.lingerStarted(shuttingDown: false)
        #expect(linger == .close, "the client already ended: no linger")
    }

    @Test func everyDeadlineAndWhatItsPassingDoes() {
        // Idle between requests: the idle deadline; its passing closes.
        var state = ConnectionState()
        #expect(state.deadline(Backlog(), progress: false).kind == .idle)
        let onDeadline = state.deadlinePassed(.idle)
        #expect(onDeadline == .close(.idle))
        // A head begun (or input stashed): the header deadline, which progress does not extend
        // (slowloris); a completed request starts it afresh.
        var head = ConnectionState()
        #expect(head.deadline(Backlog(parserIdle: false), progress: true) == (.header, false))
        #expect(head.deadline(Backlog(stashed: true), progress: false).kind == .header)
        head.requestCompleted(keepAlive: true, shuttingDown: false)
        #expect(head.deadline(Backlog(parserIdle: false), progress: false) == (.header, true))
        head.deadlineChosen()
        #expect(head.deadline(Backlog(parserIdle: false), progress: false) == (.header, false))
        // Too slow: 408, and nothing more is parsed.
        let onDeadline2 = head.deadlinePassed(.header)
        #expect(onDeadline2 == .answerTimeout)
        #expect(!head.parsesRequests)
        // A body arriving too slowly: the same.
        var body = ConnectionState()
        #expect(body.deadline(Backlog(readingBody: true), progress: true) == (.body, true))
        let onDeadline3 = body.deadlinePassed(.body)
        #expect(onDeadline3 == .answerTimeout)
        // Output the client does not take.
        var write = ConnectionState()
        let onDeadline4 = write.deadlinePassed(.write)
        #expect(onDeadline4 == .close(.writeTimedOut))
        // A closed connection's late deadline does nothing.
        var closed = ConnectionState()
        _ = closed.close(.clientClosed)
        let onDeadline5 = closed.deadlinePassed(.header)
        #expect(onDeadline5 == .none)
    }

    @Test func shutdownClosesIdleConnectionsNowAndBusyOnesAfterTheirAnswer() {
        let state = ConnectionState()
        #expect(state.shutdownBegan(Backlog()) == .close(.serverShutdown))
        for busy in [Backlog(held: true), Backlog(waiting: 1), Backlog(outputPending: true), Backlog(readingBody: true)] {
            #expect(state.shutdownBegan(busy) == .none, "\(busy)")
        }
        // A busy one, once its output drains with nothing else in progress, closes.
        var busy = ConnectionState()
        let afterDrain = busy.outputDrained(Backlog(), shuttingDown: true, maxPipelined: Self.maxPipelined)
        #expect(afterDrain == .startLinger)
        let linger = busy.lingerStarted(shuttingDown: true)
        #expect(linger == .drain(closeWhenDrained: true))
        // A request completed during shutdown is the last one parsed.
        var last = ConnectionState()
        last.requestCompleted(keepAlive: true, shuttingDown: true)
        #expect(!last.parsesRequests)
    }
}
