// A drag source for end-to-end tests (issue 18): one grey window that starts a drag on a
// left-button press, offering the MIME types and actions from its command line and sending
// DATA for any type asked for. It prints what the protocol tells it, one line each, so a
// test can wait for it: ready, pointer-enter X Y, button pressed|released, drag-started,
// target TYPE|none, action N, send TYPE #N, drop-performed #N, finished #N, cancelled #N (#N:
// the drag's number, from 1; a new drag may start once the last one was dropped).
//
//   dnd-source [OPTION...] ACTIONS DATA [TYPE...]
//     ACTIONS: the dnd_action bitmask, 1 copy 2 move 4 ask; no TYPE: an offer with no types,
//     which is bad input. A TYPE's \xHH escapes are decoded (control bytes, non-UTF-8 names).
//   Options, each bad input for the destination (issue 18, bad input):
//     --hold          never write: keep the pipe open, unwritten, until the drag ends
//     --bytes N       write N bytes (DATA repeated) instead of DATA
//     --numbered      append "-N" (the drag's number) to DATA
//     --delay-first MS  answer the first drag's send MS ms late (later drags at once)
//     --quit-on-target  exit at once, mid-drag, when a destination first accepts a type
//   As a destination instead (issue 30.1: a peer that misbehaves when Lodestone drags to it):
//     --target MODE   no drag of its own: the window (app_id lodestone-dnd-target) accepts
//                     TYPE (the first TYPE given) with copy|move, preferring move, and on a
//                     drop does MODE:
//       finish            read everything, finish, destroy the offer (a well-behaved peer)
//       read-then-cancel  read everything, destroy the offer without finishing
//       cancel-then-read  ask for the data, destroy the offer at once, read 1 s later
//                         (weston-terminal: the source is cancelled before the read)
//       never-finish      read everything, never finish nor destroy the offer
//       never-read        ask for the data and never read it, keeping the offer
//       die               ask for the data and exit at once (a peer that dies mid-transfer)
//     It prints: target-enter, target-drop, read N bytes, finished-offer, destroyed-offer,
//     dying. ACTIONS and DATA are still given (and unused).
//     --app-id ID   the window's app_id instead (issue 33: beside `lodestone dnd`'s windows)
//   And for the bench:
//     --write-block BYTES  write in blocks of BYTES (DATA repeated to fill one), not one DATA
//                          per write: a 1 MB text in 64 KiB blocks, as GTK and Qt send it
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <time.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"

enum { width = 200, height = 200 };

static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct xdg_wm_base *wm_base;
static struct wl_seat *seat;
static struct wl_data_device_manager *manager;
static struct wl_data_device *device;
static struct wl_pointer *pointer;
static struct wl_surface *surface;
static struct wl_buffer *buffer;
static int configured, running = 1, dragging;
static uint32_t actions;
static const char *payload;
static char **types;
static int type_count;
static int hold, numbered, quit_on_target, drag_number;
static long send_bytes = -1, delay_first_ms, write_block;
/* A send answered late (--delay-first): its fd, what to write and when. */
static int delayed_fd = -1;
static char delayed_payload[256];
static double delayed_at;
/* As a destination (--target MODE): the mode, the offer over us and its enter serial, and
   the read under way (its fd, bytes so far, when a delayed read starts). */
static const char *target_mode, *app_id;
static struct wl_data_offer *target_offer, *read_offer;
static int read_fd = -1;
static long read_count;
static double read_at;
/* Fds kept open unwritten (--hold), closed when the program ends. */
static int held_fds[16], held_count;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* The drag a wl_data_source belongs to, as its user data. */
static int drag_of(void *data) { return (int)(intptr_t)data; }

static void say_drag(const char *what, void *data) {
  printf("%s #%d\n", what, drag_of(data));
  fflush(stdout);
}

static void say(const char *format, const char *arg) {
  printf(format, arg);
  putchar('\n');
  fflush(stdout);
}

static void source_target(void *data, struct wl_data_source *s, const char *type) {
  (void)data; (void)s;
  say("target %s", type ? type : "none");
  if (type && quit_on_target) {
    say("%s", "quitting mid-drag");
    _exit(0);
  }
}

/* Writes `count` bytes of `text` repeated; a reader that stops early is EPIPE (SIGPIPE is
   ignored), reported as "send-stopped". */
