// lodestone-umockdev-driver: runs a program on emulated evdev devices and plays input frames
// into them live. Real libinput in the child reads them as if from a kernel device.
//
//   lodestone-umockdev-driver --preload liblodestone-udevfix.so
//       --device touchpad.umockdev --ioctl /dev/input/event5=touchpad.ioctl ...
//       --script frames.txt --ready-token deviceAdded --ready-count 1 [--settle-ms 400]
//       -- PROGRAM ARGS...
//
// The child runs with LD_PRELOAD=<preload>:libumockdev-preload.so.0 inside the umockdev testbed.
// Its stdout passes through this driver line by line; playback starts once `ready-count` lines
// containing `ready-token` were seen (the child opened its devices), ends `settle-ms` after the
// last frame (libinput timers) with SIGTERM to the child.
//
// Script lines (times in seconds, relative; the first E/R line is time 0):
//   D: /dev/input/eventN              following lines go to this device
//   E: <sec.usec> <type hex> <code hex> <value dec>   (EVEMU event line)
//   R: <sec.usec>                     the device is unplugged (udev "remove" uevent)
//   # ...                             comment
// Events are grouped into frames ending at EV_SYN/SYN_REPORT; each frame is written with ONE
// write() at its due time, stamped with CLOCK_MONOTONIC (umockdev's own event-file replay
// drifts and splits frames).
// Frames are stamped with their due time on CLOCK_MONOTONIC, so a busy machine delays delivery
// but does not change what libinput computes from the timestamps.
#define _GNU_SOURCE
#include <umockdev.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <grp.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    char devnode[128];
    double due;          // seconds after playback start
    int remove;          // 1: unplug instead of writing events
    struct input_event *events;
    size_t count, cap;
} Frame;

static Frame *frames;
static size_t nframes, capframes;

static void die(const char *what) {
    fprintf(stderr, "lodestone-umockdev-driver: %s\n", what);
    exit(3);
}

static Frame *new_frame(const char *devnode, double due) {
    if (nframes == capframes) {
        capframes = capframes ? capframes * 2 : 256;
        frames = realloc(frames, capframes * sizeof *frames);
        if (!frames) die("out of memory");
    }
    Frame *f = &frames[nframes++];
    memset(f, 0, sizeof *f);
    snprintf(f->devnode, sizeof f->devnode, "%s", devnode);
    f->due = due;
    return f;
}

static void load_script(const char *path) {
    FILE *fp = fopen(path, "r");
    if (!fp) { fprintf(stderr, "lodestone-umockdev-driver: cannot open script %s: %s\n", path, strerror(errno)); exit(3); }
    char line[512], dev[128] = "";
    double base = -1;
    Frame *open_frame = NULL;
    int lineno = 0;
    while (fgets(line, sizeof line, fp)) {
        lineno++;
        double t;
        unsigned type, code;
        int value;
        if (line[0] == '#' || line[0] == '\n') continue;
        if (sscanf(line, "D: %127s", dev) == 1) { open_frame = NULL; continue; }
        if (sscanf(line, "R: %lf", &t) == 1) {
            if (base < 0) base = t;
            new_frame(dev, t - base)->remove = 1;
            open_frame = NULL;
            continue;
        }
        if (sscanf(line, "E: %lf %x %x %d", &t, &type, &code, &value) == 4) {
            if (!dev[0]) { fprintf(stderr, "lodestone-umockdev-driver: %s:%d: E: before any D: line\n", path, lineno); exit(3); }
            if (base < 0) base = t;
            if (!open_frame) open_frame = new_frame(dev, t - base);
            if (open_frame->count == open_frame->cap) {
                open_frame->cap = open_frame->cap ? open_frame->cap * 2 : 16;
                open_frame->events = realloc(open_frame->events, open_frame->cap * sizeof(struct input_event));
                if (!open_frame->events) die("out of memory");
            }
            struct input_event *ev = &open_frame->events[open_frame->count++];
            memset(ev, 0, sizeof *ev);
            ev->type = type; ev->code = code; ev->value = value;
            if (type == EV_SYN && code == SYN_REPORT) {
                open_frame->due = t - base;   // a frame is due when its SYN_REPORT was
                open_frame = NULL;
            }
            continue;
        }
        fprintf(stderr, "lodestone-umockdev-driver: %s:%d: cannot read line: %s", path, lineno, line);
        exit(3);
    }
    fclose(fp);
}

