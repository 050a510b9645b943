// sway-inject: an LD_PRELOAD shim that gives a headless wlroots compositor real input devices
// and lets a test drive them (issue 3, SPEC T1): sway 1.7 and cage 0.1.4 (wlroots 0.15), and
// Debian 13's sway 1.10, labwc 0.8 and cage 0.2 (wlroots 0.18, issue 31.4), the same source
// built against either.
//
// A headless seat has no devices. This shim wraps wlr_backend_autocreate(), finds the headless
// backend inside the multi backend, and adds a pointer (which also carries touchpad gestures),
// a keyboard and a touch device. wlroots 0.15 makes them with wlr_headless_add_input_device();
// 0.18 has no such call, so the shim implements the devices itself (wlr_pointer_init and its
// kin with an implementation of its own) and announces each on the backend's new_input signal
// once the compositor has started the backend (wrapping wlr_backend_start), as a backend does
// for a device it found. Either way their events then travel the compositor's normal input
// path: cursor, seat, bindings, xkb state, wl_pointer, wl_keyboard, wl_touch,
// zwp_pointer_gestures_v1.
//
// Control channel: a unix stream socket at $LODESTONE_INJECT_SOCKET, served from sway's own
// wl_event_loop (the headless backend is not thread-safe; never emit from another thread). One
// command per line; every line is answered with "ok" or "error <reason>" once sway has handled
// the events synchronously, so a reply means sway has already queued what it sends to clients.
// The command set is documented in README.md beside this file.
//
// $LODESTONE_INJECT_DEVICES (default "pointer,keyboard,touch") chooses the devices present at
// start; "add"/"remove" change them at runtime (seat capabilities appear and disappear).
//
// Buffer releases (issue 8, a compositor that releases late or never): the shim also wraps
// wl_resource_post_event, through which wlroots sends wl_buffer.release (wl_buffer_send_release
// is a static inline calling wl_resource_post_event(resource, WL_BUFFER_RELEASE)). "releases
// hold|drop|delay MS|pass" holds them back until "pass", discards them, delays each by MS
// milliseconds, or sends them normally again (flushing the held ones).

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

#include <stdarg.h>
#include <wayland-server-core.h>
#include <wayland-server-protocol.h>
#include <wlr/backend.h>
#include <wlr/backend/headless.h>
#include <wlr/backend/multi.h>
#include <wlr/version.h>
#include <wlr/interfaces/wlr_keyboard.h>
#include <wlr/interfaces/wlr_output.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_pointer.h>
#include <wlr/types/wlr_touch.h>
#if WLR_VERSION_MAJOR == 0 && WLR_VERSION_MINOR <= 15
#define WLR_015 1
#include <wlr/interfaces/wlr_input_device.h>
#else
#define WLR_015 0
#include <wlr/interfaces/wlr_pointer.h>
#include <wlr/interfaces/wlr_touch.h>
#endif