static void write_all(int fd, const char *text, long count) {
  size_t len = strlen(text);
  char *block = NULL;
  if (write_block > 0 && len > 0) {
    /* One block of DATA repeated, whole copies only, so that block after block continues
       the repetition: the bytes are those written one DATA at a time. */
    size_t copies = (size_t)write_block / len;
    if (copies == 0) copies = 1;
    block = malloc(copies * len);
    if (block) {
      for (size_t i = 0; i < copies; i++) memcpy(block + i * len, text, len);
      text = block;
      len = copies * len;
    }
  }
  long done = 0;
  while (done < count && len > 0) {
    size_t at = (size_t)(done % (long)len);
    size_t want = len - at;
    if ((long)want > count - done) want = (size_t)(count - done);
    ssize_t n = write(fd, text + at, want);
    if (n < 0) {
      if (errno == EINTR) continue;
      char why[64];
      snprintf(why, sizeof why, "%ld bytes", done);
      say("send-stopped after %s", why);
      break;
    }
    done += n;
  }
  free(block);
  close(fd);
}

static void drag_payload(void *data, char *out, size_t cap) {
  if (numbered) snprintf(out, cap, "%s-%d", payload, drag_of(data));
  else snprintf(out, cap, "%s", payload);
}

static void source_send(void *data, struct wl_data_source *s, const char *type, int32_t fd) {
  (void)s;
  printf("send %s #%d\n", type, drag_of(data));
  fflush(stdout);
  if (hold) {
    if (held_count < 16) held_fds[held_count++] = fd; else close(fd);
    return;
  }
  char text[256];
  drag_payload(data, text, sizeof text);
  if (delay_first_ms > 0 && drag_of(data) == 1 && delayed_fd < 0) {
    delayed_fd = fd;
    snprintf(delayed_payload, sizeof delayed_payload, "%s", text);
    delayed_at = now_ms() + (double)delay_first_ms;
    return;
  }
  write_all(fd, text, send_bytes < 0 ? (long)strlen(text) : send_bytes);
}

static void source_cancelled(void *data, struct wl_data_source *s) {
  say_drag("cancelled", data);
  wl_data_source_destroy(s);
  dragging = 0;
}

static void source_drop_performed(void *data, struct wl_data_source *s) {
  (void)s;
  say_drag("drop-performed", data);
  /* The pointer is free again: a new drag may start while this one's data is read. */
  dragging = 0;
}

static void source_finished(void *data, struct wl_data_source *s) {
  say_drag("finished", data);
  wl_data_source_destroy(s);
}

static void source_action(void *data, struct wl_data_source *s, uint32_t action) {
  (void)data; (void)s;
  char text[16];
  snprintf(text, sizeof text, "%u", action);
  say("action %s", text);
}

static const struct wl_data_source_listener source_listener = {
  source_target, source_send, source_cancelled, source_drop_performed, source_finished, source_action,
};


/* --- The destination side (--target MODE) --- */

static void offer_offer(void *d, struct wl_data_offer *o, const char *type) { (void)d; (void)o; (void)type; }
static void offer_source_actions(void *d, struct wl_data_offer *o, uint32_t a) { (void)d; (void)o; (void)a; }
static void offer_action(void *d, struct wl_data_offer *o, uint32_t a) { (void)d; (void)o; (void)a; }
static const struct wl_data_offer_listener offer_listener = { offer_offer, offer_source_actions, offer_action };

