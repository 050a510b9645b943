// sway-inject: an LD_PRELOAD shim that gives headless sway 1.7 (wlroots 0.15) real input devices
// and lets a test drive them (issue 3, SPEC T1).
//
// A headless sway seat has no devices. This shim wraps wlr_backend_autocreate(), finds the
// headless backend inside the multi backend, and adds a pointer (which also carries touchpad
// gestures), a keyboard and a touch device with wlr_headless_add_input_device(). Their events
// then travel sway's normal input path: cursor, seat, bindings, xkb state, wl_pointer,
// wl_keyboard, wl_touch, zwp_pointer_gestures_v1.
//
// Control channel: a unix stream socket at $LODESTONE_INJECT_SOCKET, served from sway's own
// wl_event_loop (the headless backend is not thread-safe; never emit from another thread). One
// command per line; every line is answered with "ok" or "error <reason>" once sway has handled
// the events synchronously, so a reply means sway has already queued what it sends to clients.
// The command set is documented in README.md beside this file.
//
// $LODESTONE_INJECT_DEVICES (default "pointer,keyboard,touch") chooses the devices present at
// start; "add"/"remove" change them at runtime (seat capabilities appear and disappear).

#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <wayland-server-core.h>
#include <wlr/backend.h>
#include <wlr/backend/headless.h>
#include <wlr/backend/multi.h>
#include <wlr/interfaces/wlr_input_device.h>
#include <wlr/interfaces/wlr_keyboard.h>
#include <wlr/interfaces/wlr_output.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_pointer.h>
#include <wlr/types/wlr_touch.h>

#define LOG(...) do { fprintf(stderr, "[sway-inject] " __VA_ARGS__); fputc('\n', stderr); } while (0)

enum kind { POINTER, KEYBOARD, TOUCH, KIND_COUNT };
static const char *kind_names[KIND_COUNT] = { "pointer", "keyboard", "touch" };
static const enum wlr_input_device_type kind_types[KIND_COUNT] = {
	WLR_INPUT_DEVICE_POINTER, WLR_INPUT_DEVICE_KEYBOARD, WLR_INPUT_DEVICE_TOUCH,
};

static struct {
	struct wl_display *display;
	struct wlr_backend *headless;
	struct wlr_input_device *devices[KIND_COUNT];
	struct wl_listener destroyed[KIND_COUNT];
	// wlroots 0.15 asserts (aborts sway) when one pointer frame mixes axis sources: remember the
	// source of the pending frame and refuse a mixed command instead.
	bool axis_pending;
	enum wlr_axis_source axis_source;
} shim;

struct client {
	int fd;
	struct wl_event_source *source;
	char buf[4096];
	size_t len;
};

static uint32_t now_msec(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint32_t)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

static int kind_named(const char *name) {
	for (int k = 0; k < KIND_COUNT; k++) {
		if (strcmp(name, kind_names[k]) == 0) return k;
	}
	return -1;
}

static void device_destroyed(struct wl_listener *listener, void *data) {
	(void)data;
	for (int k = 0; k < KIND_COUNT; k++) {
		if (listener == &shim.destroyed[k]) {
			wl_list_remove(&listener->link);
			shim.devices[k] = NULL;
		}
	}
}

// Adds one device. Before the backend starts, sway learns of it when the backend starts; after,
// wlroots announces it at once (new_input) and sway updates the seat's capabilities.
static bool add_device(enum kind k) {
	if (shim.devices[k]) return false;
	struct wlr_input_device *dev = wlr_headless_add_input_device(shim.headless, kind_types[k]);
	if (!dev) return false;
	// Distinct names so `swaymsg -t get_inputs` tells them apart ("0:0:lodestone-pointer").
	char name[64];
	snprintf(name, sizeof name, "lodestone-%s", kind_names[k]);
	free(dev->name);
	dev->name = strdup(name);
	shim.devices[k] = dev;
	shim.destroyed[k].notify = device_destroyed;
	wl_signal_add(&dev->events.destroy, &shim.destroyed[k]);
	return true;
}

static void find_headless(struct wlr_backend *backend, void *data) {
	(void)data;
	if (wlr_backend_is_headless(backend) && !shim.headless) shim.headless = backend;
}

// --- Commands --------------------------------------------------------------------------------

static struct wlr_pointer *pointer(void) {
	return shim.devices[POINTER] ? shim.devices[POINTER]->pointer : NULL;
}

static void pointer_frame(struct wlr_pointer *p) {
	wl_signal_emit(&p->events.frame, p);
	shim.axis_pending = false;
}