// umockdev 0.17.16 writes no udev database; libudev calls a device without one "never
// initialized" and libinput ignores it. Write /run/udev/data/cMAJ:MIN (inside the testbed: the
// preload redirects /run/udev there) from each event node's udev properties.
static void write_udev_db(const char *root) {
    char dir[1024], path[1200], line[512];
    snprintf(dir, sizeof dir, "%s/run/udev/data", root);
    char *mk = g_strdup(dir);
    g_mkdir_with_parents(mk, 0755);
    g_free(mk);
    for (int n = 0; n < 256; n++) {
        snprintf(path, sizeof path, "%s/sys/class/input/event%d/uevent", root, n);
        FILE *ue = fopen(path, "r");
        if (!ue) continue;
        char props[8192] = "";
        int major = -1, minor = -1;
        while (fgets(line, sizeof line, ue)) {
            if (sscanf(line, "MAJOR=%d", &major) == 1 || sscanf(line, "MINOR=%d", &minor) == 1) continue;
            if (!strncmp(line, "DEVNAME=", 8) || !strncmp(line, "SUBSYSTEM=", 10)) continue;
            if (strlen(props) + strlen(line) + 3 < sizeof props) { strcat(props, "E:"); strcat(props, line); }
        }
        fclose(ue);
        if (major < 0 || minor < 0) continue;
        snprintf(path, sizeof path, "%s/c%d:%d", dir, major, minor);
        FILE *db = fopen(path, "w");
        if (!db) { fprintf(stderr, "lodestone-umockdev-driver: cannot write %s\n", path); exit(3); }
        fprintf(db, "I:1\n%sG:seat\nQ:seat\nV:1\n", props);
        fclose(db);
    }
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    // Close whatever the test runner leaked to us (fds opened without O_CLOEXEC by another
    // test thread at fork time): holding a copy's write fd open makes that test's exec fail
    // with ETXTBSY for as long as we run.
    close_range(3, ~0U, 0);
    // A real input stack reads the kernel promptly; a test on a machine busy compiling must not
    // fall behind either. libinput's timers (hold, tap, scroll/pinch decision) fire on the
    // clock while it dispatches: a reader descheduled for 100 ms sees a timer expire BEFORE the
    // frames that were due earlier and recognises another gesture (an extra hold after a pinch,
    // a lost tap). So the driver (writing frames on time) and the program (inheriting it)
    // run ahead of the compilers. Without the privilege (rootless), nothing changes.
    (void) setpriority(PRIO_PROCESS, 0, -15);
    // umockdev's uevent sender looks the device up through libudev in THIS process, so the
    // driver itself must run with umockdev's preload (as umockdev-wrapper would arrange).
    if (!getenv("LODESTONE_DRIVER_PRELOADED")) {
        setenv("LODESTONE_DRIVER_PRELOADED", "1", 1);
        setenv("LD_PRELOAD", "libumockdev-preload.so.0", 1);
        execv("/proc/self/exe", argv);
        die("cannot re-execute under libumockdev-preload.so.0");
    }
    const char *preload = NULL, *script = NULL, *token = NULL;
    int ready_count = 1, settle_ms = 400, timeout_ms = 20000, as_user = -1;
    char *devices[16]; int ndevices = 0;
    char *ioctls[16]; int nioctls = 0;
    int i;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--")) { i++; break; }
        if (i + 1 >= argc) die("missing option value");
        if (!strcmp(argv[i], "--preload")) preload = argv[++i];
        else if (!strcmp(argv[i], "--device") && ndevices < 16) devices[ndevices++] = argv[++i];
        else if (!strcmp(argv[i], "--ioctl") && nioctls < 16) ioctls[nioctls++] = argv[++i];
        else if (!strcmp(argv[i], "--script")) script = argv[++i];
        else if (!strcmp(argv[i], "--ready-token")) token = argv[++i];
        else if (!strcmp(argv[i], "--ready-count")) ready_count = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--settle-ms")) settle_ms = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--timeout-ms")) timeout_ms = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--as-user")) as_user = atoi(argv[++i]);
        else { fprintf(stderr, "lodestone-umockdev-driver: unknown option %s\n", argv[i]); return 2; }
    }
    if (i >= argc) die("no program given after --");
    // A test runner may spawn us with signals blocked or ignored, and the program would inherit
    // that: it could then never be stopped with SIGTERM.
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    if (script) load_script(script);

    UMockdevTestbed *bed = umockdev_testbed_new();   // sets UMOCKDEV_DIR for the child
    GError *err = NULL;
    for (int d = 0; d < ndevices; d++)
        if (!umockdev_testbed_add_from_file(bed, devices[d], &err)) {
            fprintf(stderr, "lodestone-umockdev-driver: device %s: %s\n", devices[d], err->message);
            return 3;
        }
    for (int d = 0; d < nioctls; d++) {
        char *eq = strchr(ioctls[d], '=');
        if (!eq) die("--ioctl wants DEVNODE=FILE");
        *eq = 0;
        if (!umockdev_testbed_load_ioctl(bed, ioctls[d], eq + 1, &err)) {
            fprintf(stderr, "lodestone-umockdev-driver: ioctl %s: %s\n", eq + 1, err->message);
            return 3;
        }
    }

    char *root = umockdev_testbed_get_root_dir(bed);
    write_udev_db(root);
    // --as-user: the program runs unprivileged; it may read the testbed, but the emulated
    // nodes (ptys owned by root, mode 0620) stay closed to it, as /dev/input is on a real system.
    if (as_user >= 0) {
        chmod(root, 0755);
        for (int d = 0; d < nioctls; d++) {
            char link[1024], pty[256];
            snprintf(link, sizeof link, "%s%s", root, ioctls[d]);
            ssize_t n = readlink(link, pty, sizeof pty - 1);
            if (n > 0) { pty[n] = 0; chmod(pty, 0600); }
            // umockdev's preload connects to the node's ioctl socket before opening it.
            snprintf(link, sizeof link, "%s/ioctl%s", root, ioctls[d]);
            chmod(link, 0777);
        }
    }
    g_free(root);

    char ld[4096];
    snprintf(ld, sizeof ld, "%s%slibumockdev-preload.so.0", preload ? preload : "", preload ? ":" : "");

    int out[2];
    if (pipe2(out, O_CLOEXEC) < 0) die("pipe failed");
    pid_t child = fork();
    if (child < 0) die("fork failed");
    if (child == 0) {
        setenv("LD_PRELOAD", ld, 1);
        unsetenv("LODESTONE_DRIVER_PRELOADED");
        if (as_user >= 0 && (setgroups(0, NULL) < 0 || setgid(as_user) < 0 || setuid(as_user) < 0)) {
            fprintf(stderr, "lodestone-umockdev-driver: cannot switch to uid %d: %s\n", as_user, strerror(errno));
            _exit(126);
        }
        dup2(out[1], STDOUT_FILENO);
        execvp(argv[i], &argv[i]);
        fprintf(stderr, "lodestone-umockdev-driver: cannot run %s: %s\n", argv[i], strerror(errno));
        _exit(127);
    }
    close(out[1]);

    char buf[65536]; size_t have = 0;
    int seen = 0, playing = token == NULL, eof = 0, terminated = 0, timed_out = 0;
    size_t next = 0;
    double start = now_s(), play_start = playing ? start : 0, stop_at = 0;
    while (!eof) {
        double now = now_s();
        if (!playing && now - start > timeout_ms / 1000.0) {
            fprintf(stderr, "lodestone-umockdev-driver: the program did not report %d x '%s' within %d ms\n",
                    ready_count, token, timeout_ms);
            kill(child, SIGTERM);
            playing = 1; next = nframes; terminated = 1; timed_out = 1; play_start = now; stop_at = now;
        }
        while (playing && next < nframes && now >= play_start + frames[next].due) {
            Frame *f = &frames[next++];
            if (f->remove) {
                // The device goes away as the kernel would report it: a udev remove uevent.
                char sys[256];
                snprintf(sys, sizeof sys, "/sys/class/input/%s", strrchr(f->devnode, '/') + 1);
                char *root = umockdev_testbed_get_root_dir(bed);
                char link[512], target[512];
                snprintf(link, sizeof link, "%s%s", root, sys);
                ssize_t n = readlink(link, target, sizeof target - 1);
                if (n > 0) {
                    target[n] = 0;
                    char *p = strstr(target, "/devices/");
                    char devpath[600];
                    snprintf(devpath, sizeof devpath, "/sys%s", p ? p : target);
                    umockdev_testbed_uevent(bed, devpath, "remove");
                } else {
                    fprintf(stderr, "lodestone-umockdev-driver: cannot find %s to remove\n", link);
                }
                g_free(root);
                continue;
            }
            int fd = umockdev_testbed_get_dev_fd(bed, f->devnode);
            if (fd < 0) { fprintf(stderr, "lodestone-umockdev-driver: %s is not an emulated stream device\n", f->devnode); continue; }
            // Stamp the frame with the CLOCK_MONOTONIC time it was due, not the time this
            // (possibly descheduled) driver got to write it: libinput's jump detection and
            // acceleration read speed from these stamps, so late writes must not compress them.
            double due = play_start + f->due;
            long long usec = (long long) (due * 1e6);
            for (size_t e = 0; e < f->count; e++) {
                f->events[e].input_event_sec = usec / 1000000;
                f->events[e].input_event_usec = usec % 1000000;
            }
            size_t len = f->count * sizeof(struct input_event);
            ssize_t w = write(fd, f->events, len);
            if (w != (ssize_t) len) fprintf(stderr, "lodestone-umockdev-driver: short write to %s (%zd of %zu)\n", f->devnode, w, len);
        }
        if (terminated && now >= stop_at + 3) { kill(child, SIGKILL); stop_at = now; }
        if (playing && next >= nframes && !terminated) {
            if (!stop_at) stop_at = now + settle_ms / 1000.0;
            if (now >= stop_at) { kill(child, SIGTERM); terminated = 1; stop_at = now; }
        }
        int wait_ms = 50;
        if (playing && next < nframes) {
            double due = play_start + frames[next].due - now;
            wait_ms = due <= 0 ? 0 : (int) (due * 1000) + 1;
            if (wait_ms > 50) wait_ms = 50;
        }
        struct pollfd p = { .fd = out[0], .events = POLLIN };
        int r = poll(&p, 1, wait_ms);
        g_main_context_iteration(NULL, FALSE);
        if (r > 0) {
            ssize_t n = read(out[0], buf + have, sizeof buf - 1 - have);
            if (n <= 0) { eof = 1; n = 0; }
            have += n;
            char *line = buf, *nl;
            while ((nl = memchr(line, '\n', buf + have - line))) {
                *nl = 0;
                if (!playing && strstr(line, token) && ++seen >= ready_count) { playing = 1; play_start = now_s(); }
                fprintf(stdout, "%s\n", line);
                line = nl + 1;
            }
            fflush(stdout);
            have = buf + have - line;
            memmove(buf, line, have);
            if (have == sizeof buf - 1) { fwrite(buf, 1, have, stdout); have = 0; }
        }
    }
    int status = 0;
    waitpid(child, &status, 0);
    g_object_unref(bed);
    if (timed_out) return 4;
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM && terminated) return 0;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