static void device_data_offer(void *d, struct wl_data_device *dev, struct wl_data_offer *o) {
  (void)d; (void)dev;
  wl_data_offer_add_listener(o, &offer_listener, NULL);
}
static void device_enter(void *d, struct wl_data_device *dev, uint32_t serial, struct wl_surface *s,
                         wl_fixed_t x, wl_fixed_t y, struct wl_data_offer *o) {
  (void)d; (void)dev; (void)s; (void)x; (void)y;
  target_offer = o;
  if (!o) return;
  wl_data_offer_accept(o, serial, types[0]);
  wl_data_offer_set_actions(o, WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY | WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE,
                            WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE);
  say("%s", "target-enter");
}
static void device_leave(void *d, struct wl_data_device *dev) {
  (void)d; (void)dev;
  /* An offer not dropped is done with at leave. */
  if (target_offer && target_offer != read_offer) wl_data_offer_destroy(target_offer);
  target_offer = NULL;
}
static void device_motion(void *d, struct wl_data_device *dev, uint32_t t, wl_fixed_t x, wl_fixed_t y) {
  (void)d; (void)dev; (void)t; (void)x; (void)y;
}
static void device_drop(void *d, struct wl_data_device *dev) {
  (void)d; (void)dev;
  if (!target_offer) return;
  say("target-drop %s", target_mode);
  int fds[2];
  if (pipe(fds) < 0) return;
  wl_data_offer_receive(target_offer, types[0], fds[1]);
  close(fds[1]);
  read_offer = target_offer;
  target_offer = NULL;
  read_fd = fds[0];
  read_count = 0;
  read_at = now_ms();
  if (strcmp(target_mode, "die") == 0) {
    say("%s", "dying");
    _exit(0);
  }
  if (strcmp(target_mode, "cancel-then-read") == 0) {
    wl_data_offer_destroy(read_offer);
    read_offer = NULL;
    say("%s", "destroyed-offer");
    read_at = now_ms() + 1000;
  }
  if (strcmp(target_mode, "never-read") == 0) read_at = -1;
}
static void device_selection(void *d, struct wl_data_device *dev, struct wl_data_offer *o) {
  (void)d; (void)dev;
  if (o) wl_data_offer_destroy(o);
}
static const struct wl_data_device_listener device_listener = {
  device_data_offer, device_enter, device_leave, device_motion, device_drop, device_selection,
};

/* Reads what is there of the drop; at its end, does what the mode says. */
static void target_read(void) {
  char buf[4096];
  for (;;) {
    ssize_t n = read(read_fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return;
    if (n > 0) { read_count += n; continue; }
    break;
  }
  close(read_fd);
  read_fd = -1;
  char text[32];
  snprintf(text, sizeof text, "%ld bytes", read_count);
  say("read %s", text);
  if (!read_offer) return;
  if (strcmp(target_mode, "finish") == 0) {
    wl_data_offer_finish(read_offer);
    say("%s", "finished-offer");
  }
  if (strcmp(target_mode, "never-finish") != 0) {
    wl_data_offer_destroy(read_offer);
    read_offer = NULL;
    say("%s", "destroyed-offer");
  }
}

static void pointer_enter(void *d, struct wl_pointer *p, uint32_t serial, struct wl_surface *s, wl_fixed_t x, wl_fixed_t y) {
  (void)d; (void)p; (void)serial; (void)s;
  char text[64];
  snprintf(text, sizeof text, "%.0f %.0f", wl_fixed_to_double(x), wl_fixed_to_double(y));
  say("pointer-enter %s", text);
}
static void pointer_leave(void *d, struct wl_pointer *p, uint32_t serial, struct wl_surface *s) {
  (void)d; (void)p; (void)serial; (void)s;
}
static void pointer_motion(void *d, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
  (void)d; (void)p; (void)time; (void)x; (void)y;
}
static void pointer_button(void *d, struct wl_pointer *p, uint32_t serial, uint32_t time, uint32_t button, uint32_t state) {
  (void)d; (void)p; (void)time;
  say("button %s", state == WL_POINTER_BUTTON_STATE_PRESSED ? "pressed" : "released");
  if (button != 0x110 || state != WL_POINTER_BUTTON_STATE_PRESSED || dragging || target_mode) return;
  struct wl_data_source *source = wl_data_device_manager_create_data_source(manager);
  drag_number++;
  wl_data_source_add_listener(source, &source_listener, (void *)(intptr_t)drag_number);
  for (int i = 0; i < type_count; i++) wl_data_source_offer(source, types[i]);
  wl_data_source_set_actions(source, actions);
  wl_data_device_start_drag(device, source, surface, NULL, serial);
  dragging = 1;
  say("%s", "drag-started");
}
static void pointer_axis(void *d, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t value) {
  (void)d; (void)p; (void)time; (void)axis; (void)value;
}
static void pointer_frame(void *d, struct wl_pointer *p) { (void)d; (void)p; }
static void pointer_axis_source(void *d, struct wl_pointer *p, uint32_t s) { (void)d; (void)p; (void)s; }
static void pointer_axis_stop(void *d, struct wl_pointer *p, uint32_t t, uint32_t a) { (void)d; (void)p; (void)t; (void)a; }
static void pointer_axis_discrete(void *d, struct wl_pointer *p, uint32_t a, int32_t v) { (void)d; (void)p; (void)a; (void)v; }

static void pointer_axis_value120(void *d, struct wl_pointer *p, uint32_t a, int32_t v) { (void)d; (void)p; (void)a; (void)v; }

static const struct wl_pointer_listener pointer_listener = {
  pointer_enter, pointer_leave, pointer_motion, pointer_button, pointer_axis,
  pointer_frame, pointer_axis_source, pointer_axis_stop, pointer_axis_discrete, pointer_axis_value120,
};

static void seat_capabilities(void *d, struct wl_seat *s, uint32_t caps) {
  (void)d;
  if ((caps & WL_SEAT_CAPABILITY_POINTER) && !pointer) {
    pointer = wl_seat_get_pointer(s);
    wl_pointer_add_listener(pointer, &pointer_listener, NULL);
  }
}
static void seat_name(void *d, struct wl_seat *s, const char *name) { (void)d; (void)s; (void)name; }
static const struct wl_seat_listener seat_listener = { seat_capabilities, seat_name };

static void ping(void *d, struct xdg_wm_base *b, uint32_t serial) { (void)d; xdg_wm_base_pong(b, serial); }
static const struct xdg_wm_base_listener wm_base_listener = { ping };

static void global(void *d, struct wl_registry *r, uint32_t name, const char *interface, uint32_t version) {
  (void)d; (void)version;
  if (strcmp(interface, "wl_compositor") == 0) compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
  else if (strcmp(interface, "wl_shm") == 0) shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
  else if (strcmp(interface, "xdg_wm_base") == 0) {
    wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
    xdg_wm_base_add_listener(wm_base, &wm_base_listener, NULL);
  } else if (strcmp(interface, "wl_seat") == 0 && !seat) {
    seat = wl_registry_bind(r, name, &wl_seat_interface, 5);
    wl_seat_add_listener(seat, &seat_listener, NULL);
  } else if (strcmp(interface, "wl_data_device_manager") == 0 && version >= 3) {
    manager = wl_registry_bind(r, name, &wl_data_device_manager_interface, 3);
  }
}
static void global_remove(void *d, struct wl_registry *r, uint32_t name) { (void)d; (void)r; (void)name; }
static const struct wl_registry_listener registry_listener = { global, global_remove };

static struct wl_buffer *grey_buffer(void) {
  int stride = width * 4, size = stride * height;
  int fd = memfd_create("dnd-source", MFD_CLOEXEC);
  if (fd < 0 || ftruncate(fd, size) < 0) return NULL;
  uint32_t *pixels = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (pixels == MAP_FAILED) return NULL;
  for (int i = 0; i < width * height; i++) pixels[i] = 0xFF808080;
  munmap(pixels, (size_t)size);
  struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, size);
  struct wl_buffer *b = wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888);
  wl_shm_pool_destroy(pool);
  close(fd);
  return b;
}

