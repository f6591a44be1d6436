/// Which readiness mechanism the event loops wait with (`http.eventBackend`, docs/operations.md).
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

    /// The backends this platform runs: both on Linux, `poll` alone on Darwin. Tests run on each.
    package static var available: [HTTPEventBackend] { allCases.filter { $0.unavailableReason == nil } }

    /// Why this backend cannot run on this platform, or nil when it can.
    package var unavailableReason: String? { unavailableReason(onLinux: Self.isLinux) }

    /// Why this backend cannot run on Linux (`onLinux`) or elsewhere; a parameter so that the
    /// Darwin answer is tested on Linux too.
    package func unavailableReason(onLinux: Bool) -> String? {
        self == .epoll && !onLinux ? "epoll is a Linux system call, not available on this platform; use poll" : nil
    }

    static var isLinux: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
    }

    package var description: String { rawValue }
}