// The two generations name the same events differently: wlroots 0.15's events carry the
// wlr_input_device and use wlroots' own enums, 0.18's carry the typed device and the protocol's.
#if WLR_015
#define EVENT(old, new) struct old
#define FROM_POINTER(dev) .device = (dev)
#define FROM_TOUCH(dev) .device = (dev)
#define AS_POINTER(dev) ((dev)->pointer)
#define AS_KEYBOARD(dev) ((dev)->keyboard)
#define AS_TOUCH(dev) ((dev)->touch)
typedef enum wlr_axis_source axis_source_t;
#define AXIS_VERTICAL WLR_AXIS_ORIENTATION_VERTICAL
#define AXIS_HORIZONTAL WLR_AXIS_ORIENTATION_HORIZONTAL
#define BUTTON_PRESSED WLR_BUTTON_PRESSED
#define BUTTON_RELEASED WLR_BUTTON_RELEASED
#define DETENTS(n) (n)
#else
#define EVENT(old, new) struct new
#define FROM_POINTER(dev) .pointer = wlr_pointer_from_input_device(dev)
#define FROM_TOUCH(dev) .touch = wlr_touch_from_input_device(dev)
#define AS_POINTER(dev) wlr_pointer_from_input_device(dev)
#define AS_KEYBOARD(dev) wlr_keyboard_from_input_device(dev)
#define AS_TOUCH(dev) wlr_touch_from_input_device(dev)
typedef enum wl_pointer_axis_source axis_source_t;
#define AXIS_VERTICAL WL_POINTER_AXIS_VERTICAL_SCROLL
#define AXIS_HORIZONTAL WL_POINTER_AXIS_HORIZONTAL_SCROLL
#define BUTTON_PRESSED WL_POINTER_BUTTON_STATE_PRESSED
#define BUTTON_RELEASED WL_POINTER_BUTTON_STATE_RELEASED
// wlroots 0.18 counts wheel steps in 120ths of a detent (wl_pointer.axis_value120).
#define DETENTS(n) ((n) * 120)
#endif

#define LOG(...) do { fprintf(stderr, "[sway-inject] " __VA_ARGS__); fputc('\n', stderr); } while (0)

enum kind { POINTER, KEYBOARD, TOUCH, KIND_COUNT };
static const char *kind_names[KIND_COUNT] = { "pointer", "keyboard", "touch" };
static const enum wlr_input_device_type kind_types[KIND_COUNT] = {
	WLR_INPUT_DEVICE_POINTER, WLR_INPUT_DEVICE_KEYBOARD, WLR_INPUT_DEVICE_TOUCH,
};

