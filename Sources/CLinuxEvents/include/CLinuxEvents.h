#ifndef C_LINUX_EVENTS_H
#define C_LINUX_EVENTS_H
// epoll, eventfd and accept4 for the HTTP engine: Glibc's Swift overlay does not export them all.
//
// The small inline helpers below keep C details out of Swift: `struct epoll_event` is packed on
// x86_64 (so its layout is unpacked here), socket type flags are C enums in Glibc, and writes
// must never raise SIGPIPE (sendmsg with MSG_NOSIGNAL instead of writev).
#ifdef __linux__
#include <sys/epoll.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <errno.h>
#include <string.h>
#include <stdint.h>
#include <unistd.h>
#include <fcntl.h>

/// Registers `fd` with `events`, tagging it with `data`.
static inline int cle_epoll_add(int epfd, int fd, uint32_t events, uint64_t data) {
    struct epoll_event ev;
    memset(&ev, 0, sizeof ev);
    ev.events = events;
    ev.data.u64 = data;
    return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev);
}

static inline int cle_epoll_del(int epfd, int fd) {
    struct epoll_event ev;
    memset(&ev, 0, sizeof ev);
    return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, &ev);
}

/// epoll_wait into two plain arrays (tags and event masks), so Swift never touches the packed struct.
/// The masks are the engine's backend-neutral bits (HTTPEngine's `ReadyFlags`: 1 readable,
/// 2 writable, 4 hang-up, 8 error), translated here in the loop that copies the events anyway.
static inline int cle_epoll_wait(int epfd, uint64_t *datas, uint32_t *masks, int max, int timeout_ms) {
    struct epoll_event evs[256];
    if (max > 256) max = 256;
    // glibc's wrapper, not syscall(SYS_epoll_wait): that number does not exist on aarch64
    // (only epoll_pwait does), and the wrapper picks the right call for the architecture.
    int n = epoll_wait(epfd, evs, max, timeout_ms);
    for (int i = 0; i < n; i++) {
        uint32_t e = evs[i].events;
        datas[i] = evs[i].data.u64;
        masks[i] = ((e & EPOLLIN) ? 1u : 0u) | ((e & EPOLLOUT) ? 2u : 0u)
            | ((e & (EPOLLRDHUP | EPOLLHUP)) ? 4u : 0u) | ((e & EPOLLERR) ? 8u : 0u);
    }
    return n;
}

static inline int cle_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }
static inline int cle_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

// A wake-up pipe, close-on-exec and non-blocking in the same call: flags set afterwards with
// fcntl leave a moment in which a child started by another thread inherits the descriptors.
// glibc declares pipe2 only under _GNU_SOURCE, which Swift's importer does not define.
extern int pipe2(int pipefd[2], int flags);
static inline int cle_pipe(int fds[2]) { return pipe2(fds, O_CLOEXEC | O_NONBLOCK); }

static inline uint32_t cle_EPOLLIN(void) { return EPOLLIN; }
static inline uint32_t cle_EPOLLOUT(void) { return EPOLLOUT; }
static inline uint32_t cle_EPOLLRDHUP(void) { return EPOLLRDHUP; }
static inline uint32_t cle_EPOLLHUP(void) { return EPOLLHUP; }
static inline uint32_t cle_EPOLLERR(void) { return EPOLLERR; }
static inline uint32_t cle_EPOLLET(void) { return EPOLLET; }
/// poll(2)'s peer-half-close bit (needs _GNU_SOURCE, so Glibc's Swift module lacks it).
static inline short cle_POLLRDHUP(void) {
#ifdef POLLRDHUP
    return POLLRDHUP;
#else
    return 0x2000; /* the value in <asm-generic/poll.h> (x86_64 and aarch64) */
#endif
}

/// A non-blocking, close-on-exec TCP socket of `family`.
static inline int cle_tcp_socket(int family) {
    return socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
}

/// accept4 with non-blocking and close-on-exec set, and TCP_NODELAY on the new socket
/// (defined in CLinuxEvents.c, which can ask for _GNU_SOURCE).
int cle_accept(int fd, struct sockaddr_storage *addr);

/// CPUs in the calling thread's affinity mask (sched_getaffinity), or -1.
int cle_affinity_cpu_count(void);

/// Names the calling thread (visible in top, perf and /proc/PID/task/*/comm).
void cle_set_thread_name(const char *name);

static inline int cle_setsockopt_int(int fd, int level, int name, int value) {
    return setsockopt(fd, level, name, &value, sizeof value);
}

// The I/O calls below use glibc's wrappers, never raw syscall numbers (docs/operations.md: the numbers
// differ between x86_64 and aarch64). The wrappers are cancellation points, which cost about
// 4 % of the engine's CPU under load when measured; portability is worth more.

/// writev that never raises SIGPIPE.
static inline ssize_t cle_writev(int fd, const struct iovec *iov, int count) {
    struct msghdr msg;
    memset(&msg, 0, sizeof msg);
    msg.msg_iov = (struct iovec *)iov;
    msg.msg_iovlen = (size_t)count;
    return sendmsg(fd, &msg, MSG_NOSIGNAL);
}

/// read(2).
static inline ssize_t cle_read(int fd, void *buffer, size_t count) {
    return read(fd, buffer, count);
}

static inline ssize_t cle_send(int fd, const void *buf, size_t len) {
    return send(fd, buf, len, MSG_NOSIGNAL);
}

static inline int cle_errno(void) { return errno; }
#endif
#endif
