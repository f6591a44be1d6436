/// The readiness layer under an event loop: interest in descriptors, a wait for ready ones
/// with a timeout, and a wake-up another thread can trigger. One per loop, used only by the
/// loop's thread except `wake()`.
///
/// Semantics the loop relies on, whatever the backend: an event is a hint, and the loop always
/// reads or writes until `EAGAIN` (or a short read). An edge-triggered backend may report a
/// direction the loop did not ask for; a level-triggered one reports only what the interest
/// names (plus hang-ups and errors) but keeps reporting it while it holds, so the loop keeps
/// the interest of every connection up to date when `isLevelTriggered` (see
/// `EventLoop.syncInterest()`).
protocol ReadinessSelector: AnyObject {
    /// Whether interest must follow the connection's state (see `ReadinessInterest`).
    var isLevelTriggered: Bool { get }

    /// Starts watching `fd`; events for it carry `tag`. False (errno set) when refused.
    func register(_ fd: Int32, tag: UInt64, interest: ReadinessInterest) -> Bool
    /// Changes what `fd` is watched for.
    func modify(_ fd: Int32, interest: ReadinessInterest)
    /// Stops watching `fd`. Called before the descriptor is closed (see `EventLoop.closeNow`).
    func remove(_ fd: Int32)

    /// Waits up to `timeoutMilliseconds` (-1: no limit) and writes at most `capacity` events
    /// as tags and `ReadyFlags` bits. Returns their number, or -1 with errno set.
    func wait(
        tags: UnsafeMutablePointer<UInt64>, flags: UnsafeMutablePointer<UInt32>, capacity: Int32,
        timeoutMilliseconds: Int32
    ) -> Int32

    /// Makes the current or next `wait` return with an event tagged `EventLoop.wakeTag`. Any
    /// thread; the loop calls it at most once per batch (see `EventLoop.wakeIfNeeded`).
    func wake()
    /// Clears the wake-up after it was reported (loop thread).
    func consumeWake()
    /// Closes the descriptors the selector owns. After the loop stopped, or when it never ran.
    func close()
}