static bool parse_source(const char *s, enum wlr_axis_source *out) {
	static const char *names[] = { "wheel", "finger", "continuous", "tilt" };
	for (int i = 0; i < 4; i++) {
		if (strcmp(s, names[i]) == 0) { *out = (enum wlr_axis_source)i; return true; }
	}
	return false;
}

static bool parse_state(const char *s, bool *pressed) {
	if (strcmp(s, "pressed") == 0 || strcmp(s, "down") == 0 || strcmp(s, "1") == 0) { *pressed = true; return true; }
	if (strcmp(s, "released") == 0 || strcmp(s, "up") == 0 || strcmp(s, "0") == 0) { *pressed = false; return true; }
	return false;
}

// Runs one command line; writes the reply (without newline) into `reply`.
static void run(char *line, char *reply, size_t cap) {
	char verb[32] = "", a[32] = "", b[32] = "";
	double x = 0, y = 0, u = 0, v = 0;
	int n = 0, i = 0;
	struct wlr_pointer *p = pointer();
	struct wlr_input_device *pdev = shim.devices[POINTER];
	struct wlr_input_device *tdev = shim.devices[TOUCH];
	struct wlr_input_device *kdev = shim.devices[KEYBOARD];
	uint32_t t = now_msec();

	if (sscanf(line, "%31s", verb) != 1) { snprintf(reply, cap, "error empty command"); return; }
#define NEED(cond, msg) do { if (!(cond)) { snprintf(reply, cap, "error %s: %s", verb, msg); return; } } while (0)
#define NEED_POINTER() NEED(p, "no pointer device (remove'd or not in LODESTONE_INJECT_DEVICES)")
#define NEED_TOUCH() NEED(tdev, "no touch device")

	if (strcmp(verb, "ping") == 0) {
		// Nothing to do: the reply itself proves every earlier command was handled.
	} else if (strcmp(verb, "devices") == 0) {
		size_t off = (size_t)snprintf(reply, cap, "ok");
		for (int k = 0; k < KIND_COUNT; k++) {
			if (shim.devices[k] && off < cap) off += (size_t)snprintf(reply + off, cap - off, " %s", kind_names[k]);
		}
		return;
	} else if (strcmp(verb, "add") == 0 || strcmp(verb, "remove") == 0) {
		NEED(sscanf(line, "%*s %31s", a) == 1 && kind_named(a) >= 0, "expected pointer|keyboard|touch");
		int k = kind_named(a);
		if (verb[0] == 'a') {
			NEED(add_device((enum kind)k), "device already present or could not be created");
		} else {
			NEED(shim.devices[k], "device not present");
			wlr_input_device_destroy(shim.devices[k]);
		}
	} else if (strcmp(verb, "motion") == 0) {
		// motion DX DY [UNACCEL_DX UNACCEL_DY]: relative, in layout pixels.
		NEED_POINTER();
		n = sscanf(line, "%*s %lf %lf %lf %lf", &x, &y, &u, &v);
		NEED(n == 2 || n == 4, "expected DX DY [UDX UDY]");
		if (n == 2) { u = x; v = y; }
		struct wlr_event_pointer_motion ev = { .device = pdev, .time_msec = t,
			.delta_x = x, .delta_y = y, .unaccel_dx = u, .unaccel_dy = v };
		wl_signal_emit(&p->events.motion, &ev);
		pointer_frame(p);
	} else if (strcmp(verb, "absolute") == 0) {
		// absolute X Y: 0…1 across the output layout (wlr_cursor maps it).
		NEED_POINTER();
		NEED(sscanf(line, "%*s %lf %lf", &x, &y) == 2, "expected X Y in 0…1");
		NEED(x >= 0 && x <= 1 && y >= 0 && y <= 1, "X and Y must be within 0…1");
		struct wlr_event_pointer_motion_absolute ev = { .device = pdev, .time_msec = t, .x = x, .y = y };
		wl_signal_emit(&p->events.motion_absolute, &ev);
		pointer_frame(p);
	} else if (strcmp(verb, "button") == 0) {
		// button CODE pressed|released (evdev code, e.g. 272 = BTN_LEFT).
		NEED_POINTER();
		bool pressed;
		NEED(sscanf(line, "%*s %i %31s", &i, a) == 2 && parse_state(a, &pressed), "expected CODE pressed|released");
		struct wlr_event_pointer_button ev = { .device = pdev, .time_msec = t, .button = (uint32_t)i,
			.state = pressed ? WLR_BUTTON_PRESSED : WLR_BUTTON_RELEASED };
		wl_signal_emit(&p->events.button, &ev);
		pointer_frame(p);
	} else if (strcmp(verb, "axis") == 0) {
		// axis SOURCE vertical|horizontal DELTA DISCRETE: no frame (send "frame" after the
		// axes that belong together). DELTA 0 is a stop for finger/continuous sources.
		NEED_POINTER();
		enum wlr_axis_source source;
		NEED(sscanf(line, "%*s %31s %31s %lf %i", a, b, &x, &n) == 4 && parse_source(a, &source),
			"expected wheel|finger|continuous|tilt vertical|horizontal DELTA DISCRETE");
		NEED(strcmp(b, "vertical") == 0 || strcmp(b, "horizontal") == 0, "orientation must be vertical or horizontal");
		NEED(!shim.axis_pending || shim.axis_source == source,
			"mixing axis sources in one frame aborts sway 1.7; send frame first");
		struct wlr_event_pointer_axis ev = { .device = pdev, .time_msec = t, .source = source,
			.orientation = b[0] == 'v' ? WLR_AXIS_ORIENTATION_VERTICAL : WLR_AXIS_ORIENTATION_HORIZONTAL,
			.delta = x, .delta_discrete = n };
		wl_signal_emit(&p->events.axis, &ev);
		shim.axis_pending = true;
		shim.axis_source = source;
	} else if (strcmp(verb, "frame") == 0) {
		NEED_POINTER();
		pointer_frame(p);
	} else if (strcmp(verb, "swipe-begin") == 0 || strcmp(verb, "pinch-begin") == 0 || strcmp(verb, "hold-begin") == 0) {
		NEED_POINTER();
		NEED(sscanf(line, "%*s %i", &n) == 1 && n > 0, "expected FINGERS");
		if (verb[0] == 's') {
			struct wlr_event_pointer_swipe_begin ev = { .device = pdev, .time_msec = t, .fingers = (uint32_t)n };
			wl_signal_emit(&p->events.swipe_begin, &ev);
		} else if (verb[0] == 'p') {
			struct wlr_event_pointer_pinch_begin ev = { .device = pdev, .time_msec = t, .fingers = (uint32_t)n };
			wl_signal_emit(&p->events.pinch_begin, &ev);
		} else {
			// sway 1.7 does not forward hold gestures; emitted anyway so tests can show that.
			struct wlr_event_pointer_hold_begin ev = { .device = pdev, .time_msec = t, .fingers = (uint32_t)n };
			wl_signal_emit(&p->events.hold_begin, &ev);
		}
	} else if (strcmp(verb, "swipe-update") == 0) {
		NEED_POINTER();
		NEED(sscanf(line, "%*s %i %lf %lf", &n, &x, &y) == 3, "expected FINGERS DX DY");
		struct wlr_event_pointer_swipe_update ev = { .device = pdev, .time_msec = t, .fingers = (uint32_t)n, .dx = x, .dy = y };
		wl_signal_emit(&p->events.swipe_update, &ev);
	} else if (strcmp(verb, "pinch-update") == 0) {
		NEED_POINTER();
		NEED(sscanf(line, "%*s %i %lf %lf %lf %lf", &n, &x, &y, &u, &v) == 5, "expected FINGERS DX DY SCALE ROTATION");
		struct wlr_event_pointer_pinch_update ev = { .device = pdev, .time_msec = t, .fingers = (uint32_t)n,
			.dx = x, .dy = y, .scale = u, .rotation = v };
		wl_signal_emit(&p->events.pinch_update, &ev);
	} else if (strcmp(verb, "swipe-end") == 0 || strcmp(verb, "pinch-end") == 0 || strcmp(verb, "hold-end") == 0) {
		NEED_POINTER();
		n = 0;
		sscanf(line, "%*s %31s", a);
		bool cancelled = strcmp(a, "cancelled") == 0;
		if (verb[0] == 's') {
			struct wlr_event_pointer_swipe_end ev = { .device = pdev, .time_msec = t, .cancelled = cancelled };
			wl_signal_emit(&p->events.swipe_end, &ev);
		} else if (verb[0] == 'p') {
			struct wlr_event_pointer_pinch_end ev = { .device = pdev, .time_msec = t, .cancelled = cancelled };
			wl_signal_emit(&p->events.pinch_end, &ev);
		} else {
			struct wlr_event_pointer_hold_end ev = { .device = pdev, .time_msec = t, .cancelled = cancelled };
			wl_signal_emit(&p->events.hold_end, &ev);
		}
	} else if (strcmp(verb, "key") == 0) {
		// key CODE pressed|released (evdev code). wlroots updates the xkb state from sway's
		// keymap, so modifiers and locks (Caps Lock) behave as on a real keyboard.
		NEED(kdev, "no keyboard device");
		bool pressed;
		NEED(sscanf(line, "%*s %i %31s", &i, a) == 2 && parse_state(a, &pressed) && i >= 0, "expected CODE pressed|released");
		struct wlr_event_keyboard_key ev = { .time_msec = t, .keycode = (uint32_t)i, .update_state = true,
			.state = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED };
		wlr_keyboard_notify_key(kdev->keyboard, &ev);
	} else if (strcmp(verb, "touch-down") == 0 || strcmp(verb, "touch-motion") == 0) {
		// touch-down|touch-motion ID X Y: X, Y in 0…1 across the layout.
		NEED_TOUCH();
		NEED(sscanf(line, "%*s %i %lf %lf", &i, &x, &y) == 3, "expected ID X Y");
		NEED(x >= 0 && x <= 1 && y >= 0 && y <= 1, "X and Y must be within 0…1");
		if (verb[6] == 'd') {
			struct wlr_event_touch_down ev = { .device = tdev, .time_msec = t, .touch_id = i, .x = x, .y = y };
			wl_signal_emit(&tdev->touch->events.down, &ev);
		} else {
			struct wlr_event_touch_motion ev = { .device = tdev, .time_msec = t, .touch_id = i, .x = x, .y = y };
			wl_signal_emit(&tdev->touch->events.motion, &ev);
		}
	} else if (strcmp(verb, "touch-up") == 0 || strcmp(verb, "touch-cancel") == 0) {
		NEED_TOUCH();
		NEED(sscanf(line, "%*s %i", &i) == 1, "expected ID");
		if (verb[6] == 'u') {
			struct wlr_event_touch_up ev = { .device = tdev, .time_msec = t, .touch_id = i };
			wl_signal_emit(&tdev->touch->events.up, &ev);
		} else {
			struct wlr_event_touch_cancel ev = { .device = tdev, .time_msec = t, .touch_id = i };
			wl_signal_emit(&tdev->touch->events.cancel, &ev);
		}
	} else if (strcmp(verb, "touch-frame") == 0) {
		NEED_TOUCH();
		wl_signal_emit(&tdev->touch->events.frame, NULL);
	} else {
		snprintf(reply, cap, "error unknown command '%s'", verb);
		return;
	}
	snprintf(reply, cap, "ok");
#undef NEED
#undef NEED_POINTER
#undef NEED_TOUCH
}

