#if os(Linux)
import Glibc
import CLinuxEvents

/// The Linux backend: one edge-triggered epoll instance per loop and an eventfd for wake-ups.
///
/// Edge-triggered with both directions registered once (`EPOLLIN | EPOLLOUT | EPOLLRDHUP |
/// EPOLLET`), so a connection costs one `epoll_ctl` at accept and one at close and none while it
/// pauses, resumes or blocks on writing; interest is therefore ignored. A wait costs
/// O(ready events), not O(connections), which is why this is the production backend.
final class EpollSelector: ReadinessSelector {
    private let epfd: Int32
    private let wakefd: Int32

    init() throws(HTTPServerError) {
        epfd = cle_epoll_create()
        guard epfd >= 0 else { throw .system("epoll_create1", errno) }
        wakefd = cle_eventfd()
        guard wakefd >= 0 else {
            Glibc.close(epfd)
            throw .system("eventfd", errno)
        }
        _ = cle_epoll_add(epfd, wakefd, cle_EPOLLIN() | cle_EPOLLET(), EventLoop.wakeTag)
    }

    var isLevelTriggered: Bool { false }

    func register(_ fd: Int32, tag: UInt64, interest: ReadinessInterest) -> Bool {
        let events = cle_EPOLLIN() | cle_EPOLLOUT() | cle_EPOLLRDHUP() | cle_EPOLLET()
        return cle_epoll_add(epfd, fd, events, tag) == 0
    }

    func modify(_ fd: Int32, interest: ReadinessInterest) {}

    func remove(_ fd: Int32) {
        _ = cle_epoll_del(epfd, fd)
    }

    func wait(
        tags: UnsafeMutablePointer<UInt64>, flags: UnsafeMutablePointer<UInt32>, capacity: Int32,
        timeoutMilliseconds: Int32
    ) -> Int32 {
        cle_epoll_wait(epfd, tags, flags, capacity, timeoutMilliseconds)
    }

    func wake() {
        var one: UInt64 = 1
        _ = withUnsafeBytes(of: &one) { Glibc.write(wakefd, $0.baseAddress, 8) }
    }

    func consumeWake() {
        var value: UInt64 = 0
        _ = withUnsafeMutableBytes(of: &value) { Glibc.read(wakefd, $0.baseAddress, 8) }
    }

    func close() {
        Glibc.close(wakefd)
        Glibc.close(epfd)
    }
}
#endif
