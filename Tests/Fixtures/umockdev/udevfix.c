// LD_PRELOAD shim that bridges two gaps of Debian 12's umockdev 0.17.16 so that real libinput
// runs on emulated evdev devices. Load it BEFORE libumockdev-preload.so:
//   LD_PRELOAD=liblodestone-udevfix.so:libumockdev-preload.so.0
//
// 1. umockdev does not redirect /run/udev/data/<type><major>:<minor>; without that file libudev
//    reports the device as never initialized and libinput ignores it ("udev device never
//    initialized"). Every open of a /run/udev/ path is redirected to $UMOCKDEV_DIR/run/udev/.
// 2. fstat() on an opened emulated node reports the pty's st_rdev, not the emulated device
//    number, so libinput's syspath check fails ("failed to create input device"). Opens of
//    /dev/input/ nodes remember the emulated st_rdev (umockdev's stat() knows it) and the
//    fstat family reports it for those fds.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#define MAX_TRACKED_FD 4096
static dev_t emulated_rdev[MAX_TRACKED_FD];

#define NEXT(name) \
    static __typeof__(name) *next_##name; \
    if (!next_##name) next_##name = (__typeof__(name) *) dlsym(RTLD_NEXT, #name)

// Rewrites /run/udev/... into $UMOCKDEV_DIR/run/udev/... ; returns path unchanged otherwise.
static const char *redirect(const char *path, char *buf, size_t len) {
    const char *root = getenv("UMOCKDEV_DIR");
    if (!root || !path || strncmp(path, "/run/udev/", 10) != 0) return path;
    snprintf(buf, len, "%s%s", root, path);
    return buf;
}

static void remember(int fd, const char *path) {
    if (fd < 0 || fd >= MAX_TRACKED_FD) return;
    emulated_rdev[fd] = 0;
    if (!path || strncmp(path, "/dev/input/", 11) != 0 || !getenv("UMOCKDEV_DIR")) return;
    struct stat st;
    // Resolved to umockdev's stat(), which reports the emulated node.
    if (stat(path, &st) == 0 && S_ISCHR(st.st_mode)) emulated_rdev[fd] = st.st_rdev;
}

static void patch(int fd, struct stat *st) {
    if (fd >= 0 && fd < MAX_TRACKED_FD && emulated_rdev[fd]) {
        st->st_rdev = emulated_rdev[fd];
        st->st_mode = (st->st_mode & ~S_IFMT) | S_IFCHR;
    }
}

static int mode_arg(int flags, va_list ap) {
    return (flags & (O_CREAT | O_TMPFILE)) ? va_arg(ap, int) : 0;
}

int open(const char *path, int flags, ...) {
    NEXT(open);
    va_list ap; va_start(ap, flags); int mode = mode_arg(flags, ap); va_end(ap);
    char buf[4096];
    int fd = next_open(redirect(path, buf, sizeof buf), flags, mode);
    remember(fd, path);
    return fd;
}

int open64(const char *path, int flags, ...) {
    NEXT(open64);
    va_list ap; va_start(ap, flags); int mode = mode_arg(flags, ap); va_end(ap);
    char buf[4096];
    int fd = next_open64(redirect(path, buf, sizeof buf), flags, mode);
    remember(fd, path);
    return fd;
}

int openat(int dirfd, const char *path, int flags, ...) {
    NEXT(openat);
    va_list ap; va_start(ap, flags); int mode = mode_arg(flags, ap); va_end(ap);
    char buf[4096];
    int fd = next_openat(dirfd, redirect(path, buf, sizeof buf), flags, mode);
    remember(fd, path);
    return fd;
}

int openat64(int dirfd, const char *path, int flags, ...) {
    NEXT(openat64);
    va_list ap; va_start(ap, flags); int mode = mode_arg(flags, ap); va_end(ap);
    char buf[4096];
    int fd = next_openat64(dirfd, redirect(path, buf, sizeof buf), flags, mode);
    remember(fd, path);
    return fd;
}

int __open_2(const char *path, int flags) {
    NEXT(__open_2);
    char buf[4096];
    int fd = next___open_2(redirect(path, buf, sizeof buf), flags);
    remember(fd, path);
    return fd;
}

int __open64_2(const char *path, int flags) {
    NEXT(__open64_2);
    char buf[4096];
    int fd = next___open64_2(redirect(path, buf, sizeof buf), flags);
    remember(fd, path);
    return fd;
}

FILE *fopen(const char *path, const char *mode) {
    NEXT(fopen);
    char buf[4096];
    return next_fopen(redirect(path, buf, sizeof buf), mode);
}

FILE *fopen64(const char *path, const char *mode) {
    NEXT(fopen64);
    char buf[4096];
    return next_fopen64(redirect(path, buf, sizeof buf), mode);
}

int access(const char *path, int mode) {
    NEXT(access);
    char buf[4096];
    return next_access(redirect(path, buf, sizeof buf), mode);
}

int close(int fd) {
    NEXT(close);
    if (fd >= 0 && fd < MAX_TRACKED_FD) emulated_rdev[fd] = 0;
    return next_close(fd);
}

int fstat(int fd, struct stat *st) {
    NEXT(fstat);
    int r = next_fstat(fd, st);
    if (r == 0) patch(fd, st);
    return r;
}

int fstat64(int fd, struct stat64 *st) {
    NEXT(fstat64);
    int r = next_fstat64(fd, st);
    if (r == 0) patch(fd, (struct stat *) st);
    return r;
}

int __fxstat(int ver, int fd, struct stat *st) {
    NEXT(__fxstat);
    int r = next___fxstat(ver, fd, st);
    if (r == 0) patch(fd, st);
    return r;
}

int __fxstat64(int ver, int fd, struct stat64 *st) {
    NEXT(__fxstat64);
    int r = next___fxstat64(ver, fd, st);
    if (r == 0) patch(fd, (struct stat *) st);
    return r;
}