// --- Control socket (served from sway's event loop) -------------------------------------------

static void client_close(struct client *c) {
	wl_event_source_remove(c->source);
	close(c->fd);
	free(c);
}

static void reply_line(struct client *c, const char *text) {
	char out[512];
	int len = snprintf(out, sizeof out, "%s\n", text);
	const char *pos = out;
	// The socket is blocking for writes: replies are tiny and the test reads each one.
	while (len > 0) {
		ssize_t w = write(c->fd, pos, (size_t)len);
		if (w < 0 && errno == EINTR) continue;
		if (w <= 0) return;
		pos += w;
		len -= (int)w;
	}
}

static int client_readable(int fd, uint32_t mask, void *data) {
	struct client *c = data;
	if (mask & (WL_EVENT_HANGUP | WL_EVENT_ERROR)) {
		if (!(mask & WL_EVENT_READABLE)) { client_close(c); return 0; }
	}
	ssize_t r = read(fd, c->buf + c->len, sizeof c->buf - 1 - c->len);
	if (r < 0 && (errno == EINTR || errno == EAGAIN)) return 0;
	if (r <= 0) { client_close(c); return 0; }
	c->len += (size_t)r;
	c->buf[c->len] = '\0';
	char *start = c->buf, *nl;
	while ((nl = strchr(start, '\n'))) {
		*nl = '\0';
		char reply[400];
		run(start, reply, sizeof reply);
		reply_line(c, reply);
		start = nl + 1;
	}
	c->len -= (size_t)(start - c->buf);
	memmove(c->buf, start, c->len);
	if (c->len == sizeof c->buf - 1) {
		reply_line(c, "error line too long");
		client_close(c);
	}
	return 0;
}

