extension LiveryClient {
    /// The skins the server publishes from now on, as they land, driven by long-polling.
    ///
    /// ```swift
    /// for await skin in client.updates() {
    ///     withAnimation { theme = skin }
    /// }
    /// ```
    ///
    /// - Each element is a new document (new bytes), `.fresh`, already held as `current` and
    ///   persisted. The held skin is not repeated at the start: read `current` first. A
    ///   change brought by `fetch()` is delivered too.
    /// - The polls are `GET`s with `If-None-Match` of the held ETag and `Prefer: wait=maxWait`,
    ///   which the server holds until the document changes. The first poll is a plain
    ///   revalidation when the held skin is not yet fresh, so a cached look is confirmed or
    ///   replaced at once. After a `200` or a held `304` the next poll leaves at once; after an
    ///   error (the server down, an error status) or a `304` that was not held, it waits per
    ///   `configuration.retry` (capped exponential backoff with jitter). Errors do not end the
    ///   sequence; they are reported to `eventHandler`.
    /// - All sequences of one client share one polling loop: it starts with the first
    ///   sequence and stops, cancelling its in-flight request, when the last one ends. At most
    ///   one poll is in flight per client.
    /// - A sequence ends when the task iterating it is cancelled. It buffers only the newest
    ///   skin: a consumer slower than the publishers skips intermediate looks.
    public func updates() -> AsyncStream<Skin> {
        let (stream, continuation) = AsyncStream.makeStream(of: Skin.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            state.lastSubscriberID += 1
            return state.lastSubscriberID
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        state.withLock { state in
            state.subscribers[id] = continuation
            guard state.poller == nil else { return }
            let previous = state.retiring
            state.poller = Task { [self] in
                await previous?.value
                await pollLoop()
            }
        }
        return stream
    }

    /// Whether the long-poll loop is running (for tests).
    var isPolling: Bool {
        state.withLock { $0.poller != nil }
    }

    private func unsubscribe(_ id: Int) {
        state.withLock { state in
            guard state.subscribers.removeValue(forKey: id) != nil, state.subscribers.isEmpty, let poller = state.poller else { return }
            poller.cancel()
            state.retiring = poller
            state.poller = nil
        }
    }

    private func pollLoop() async {
        var schedule = PollSchedule(policy: configuration.retry)
        var revalidate = false
        while !Task.isCancelled {
            if isPaused {
                await waitWhilePaused()
                revalidate = true  // one plain revalidation after a pause, then long-polls again
                continue
            }
            let wait = current?.source == .fresh && !revalidate ? max(configuration.maxWait, 0) : 0
            let started = ContinuousClock.now
            let delay: Duration
            do {
                let exchange = try await exchange(wait: wait)
                revalidate = false
                let outcome: PollSchedule.Outcome =
                    exchange.changed ? .changed : .unchanged(elapsed: .now - started, wait: exchange.appliedWait ?? wait)
                delay = schedule.delay(after: outcome, retryAfter: takeRetryAfter())
            } catch .cancelled where Task.isCancelled {
                return
            } catch .paused {
                continue
            } catch {
                delay = schedule.delay(after: .failed, retryAfter: takeRetryAfter())
            }
            guard delay > .zero else { continue }
            emit(.retryScheduled(delay: delay, failures: schedule.failures))
            await sleepUnlessPaused(delay)
        }
    }

    /// The server's latest `Retry-After`, once.
    private func takeRetryAfter() -> Duration? {
        state.withLock { state in
            defer { state.retryAfter = nil }
            return state.retryAfter
        }
    }

    /// Sleeps `delay`, ending early when the task is cancelled or the client is paused (the loop
    /// then waits for `resume()` instead, and revalidates at once after it).
    private func sleepUnlessPaused(_ delay: Duration) async {
        var left = delay
        while left > .zero, !Task.isCancelled, !isPaused {
            // A quarter second at a time, so a pause is noticed soon.
            let step = min(left, .milliseconds(250))
            guard await configuration.retry.sleep(step) else { return }
            left -= step
        }
    }
}
