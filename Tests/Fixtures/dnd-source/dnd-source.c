// A drag source for end-to-end tests (issue 18): one grey window that starts a drag on a
// left-button press, offering the MIME types and actions from its command line and sending
// DATA for any type asked for. It prints what the protocol tells it, one line each, so a
// test can wait for it: ready, pointer-enter X Y, button pressed|released, drag-started,
// target TYPE|none, action N, send TYPE, drop-performed, finished, cancelled.
//
//   dnd-source ACTIONS DATA [TYPE...]   (ACTIONS: the dnd_action bitmask, 1 copy 2 move 4 ask;
//                                       no TYPE: an offer with no types, which is bad input)
#include <errno.h>
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

static void say(const char *format, const char *arg) {
  printf(format, arg);
  putchar('\n');
  fflush(stdout);
}

static void source_target(void *data, struct wl_data_source *s, const char *type) {
  (void)data; (void)s;
  say("target %s", type ? type : "none");
}

static void source_send(void *data, struct wl_data_source *s, const char *type, int32_t fd) {
  (void)data; (void)s;
  say("send %s", type);
  size_t left = strlen(payload);
  const char *p = payload;
  while (left > 0) {
    ssize_t n = write(fd, p, left);
    if (n < 0) { if (errno == EINTR) continue; break; }
    p += n; left -= (size_t)n;
  }
  close(fd);
}

static void source_cancelled(void *data, struct wl_data_source *s) {
  (void)data;
  say("%s", "cancelled");
  wl_data_source_destroy(s);
  dragging = 0;
}

static void source_drop_performed(void *data, struct wl_data_source *s) {
  (void)data; (void)s;
  say("%s", "drop-performed");
}

static void source_finished(void *data, struct wl_data_source *s) {
  (void)data;
  say("%s", "finished");
  wl_data_source_destroy(s);
  dragging = 0;
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
  if (button != 0x110 || state != WL_POINTER_BUTTON_STATE_PRESSED || dragging) return;
  struct wl_data_source *source = wl_data_device_manager_create_data_source(manager);
  wl_data_source_add_listener(source, &source_listener, NULL);
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

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: dnd-source ACTIONS DATA [TYPE...]\n");
    return 2;
  }
  actions = (uint32_t)strtoul(argv[1], NULL, 0);
  payload = argv[2];
  types = argv + 3;
  type_count = argc - 3;
  struct wl_display *display = wl_display_connect(NULL);
  if (!display) { fprintf(stderr, "dnd-source: cannot connect to the compositor\n"); return 1; }
  struct wl_registry *registry = wl_display_get_registry(display);
  wl_registry_add_listener(registry, &registry_listener, NULL);
  wl_display_roundtrip(display);
  if (!compositor || !shm || !wm_base || !seat || !manager) {
    fprintf(stderr, "dnd-source: the compositor lacks a global this client needs (wl_data_device_manager v3?)\n");
    return 1;
  }
  device = wl_data_device_manager_get_data_device(manager, seat);
  surface = wl_compositor_create_surface(compositor);
  struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(wm_base, surface);
  xdg_surface_add_listener(xs, &surface_listener, NULL);
  struct xdg_toplevel *top = xdg_surface_get_toplevel(xs);
  xdg_toplevel_add_listener(top, &toplevel_listener, NULL);
  xdg_toplevel_set_app_id(top, "lodestone-dnd-source");
  xdg_toplevel_set_title(top, "dnd-source");
  wl_surface_commit(surface);
  while (running && wl_display_dispatch(display) >= 0) {}
  return 0;
}
