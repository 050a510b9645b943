// Linux declarations Swift needs for the event loop and shared memory: timerfd, signalfd,
// epoll, poll, memfd_create and file seals; and malloc's tuning (mallopt), which Swift's
// Glibc module leaves out.
//
// _GNU_SOURCE is deliberately NOT defined here: it changes glibc's struct definitions
// (fd_set's member is `fds_bits` instead of `__fds_bits`), and clang then refuses to merge
// this module with Swift's Glibc module ("'fds_bits' from module 'CShim' is not present in
// definition of 'fd_set' in module 'SwiftGlibc'") — on clean builds only. The few GNU-only
// names are declared below instead, exactly as glibc declares them.
#ifndef LODESTONE_CSHIM_H
#define LODESTONE_CSHIM_H
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/epoll.h>
#include <signal.h>
#include <poll.h>
#include <unistd.h>
#include <errno.h>
#include <malloc.h>
#include <linux/memfd.h>
#include <linux/input-event-codes.h>

// glibc declares this only under _GNU_SOURCE (sys/mman.h → bits/mman-shared.h).
extern int memfd_create(const char *__name, unsigned int __flags);

// File seals (fcntl F_ADD_SEALS), from glibc's bits/fcntl-linux.h (__USE_GNU part).
#ifndef F_ADD_SEALS
#define F_ADD_SEALS 1033
#define F_GET_SEALS 1034
#define F_SEAL_SEAL 0x0001
#define F_SEAL_SHRINK 0x0002
#define F_SEAL_GROW 0x0004
#define F_SEAL_WRITE 0x0008
#endif
#endif
