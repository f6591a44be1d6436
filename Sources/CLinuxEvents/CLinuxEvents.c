#define _GNU_SOURCE
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/prctl.h>
#include "CLinuxEvents.h"

#ifdef __linux__
int cle_accept(int fd, struct sockaddr_storage *addr) {
    socklen_t len = sizeof *addr;
    int c = accept4(fd, (struct sockaddr *)addr, &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (c >= 0) {
        int one = 1;
        setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    }
    return c;
}
void cle_set_thread_name(const char *name) {
    prctl(PR_SET_NAME, name, 0, 0, 0);
}
#endif