static struct {
	struct wl_event_loop *loop;
	// The display, learnt from the first client resource the shim sees (wlroots 0.18's
	// wlr_backend_autocreate gets the event loop only).
	struct wl_display *display;
	struct wlr_backend *headless;
	// The backend wlr_backend_autocreate returned (the compositor listens on its new_input),
	// and whether it has started: devices made before the start are announced then.
	struct wlr_backend *backend;
	bool started;
	struct wlr_input_device *devices[KIND_COUNT];
	struct wl_listener destroyed[KIND_COUNT];
	// wlroots 0.15 asserts (aborts sway) when one pointer frame mixes axis sources: remember the
	// source of the pending frame and refuse a mixed command instead.
	bool axis_pending;
	axis_source_t axis_source;
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

#if !WLR_015
// wlroots 0.18: the devices are the shim's own. An implementation names the kind of device; the
// keyboard has no LEDs to light.
static const struct wlr_pointer_impl pointer_impl = { .name = "lodestone-inject-pointer" };
static const struct wlr_keyboard_impl keyboard_impl = { .name = "lodestone-inject-keyboard" };
static const struct wlr_touch_impl touch_impl = { .name = "lodestone-inject-touch" };

static struct wlr_input_device *make_device(enum kind k, const char *name) {
	switch (k) {
	case POINTER: {
		struct wlr_pointer *p = calloc(1, sizeof *p);
		if (!p) return NULL;
		wlr_pointer_init(p, &pointer_impl, name);
		return &p->base;
	}
	case KEYBOARD: {
		struct wlr_keyboard *kb = calloc(1, sizeof *kb);
		if (!kb) return NULL;
		wlr_keyboard_init(kb, &keyboard_impl, name);
		return &kb->base;
	}
	case TOUCH: {
		struct wlr_touch *t = calloc(1, sizeof *t);
		if (!t) return NULL;
		wlr_touch_init(t, &touch_impl, name);
		return &t->base;
	}
	default: return NULL;
	}
}

// Finishing a device emits its destroy signal (the compositor drops it from the seat).
static void destroy_device(struct wlr_input_device *dev) {
	switch (dev->type) {
	case WLR_INPUT_DEVICE_POINTER: { struct wlr_pointer *p = wlr_pointer_from_input_device(dev); wlr_pointer_finish(p); free(p); break; }
	case WLR_INPUT_DEVICE_KEYBOARD: { struct wlr_keyboard *kb = wlr_keyboard_from_input_device(dev); wlr_keyboard_finish(kb); free(kb); break; }
	case WLR_INPUT_DEVICE_TOUCH: { struct wlr_touch *t = wlr_touch_from_input_device(dev); wlr_touch_finish(t); free(t); break; }
	default: break;
	}
}

static void announce(struct wlr_input_device *dev) {
	wl_signal_emit_mutable(&shim.backend->events.new_input, dev);
}
#endif

// Adds one device. Before the backend starts, the compositor learns of it when the backend
// starts; after, it is announced at once (new_input) and the seat's capabilities change.
static bool add_device(enum kind k) {
	if (shim.devices[k]) return false;
	// Distinct names so `swaymsg -t get_inputs` tells them apart ("0:0:lodestone-pointer").
	char name[64];
	snprintf(name, sizeof name, "lodestone-%s", kind_names[k]);
#if WLR_015
	struct wlr_input_device *dev = wlr_headless_add_input_device(shim.headless, kind_types[k]);
	if (!dev) return false;
	free(dev->name);
	dev->name = strdup(name);
#else
	(void)kind_types;
	struct wlr_input_device *dev = make_device(k, name);
	if (!dev) return false;
#endif
	shim.devices[k] = dev;
	shim.destroyed[k].notify = device_destroyed;
	wl_signal_add(&dev->events.destroy, &shim.destroyed[k]);
#if !WLR_015
	if (shim.started) announce(dev);
#endif
	return true;
}

static void find_headless(struct wlr_backend *backend, void *data) {
	(void)data;
	if (wlr_backend_is_headless(backend) && !shim.headless) shim.headless = backend;
}

// --- Buffer releases ---------------------------------------------------------------------------

enum release_mode { RELEASE_PASS, RELEASE_HOLD, RELEASE_DROP, RELEASE_DELAY };

// A release not sent yet. The client may destroy the wl_buffer meanwhile: the destroy listener
// takes the entry out of the queue.
struct held_release {
	struct wl_list link;
	struct wl_resource *buffer;
	struct wl_listener destroy;
	uint32_t due_msec;
};

static struct {
	enum release_mode mode;
	uint32_t delay_msec;
	struct wl_list held; // struct held_release, oldest first
	bool initialized;
	struct wl_event_source *timer;
	unsigned long sent, held_total, dropped, sent_late;
	void (*post_array)(struct wl_resource *, uint32_t, union wl_argument *);
} rel;

static void release_init(void) {
	if (rel.initialized) return;
	rel.initialized = true;
	wl_list_init(&rel.held);
	rel.post_array = (void (*)(struct wl_resource *, uint32_t, union wl_argument *))dlsym(RTLD_NEXT, "wl_resource_post_event_array");
	if (!rel.post_array) { LOG("wl_resource_post_event_array not found: %s", dlerror()); abort(); }
}

static int held_count(void) {
	return rel.initialized ? wl_list_length(&rel.held) : 0;
}

static void held_remove(struct held_release *h) {
	wl_list_remove(&h->link);
	wl_list_remove(&h->destroy.link);
	free(h);
}

static void held_buffer_destroyed(struct wl_listener *listener, void *data) {
	(void)data;
	struct held_release *h = wl_container_of(listener, h, destroy);
	held_remove(h);
}

static void send_release(struct wl_resource *buffer) {
	union wl_argument none[1] = {{ .u = 0 }};
	rel.post_array(buffer, WL_BUFFER_RELEASE, none);
}

// Sends the held releases that are due (all of them when `all`).
static void flush_releases(bool all) {
	if (!rel.initialized) return;
	uint32_t now = now_msec();
	struct held_release *h, *tmp;
	wl_list_for_each_safe(h, tmp, &rel.held, link) {
		if (!all && (int32_t)(now - h->due_msec) < 0) break;
		struct wl_resource *buffer = h->buffer;
		held_remove(h);
		send_release(buffer);
		rel.sent_late++;
	}
	if (shim.display) wl_display_flush_clients(shim.display);
}

static int release_timer_fired(void *data) {
	(void)data;
	if (rel.mode != RELEASE_DELAY) return 0; // "hold" holds the delayed ones too
	flush_releases(false);
	if (!wl_list_empty(&rel.held)) wl_event_source_timer_update(rel.timer, 2);
	return 0;
}

static bool is_buffer(struct wl_resource *resource) {
	const char *cls = wl_resource_get_class(resource);
	return cls && strcmp(cls, "wl_buffer") == 0;
}

// libwayland keeps wl_resource private; its first member is the wl_object, whose first member is
// the interface (unchanged since wayland 1.0; checked against wl_resource_get_class).
static const struct wl_interface *interface_of(struct wl_resource *resource) {
	const struct wl_interface *iface = *(const struct wl_interface *const *)resource;
	const char *cls = wl_resource_get_class(resource);
	if (!iface || !cls || strcmp(iface->name, cls) != 0) {
		LOG("wl_resource layout not as expected (interface %s, class %s)", iface ? iface->name : "?", cls ? cls : "?");
		abort();
	}
	return iface;
}

void wl_resource_post_event(struct wl_resource *resource, uint32_t opcode, ...) {
	release_init();
	if (!shim.display) shim.display = wl_client_get_display(wl_resource_get_client(resource));
	if (opcode == WL_BUFFER_RELEASE && rel.mode != RELEASE_PASS && is_buffer(resource)) {
		if (rel.mode == RELEASE_DROP) { rel.dropped++; return; }
		struct held_release *h = calloc(1, sizeof *h);
		if (!h) abort();
		h->buffer = resource;
		h->due_msec = now_msec() + (rel.mode == RELEASE_DELAY ? rel.delay_msec : 0);
		h->destroy.notify = held_buffer_destroyed;
		wl_resource_add_destroy_listener(resource, &h->destroy);
		wl_list_insert(rel.held.prev, &h->link);
		rel.held_total++;
		if (rel.mode == RELEASE_DELAY && rel.timer) wl_event_source_timer_update(rel.timer, (int)rel.delay_msec + 1);
		return;
	}
	if (opcode == WL_BUFFER_RELEASE && is_buffer(resource)) rel.sent++;
	// Forward: the arguments as the event's signature says (what libwayland does itself).
	const struct wl_message *msg = &interface_of(resource)->events[opcode];
	union wl_argument args[20];
	int n = 0;
	va_list ap;
	va_start(ap, opcode);
	for (const char *sig = msg->signature; *sig && n < 20; sig++) {
		switch (*sig) {
		case 'i': args[n++].i = va_arg(ap, int32_t); break;
		case 'u': args[n++].u = va_arg(ap, uint32_t); break;
		case 'f': args[n++].f = va_arg(ap, wl_fixed_t); break;
		case 's': args[n++].s = va_arg(ap, const char *); break;
		case 'o': case 'n': args[n++].o = va_arg(ap, struct wl_object *); break;
		case 'a': args[n++].a = va_arg(ap, struct wl_array *); break;
		case 'h': args[n++].h = va_arg(ap, int32_t); break;
		default: break; // '?' (nullable) and the version digits
		}
	}
	va_end(ap);
	rel.post_array(resource, opcode, args);
}

// --- Commands --------------------------------------------------------------------------------

static struct wlr_pointer *pointer(void) {
	return shim.devices[POINTER] ? AS_POINTER(shim.devices[POINTER]) : NULL;
}

static void pointer_frame(struct wlr_pointer *p) {
	wl_signal_emit(&p->events.frame, p);
	shim.axis_pending = false;
}

static bool parse_source(const char *s, axis_source_t *out) {
	// The same order in wlroots 0.15's enum and the protocol's.
	static const char *names[] = { "wheel", "finger", "continuous", "tilt" };
	for (int i = 0; i < 4; i++) {
		if (strcmp(s, names[i]) == 0) { *out = (axis_source_t)i; return true; }
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
#if WLR_015
			wlr_input_device_destroy(shim.devices[k]);
#else
			destroy_device(shim.devices[k]);
#endif
		}
	} else if (strcmp(verb, "releases") == 0) {
		// releases [hold|drop|delay MS|pass]: how wl_buffer.release reaches the clients from now on;
		// without an argument only the answer (the counters).
		release_init();
		int got = sscanf(line, "%*s %31s %i", a, &n);
		if (got >= 1) {
			if (strcmp(a, "hold") == 0) rel.mode = RELEASE_HOLD;
			else if (strcmp(a, "drop") == 0) rel.mode = RELEASE_DROP;
			else if (strcmp(a, "delay") == 0) {
				NEED(got == 2 && n >= 0, "expected delay MILLISECONDS");
				if (!rel.timer) rel.timer = wl_event_loop_add_timer(shim.loop, release_timer_fired, NULL);
				rel.mode = RELEASE_DELAY;
				rel.delay_msec = (uint32_t)n;
			} else if (strcmp(a, "pass") == 0) {
				rel.mode = RELEASE_PASS;
				flush_releases(true);
			} else NEED(false, "expected hold, drop, delay MS or pass");
		}
		static const char *modes[] = { "pass", "hold", "drop", "delay" };
		snprintf(reply, cap, "ok mode %s held %d sent %lu late %lu dropped %lu", modes[rel.mode], held_count(),
			rel.sent, rel.sent_late, rel.dropped);
		return;
	} else if (strcmp(verb, "motion") == 0) {
		// motion DX DY [UNACCEL_DX UNACCEL_DY]: relative, in layout pixels.
		NEED_POINTER();
		n = sscanf(line, "%*s %lf %lf %lf %lf", &x, &y, &u, &v);
		NEED(n == 2 || n == 4, "expected DX DY [UDX UDY]");
		if (n == 2) { u = x; v = y; }
		EVENT(wlr_event_pointer_motion, wlr_pointer_motion_event) ev = { FROM_POINTER(pdev), .time_msec = t,
			.delta_x = x, .delta_y = y, .unaccel_dx = u, .unaccel_dy = v };
		wl_signal_emit(&p->events.motion, &ev);
		pointer_frame(p);
	} else if (strcmp(verb, "absolute") == 0) {
		// absolute X Y: 0…1 across the output layout (wlr_cursor maps it).
		NEED_POINTER();
		NEED(sscanf(line, "%*s %lf %lf", &x, &y) == 2, "expected X Y in 0…1");
		NEED(x >= 0 && x <= 1 && y >= 0 && y <= 1, "X and Y must be within 0…1");
		EVENT(wlr_event_pointer_motion_absolute, wlr_pointer_motion_absolute_event) ev = { FROM_POINTER(pdev), .time_msec = t, .x = x, .y = y };
		wl_signal_emit(&p->events.motion_absolute, &ev);
		pointer_frame(p);
	} else if (strcmp(verb, "button") == 0) {
		// button CODE pressed|released (evdev code, e.g. 272 = BTN_LEFT).
		NEED_POINTER();
		bool pressed;
		NEED(sscanf(line, "%*s %i %31s", &i, a) == 2 && parse_state(a, &pressed), "expected CODE pressed|released");
		EVENT(wlr_event_pointer_button, wlr_pointer_button_event) ev = { FROM_POINTER(pdev), .time_msec = t, .button = (uint32_t)i,
			.state = pressed ? BUTTON_PRESSED : BUTTON_RELEASED };
		wl_signal_emit(&p->events.button, &ev);
		pointer_frame(p);
	} else if (strcmp(verb, "axis") == 0) {
		// axis SOURCE vertical|horizontal DELTA DISCRETE [natural]: no frame (send "frame" after
		// the axes that belong together). DELTA 0 is a stop for finger/continuous sources.
		// "natural": the delta is already inverted, as libinput's natural scrolling gives it;
		// wlroots 0.18 marks it so (wl_pointer.axis_relative_direction inverted, wl_seat 9),
		// wlroots 0.15 has no such field and ignores the word.
		NEED_POINTER();
		axis_source_t source;
		char natural[16] = "";
		NEED(sscanf(line, "%*s %31s %31s %lf %i %15s", a, b, &x, &n, natural) >= 4 && parse_source(a, &source),
			"expected wheel|finger|continuous|tilt vertical|horizontal DELTA DISCRETE [natural]");
		NEED(natural[0] == 0 || strcmp(natural, "natural") == 0, "the fifth word may only be natural");
		NEED(strcmp(b, "vertical") == 0 || strcmp(b, "horizontal") == 0, "orientation must be vertical or horizontal");
		NEED(!shim.axis_pending || shim.axis_source == source,
			"mixing axis sources in one frame aborts sway 1.7; send frame first");
		EVENT(wlr_event_pointer_axis, wlr_pointer_axis_event) ev = { FROM_POINTER(pdev), .time_msec = t, .source = source,
			.orientation = b[0] == 'v' ? AXIS_VERTICAL : AXIS_HORIZONTAL,
			.delta = x, .delta_discrete = DETENTS(n) };
#if !WLR_015
		ev.relative_direction = natural[0] ? WL_POINTER_AXIS_RELATIVE_DIRECTION_INVERTED : WL_POINTER_AXIS_RELATIVE_DIRECTION_IDENTICAL;
#endif
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
			EVENT(wlr_event_pointer_swipe_begin, wlr_pointer_swipe_begin_event) ev = { FROM_POINTER(pdev), .time_msec = t, .fingers = (uint32_t)n };
			wl_signal_emit(&p->events.swipe_begin, &ev);
		} else if (verb[0] == 'p') {
			EVENT(wlr_event_pointer_pinch_begin, wlr_pointer_pinch_begin_event) ev = { FROM_POINTER(pdev), .time_msec = t, .fingers = (uint32_t)n };
			wl_signal_emit(&p->events.pinch_begin, &ev);
		} else {
			// sway 1.7 does not forward hold gestures; emitted anyway so tests can show that.
			EVENT(wlr_event_pointer_hold_begin, wlr_pointer_hold_begin_event) ev = { FROM_POINTER(pdev), .time_msec = t, .fingers = (uint32_t)n };
			wl_signal_emit(&p->events.hold_begin, &ev);
		}
	} else if (strcmp(verb, "swipe-update") == 0) {
		NEED_POINTER();
		NEED(sscanf(line, "%*s %i %lf %lf", &n, &x, &y) == 3, "expected FINGERS DX DY");
		EVENT(wlr_event_pointer_swipe_update, wlr_pointer_swipe_update_event) ev = { FROM_POINTER(pdev), .time_msec = t, .fingers = (uint32_t)n, .dx = x, .dy = y };
		wl_signal_emit(&p->events.swipe_update, &ev);
	} else if (strcmp(verb, "pinch-update") == 0) {
		NEED_POINTER();
		NEED(sscanf(line, "%*s %i %lf %lf %lf %lf", &n, &x, &y, &u, &v) == 5, "expected FINGERS DX DY SCALE ROTATION");
		EVENT(wlr_event_pointer_pinch_update, wlr_pointer_pinch_update_event) ev = { FROM_POINTER(pdev), .time_msec = t, .fingers = (uint32_t)n,
			.dx = x, .dy = y, .scale = u, .rotation = v };
		wl_signal_emit(&p->events.pinch_update, &ev);
	} else if (strcmp(verb, "swipe-end") == 0 || strcmp(verb, "pinch-end") == 0 || strcmp(verb, "hold-end") == 0) {
		NEED_POINTER();
		n = 0;
		sscanf(line, "%*s %31s", a);
		bool cancelled = strcmp(a, "cancelled") == 0;
		if (verb[0] == 's') {
			EVENT(wlr_event_pointer_swipe_end, wlr_pointer_swipe_end_event) ev = { FROM_POINTER(pdev), .time_msec = t, .cancelled = cancelled };
			wl_signal_emit(&p->events.swipe_end, &ev);
		} else if (verb[0] == 'p') {
			EVENT(wlr_event_pointer_pinch_end, wlr_pointer_pinch_end_event) ev = { FROM_POINTER(pdev), .time_msec = t, .cancelled = cancelled };
			wl_signal_emit(&p->events.pinch_end, &ev);
		} else {
			EVENT(wlr_event_pointer_hold_end, wlr_pointer_hold_end_event) ev = { FROM_POINTER(pdev), .time_msec = t, .cancelled = cancelled };
			wl_signal_emit(&p->events.hold_end, &ev);
		}
	} else if (strcmp(verb, "key") == 0) {
		// key CODE pressed|released (evdev code). wlroots updates the xkb state from sway's
		// keymap, so modifiers and locks (Caps Lock) behave as on a real keyboard.
		NEED(kdev, "no keyboard device");
		bool pressed;
		NEED(sscanf(line, "%*s %i %31s", &i, a) == 2 && parse_state(a, &pressed) && i >= 0, "expected CODE pressed|released");
		EVENT(wlr_event_keyboard_key, wlr_keyboard_key_event) ev = { .time_msec = t, .keycode = (uint32_t)i, .update_state = true,
			.state = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED };
		wlr_keyboard_notify_key(AS_KEYBOARD(kdev), &ev);
	} else if (strcmp(verb, "touch-down") == 0 || strcmp(verb, "touch-motion") == 0) {
		// touch-down|touch-motion ID X Y: X, Y in 0…1 across the layout.
		NEED_TOUCH();
		NEED(sscanf(line, "%*s %i %lf %lf", &i, &x, &y) == 3, "expected ID X Y");
		NEED(x >= 0 && x <= 1 && y >= 0 && y <= 1, "X and Y must be within 0…1");
		if (verb[6] == 'd') {
			EVENT(wlr_event_touch_down, wlr_touch_down_event) ev = { FROM_TOUCH(tdev), .time_msec = t, .touch_id = i, .x = x, .y = y };
			wl_signal_emit(&AS_TOUCH(tdev)->events.down, &ev);
		} else {
			EVENT(wlr_event_touch_motion, wlr_touch_motion_event) ev = { FROM_TOUCH(tdev), .time_msec = t, .touch_id = i, .x = x, .y = y };
			wl_signal_emit(&AS_TOUCH(tdev)->events.motion, &ev);
		}
	} else if (strcmp(verb, "touch-up") == 0 || strcmp(verb, "touch-cancel") == 0) {
		NEED_TOUCH();
		NEED(sscanf(line, "%*s %i", &i) == 1, "expected ID");
		if (verb[6] == 'u') {
			EVENT(wlr_event_touch_up, wlr_touch_up_event) ev = { FROM_TOUCH(tdev), .time_msec = t, .touch_id = i };
			wl_signal_emit(&AS_TOUCH(tdev)->events.up, &ev);
		} else {
			EVENT(wlr_event_touch_cancel, wlr_touch_cancel_event) ev = { FROM_TOUCH(tdev), .time_msec = t, .touch_id = i };
			wl_signal_emit(&AS_TOUCH(tdev)->events.cancel, &ev);
		}
	} else if (strcmp(verb, "touch-frame") == 0) {
		NEED_TOUCH();
		wl_signal_emit(&AS_TOUCH(tdev)->events.frame, NULL);
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
	c->source = wl_event_loop_add_fd(shim.loop, cfd,
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
	wl_event_loop_add_fd(shim.loop, fd, WL_EVENT_READABLE, listener_readable, NULL);
	LOG("listening on %s", path);
}

// --- Presentation (LODESTONE_INJECT_PRESENT=1) -------------------------------------------------
// wlroots 0.15's headless outputs never emit `present`, so wp_presentation feedback is never
// answered. With LODESTONE_INJECT_PRESENT=1 every output commit that carries a buffer is
// reported presented at the commit's time with the mode's refresh period, as a real output
// does at scan-out. It is sent from an idle callback: wlr_presentation notes the commit in its
// own commit listener, which runs after ours.

#if WLR_015
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
	if (!p->idle) p->idle = wl_event_loop_add_idle(shim.loop, present_now, p);
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

#endif

// After the real autocreate: finds the headless backend, makes the devices, opens the socket.
static void set_up(struct wlr_backend *backend) {
	shim.backend = backend;
	if (wlr_backend_is_headless(backend)) shim.headless = backend;
	else if (wlr_backend_is_multi(backend)) wlr_multi_for_each_backend(backend, find_headless, NULL);
	if (!shim.headless) {
		LOG("no headless backend (set WLR_BACKENDS=headless): injection disabled");
		return;
	}
	const char *wanted = getenv("LODESTONE_INJECT_DEVICES");
	if (!wanted) wanted = "pointer,keyboard,touch";
	for (int k = 0; k < KIND_COUNT; k++) {
		if (strstr(wanted, kind_names[k])) add_device((enum kind)k);
	}
	open_control_socket();
	const char *present = getenv("LODESTONE_INJECT_PRESENT");
	if (present && strcmp(present, "1") == 0) {
#if WLR_015
		new_output_listener.notify = new_output;
		wl_signal_add(&shim.headless->events.new_output, &new_output_listener);
#else
		// wlroots 0.18's headless outputs present by themselves.
		LOG("LODESTONE_INJECT_PRESENT ignored: wlroots %s presents headless frames itself", WLR_VERSION_STR);
#endif
	}
}

static void *next_symbol(const char *name) {
	void *f = dlsym(RTLD_NEXT, name);
	if (!f) { LOG("%s not found: %s", name, dlerror()); abort(); }
	return f;
}

#if WLR_015
struct wlr_backend *wlr_backend_autocreate(struct wl_display *display) {
	struct wlr_backend *(*real)(struct wl_display *) =
		(struct wlr_backend *(*)(struct wl_display *))next_symbol("wlr_backend_autocreate");
	struct wlr_backend *backend = real(display);
	if (!backend) return NULL;
	shim.display = display;
	shim.loop = wl_display_get_event_loop(display);
	set_up(backend);
	return backend;
}
#else
struct wlr_backend *wlr_backend_autocreate(struct wl_event_loop *loop, struct wlr_session **session) {
	struct wlr_backend *(*real)(struct wl_event_loop *, struct wlr_session **) =
		(struct wlr_backend *(*)(struct wl_event_loop *, struct wlr_session **))next_symbol("wlr_backend_autocreate");
	struct wlr_backend *backend = real(loop, session);
	if (!backend) return NULL;
	shim.loop = loop;
	set_up(backend);
	return backend;
}

// The compositor listens on new_input before it starts the backend: the devices made so far
// are announced once it has started, as the backend announces the devices it finds.
bool wlr_backend_start(struct wlr_backend *backend) {
	bool (*real)(struct wlr_backend *) = (bool (*)(struct wlr_backend *))next_symbol("wlr_backend_start");
	if (!real(backend)) return false;
	if (backend == shim.backend && !shim.started) {
		shim.started = true;
		for (int k = 0; k < KIND_COUNT; k++) {
			if (shim.devices[k]) announce(shim.devices[k]);
		}
	}
	return true;
}
#endif