static void surface_configure(void *d, struct xdg_surface *s, uint32_t serial) {
  (void)d;
  xdg_surface_ack_configure(s, serial);
  if (!buffer) buffer = grey_buffer();
  wl_surface_attach(surface, buffer, 0, 0);
  wl_surface_damage(surface, 0, 0, width, height);
  wl_surface_commit(surface);
  if (!configured) say("%s", "ready");
  configured = 1;
}
static const struct xdg_surface_listener surface_listener = { surface_configure };

static void toplevel_configure(void *d, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *states) {
  (void)d; (void)t; (void)w; (void)h; (void)states;
}
static void toplevel_close(void *d, struct xdg_toplevel *t) { (void)d; (void)t; running = 0; }
static void toplevel_bounds(void *d, struct xdg_toplevel *t, int32_t w, int32_t h) { (void)d; (void)t; (void)w; (void)h; }
static void toplevel_capabilities(void *d, struct xdg_toplevel *t, struct wl_array *c) { (void)d; (void)t; (void)c; }
static const struct xdg_toplevel_listener toplevel_listener = { toplevel_configure, toplevel_close, toplevel_bounds, toplevel_capabilities };

/* Decodes \xHH escapes in place. */
static void unescape(char *s) {
  char *out = s;
  while (*s) {
    unsigned v;
    if (s[0] == '\\' && s[1] == 'x' && sscanf(s + 2, "%2x", &v) == 1 && v != 0) { *out++ = (char)v; s += 4; }
    else *out++ = *s++;
  }
  *out = 0;
}

