/// Pausing and resuming: an app in the background sends nothing.
///
/// A long-poll that keeps running in the background costs battery and produces errors the app
/// cannot act on (firebase-ios-sdk #15737: 99 % of one realtime client's errors came from
/// backgrounded apps). Call `pause()` when the app leaves the foreground and `resume()` when it
/// returns; in SwiftUI:
///
/// ```swift
/// @Environment(\.scenePhase) private var scenePhase
/// …
/// .onChange(of: scenePhase) { _, phase in
///     if phase == .active { client.resume() } else if phase == .background { client.pause() }
/// }
/// ```
///
/// (`.inactive` is left alone: it is brief, e.g. the app switcher or a system alert.)
extension LiveryClient {
    /// Stops all network activity: requests in flight are cancelled at once (a held long-poll is
    /// closed), `fetch()` throws `.paused` without sending anything, and `updates()` sequences
    /// stay open but wait. The held skin stays. Idempotent.
    public func pause() {
        let (handles, wasPaused) = state.withLock { state -> ([RequestHandle], Bool) in
            defer { state.paused = true }
            return (Array(state.inFlight.values), state.paused)
        }
        for handle in handles { handle.cancel(pausing: true) }
        if !wasPaused { emit(.paused) }
    }

    /// Lets requests go again. Exactly one revalidation follows (a conditional GET: a `304` costs
    /// no body): by the `updates()` loop when one is running, else by a fetch started here. Then
    /// long-polling goes on as before. Idempotent.
    public func resume() {
        let (waiters, wasPaused, polling) = state.withLock { state in
            let waiters = Array(state.resumeWaiters.values)
            state.resumeWaiters.removeAll()
            defer { state.paused = false }
            return (waiters, state.paused, state.poller != nil)
        }
        guard wasPaused else { return }
        emit(.resumed)
        for waiter in waiters { waiter.resume() }
        if !polling {
            Task { [self] in _ = try? await fetch() }
        }
    }

    /// Whether the client is paused.
    public var isPaused: Bool { state.withLock { $0.paused } }

    /// Returns at once when not paused; else when `resume()` is called or the task is cancelled.
    func waitWhilePaused() async {
        let id = state.withLock { state in
            state.lastWaiterID += 1
            return state.lastWaiterID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let waiting = state.withLock { state -> Bool in
                    guard state.paused, !Task.isCancelled else { return false }
                    state.resumeWaiters[id] = continuation
                    return true
                }
                if !waiting { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.resumeWaiters.removeValue(forKey: id) }?.resume()
        }
    }
}
