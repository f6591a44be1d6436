// Linux only, all of it: HTTPEngine depends on this target only on Linux (Package.swift), and
// on other platforms (a Mac building every target) the file compiles to nothing.
#ifdef __linux__
#define _GNU_SOURCE
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/prctl.h>
#include <sched.h>
#include "CLinuxEvents.h"

int cle_accept(int fd, struct sockaddr_storage *addr) {
    socklen_t len = sizeof *addr;
    int c = accept4(fd, (struct sockaddr *)addr, &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (c >= 0) {
        int one = 1;
        setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    }
    return c;
}
int cle_affinity_cpu_count(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
    return CPU_COUNT(&set);
}
void cle_set_thread_name(const char *name) {
    prctl(PR_SET_NAME, name, 0, 0, 0);
}
#endif