static int listener_readable(int fd, uint32_t mask, void *data) {
	(void)mask; (void)data;
	int cfd = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
	if (cfd < 0) return 0;
	struct client *c = calloc(1, sizeof *c);
	c->fd = cfd;
	c->source = wl_event_loop_add_fd(wl_display_get_event_loop(shim.display), cfd,
		WL_EVENT_READABLE, client_readable, c);
	return 0;
}

static void open_control_socket(void) {
	const char *path = getenv("LODESTONE_INJECT_SOCKET");
	if (!path || !*path) { LOG("LODESTONE_INJECT_SOCKET unset: no control channel"); return; }
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	if (strlen(path) >= sizeof addr.sun_path) { LOG("socket path too long: %s", path); return; }
	strcpy(addr.sun_path, path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	unlink(path);
	if (fd < 0 || bind(fd, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(fd, 4) < 0) {
		LOG("cannot listen on %s: %s", path, strerror(errno));
		if (fd >= 0) close(fd);
		return;
	}
	// The test runs as root and sway as another user; let the test connect.
	chmod(path, 0666);
	wl_event_loop_add_fd(wl_display_get_event_loop(shim.display), fd, WL_EVENT_READABLE, listener_readable, NULL);
	LOG("listening on %s", path);
}

// --- Presentation (LODESTONE_INJECT_PRESENT=1) -------------------------------------------------
// wlroots 0.15's headless outputs never emit `present`, so wp_presentation feedback is never
// answered. With LODESTONE_INJECT_PRESENT=1 every output commit that carries a buffer is
// reported presented at the commit's time with the mode's refresh period, as a real output
// does at scan-out. It is sent from an idle callback: wlr_presentation notes the commit in its
// own commit listener, which runs after ours.

struct presenter {
	struct wlr_output *output;
	struct wl_listener commit, destroy;
	struct wl_event_source *idle;
	struct timespec when;
	uint32_t seq;
};

static void present_now(void *data) {
	struct presenter *p = data;
	p->idle = NULL;
	int32_t mhz = p->output->refresh;
	struct wlr_output_event_present event = {
		.output = p->output, .commit_seq = p->seq, .presented = true, .when = &p->when,
		.refresh = mhz > 0 ? (int)(1000000000000LL / mhz) : 0,
	};
	wlr_output_send_present(p->output, &event);
}

static void present_commit(struct wl_listener *listener, void *data) {
	struct presenter *p = wl_container_of(listener, p, commit);
	struct wlr_output_event_commit *event = data;
	if (!(event->committed & WLR_OUTPUT_STATE_BUFFER)) return;
	p->seq = p->output->commit_seq;
	if (event->when) p->when = *event->when; else clock_gettime(CLOCK_MONOTONIC, &p->when);
	if (!p->idle) p->idle = wl_event_loop_add_idle(wl_display_get_event_loop(shim.display), present_now, p);
}

static void present_destroy(struct wl_listener *listener, void *data) {
	(void)data;
	struct presenter *p = wl_container_of(listener, p, destroy);
	if (p->idle) wl_event_source_remove(p->idle);
	wl_list_remove(&p->commit.link);
	wl_list_remove(&p->destroy.link);
	free(p);
}

static struct wl_listener new_output_listener;

static void new_output(struct wl_listener *listener, void *data) {
	(void)listener;
	struct presenter *p = calloc(1, sizeof *p);
	if (!p) return;
	p->output = data;
	p->commit.notify = present_commit;
	p->destroy.notify = present_destroy;
	wl_signal_add(&p->output->events.commit, &p->commit);
	wl_signal_add(&p->output->events.destroy, &p->destroy);
}

struct wlr_backend *wlr_backend_autocreate(struct wl_display *display) {
	struct wlr_backend *(*real)(struct wl_display *) =
		(struct wlr_backend *(*)(struct wl_display *))dlsym(RTLD_NEXT, "wlr_backend_autocreate");
	if (!real) { LOG("wlr_backend_autocreate not found: %s", dlerror()); abort(); }
	struct wlr_backend *backend = real(display);
	if (!backend) return NULL;
	shim.display = display;
	if (wlr_backend_is_headless(backend)) shim.headless = backend;
	else if (wlr_backend_is_multi(backend)) wlr_multi_for_each_backend(backend, find_headless, NULL);
	if (!shim.headless) {
		LOG("no headless backend (set WLR_BACKENDS=headless): injection disabled");
		return backend;
	}
	const char *wanted = getenv("LODESTONE_INJECT_DEVICES");
	if (!wanted) wanted = "pointer,keyboard,touch";
	for (int k = 0; k < KIND_COUNT; k++) {
		if (strstr(wanted, kind_names[k])) add_device((enum kind)k);
	}
	open_control_socket();
	const char *present = getenv("LODESTONE_INJECT_PRESENT");
	if (present && strcmp(present, "1") == 0) {
		new_output_listener.notify = new_output;
		wl_signal_add(&shim.headless->events.new_output, &new_output_listener);
	}
	return backend;
}
