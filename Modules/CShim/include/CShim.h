// Declarations Swift cannot see without _GNU_SOURCE (memfd_create, F_ADD_SEALS)
// and the Linux headers the Wayland client needs. Only #includes here.
#ifndef LODESTONE_CSHIM_H
#define LODESTONE_CSHIM_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/epoll.h>
#include <signal.h>
#include <poll.h>
#include <unistd.h>
#include <errno.h>
#include <linux/input-event-codes.h>
#endif