int main(int argc, char **argv) {
  int a = 1;
  for (; a < argc && strncmp(argv[a], "--", 2) == 0; a++) {
    if (strcmp(argv[a], "--hold") == 0) hold = 1;
    else if (strcmp(argv[a], "--numbered") == 0) numbered = 1;
    else if (strcmp(argv[a], "--quit-on-target") == 0) quit_on_target = 1;
    else if (strcmp(argv[a], "--bytes") == 0 && a + 1 < argc) send_bytes = strtol(argv[++a], NULL, 10);
    else if (strcmp(argv[a], "--delay-first") == 0 && a + 1 < argc) delay_first_ms = strtol(argv[++a], NULL, 10);
    else if (strcmp(argv[a], "--write-block") == 0 && a + 1 < argc) write_block = strtol(argv[++a], NULL, 10);
    else if (strcmp(argv[a], "--target") == 0 && a + 1 < argc) target_mode = argv[++a];
    else if (strcmp(argv[a], "--app-id") == 0 && a + 1 < argc) app_id = argv[++a];
    else { fprintf(stderr, "dnd-source: unknown option %s\n", argv[a]); return 2; }
  }
  if (argc - a < 2) {
    fprintf(stderr, "usage: dnd-source [--hold] [--bytes N] [--numbered] [--delay-first MS] [--quit-on-target] [--write-block BYTES] [--target MODE] [--app-id ID] ACTIONS DATA [TYPE...]\n");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  actions = (uint32_t)strtoul(argv[a], NULL, 0);
  payload = argv[a + 1];
  types = argv + a + 2;
  type_count = argc - a - 2;
  for (int i = 0; i < type_count; i++) unescape(types[i]);
  struct wl_display *display = wl_display_connect(NULL);
  if (!display) { fprintf(stderr, "dnd-source: cannot connect to the compositor\n"); return 1; }
  struct wl_registry *registry = wl_display_get_registry(display);
  wl_registry_add_listener(registry, &registry_listener, NULL);
  wl_display_roundtrip(display);
  if (!compositor || !shm || !wm_base || !seat || !manager) {
    fprintf(stderr, "dnd-source: the compositor lacks a global this client needs (wl_data_device_manager v3?)\n");
    return 1;
  }
  if (target_mode && type_count == 0) { fprintf(stderr, "dnd-source: --target needs the TYPE to accept\n"); return 2; }
  device = wl_data_device_manager_get_data_device(manager, seat);
  if (target_mode) wl_data_device_add_listener(device, &device_listener, NULL);
  surface = wl_compositor_create_surface(compositor);
  struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(wm_base, surface);
  xdg_surface_add_listener(xs, &surface_listener, NULL);
  struct xdg_toplevel *top = xdg_surface_get_toplevel(xs);
  xdg_toplevel_add_listener(top, &toplevel_listener, NULL);
  xdg_toplevel_set_app_id(top, app_id ? app_id : target_mode ? "lodestone-dnd-target" : "lodestone-dnd-source");
  xdg_toplevel_set_title(top, "dnd-source");
  wl_surface_commit(surface);
  /* The loop: Wayland events, and a late send (--delay-first) when its time comes. */
  struct pollfd pfd[2] = { { .fd = wl_display_get_fd(display), .events = POLLIN }, { .fd = -1, .events = POLLIN } };
  while (running) {
    while (wl_display_prepare_read(display) != 0) wl_display_dispatch_pending(display);
    wl_display_flush(display);
    int timeout = -1;
    if (delayed_fd >= 0) timeout = delayed_at > now_ms() ? (int)(delayed_at - now_ms()) + 1 : 0;
    /* A drop's read: watched once its time came (cancel-then-read waits; never-read never). */
    int reading = read_fd >= 0 && read_at >= 0 && now_ms() >= read_at;
    if (read_fd >= 0 && read_at >= 0 && !reading) timeout = (int)(read_at - now_ms()) + 1;
    pfd[1].fd = reading ? read_fd : -1;
    if (reading) fcntl(read_fd, F_SETFL, O_NONBLOCK);
    if (poll(pfd, 2, timeout) > 0 && (pfd[0].revents & POLLIN)) {
      if (wl_display_read_events(display) < 0) break;
    } else {
      wl_display_cancel_read(display);
    }
    if (wl_display_dispatch_pending(display) < 0) break;
    if (reading && read_fd >= 0 && (pfd[1].revents & (POLLIN | POLLHUP))) target_read();
    if (delayed_fd >= 0 && now_ms() >= delayed_at) {
      say("%s", "late send");
      write_all(delayed_fd, delayed_payload, (long)strlen(delayed_payload));
      delayed_fd = -1;
    }
  }
  for (int i = 0; i < held_count; i++) close(held_fds[i]);
  return 0;
}
