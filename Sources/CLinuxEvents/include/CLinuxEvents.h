#ifndef C_LINUX_EVENTS_H
#define C_LINUX_EVENTS_H
// epoll, eventfd and accept4 for the HTTP engine: Glibc's Swift overlay does not export them all.
#ifdef __linux__
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#endif
#endif
