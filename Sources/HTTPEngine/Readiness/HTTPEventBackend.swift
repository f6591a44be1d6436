/// Which readiness mechanism the event loops wait with (`http.eventBackend`, SPEC §5).
///
/// - `epoll`: Linux only. Edge-triggered, O(ready events) per wait: the production backend.
/// - `poll`: `poll(2)`, on Linux and Darwin alike. O(open connections) per wait, so meant for
///   development (a Mac running `swift run livery serve`) and for testing here the exact code a
///   Mac runs; see `PollSelector` for why `poll(2)` rather than kqueue or Dispatch sources.
package enum HTTPEventBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case epoll
    case poll

    /// `epoll` where it exists (Linux), `poll` elsewhere (Darwin).
    package static var platformDefault: HTTPEventBackend {
        #if os(Linux)
        .epoll
        #else
        .poll
        #endif
    }

    /// Why this backend cannot run on this platform, or nil when it can.
    package var unavailableReason: String? {
        #if os(Linux)
        return nil
        #else
        return self == .epoll ? "epoll is a Linux system call; on this platform use poll" : nil
        #endif
    }

    package var description: String { rawValue }
}
