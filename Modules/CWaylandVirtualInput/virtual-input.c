// Hand-written (issue 33.6), not generated: see include/CWaylandVirtualInput.h for what this
// covers and where its wire layout was checked. Signatures use libwayland's letters: u uint,
// i int, f fixed, h fd, o object, n new_id, "?" nullable. Each request's types[] entry holds the
// interface of its object and new_id arguments, NULL for the others.
#include "CWaylandVirtualInput.h"

static const struct wl_interface virtual_pointer_interface;
static const struct wl_interface virtual_keyboard_interface;

static const struct wl_interface *no_types[] = { NULL, NULL, NULL, NULL, NULL };
static const struct wl_interface *create_pointer_types[] = { &wl_seat_interface, &virtual_pointer_interface };
static const struct wl_interface *create_keyboard_types[] = { &wl_seat_interface, &virtual_keyboard_interface };

// zwlr_virtual_pointer_v1, version 1: requests in opcode order.
enum { POINTER_MOTION, POINTER_MOTION_ABSOLUTE, POINTER_BUTTON, POINTER_AXIS, POINTER_FRAME, POINTER_AXIS_SOURCE,
       POINTER_AXIS_STOP, POINTER_AXIS_DISCRETE, POINTER_DESTROY };
static const struct wl_message virtual_pointer_requests[] = {
	{ "motion", "uff", no_types },
	{ "motion_absolute", "uuuuu", no_types },
	{ "button", "uuu", no_types },
	{ "axis", "uuf", no_types },
	{ "frame", "", no_types },
	{ "axis_source", "u", no_types },
	{ "axis_stop", "uu", no_types },
	{ "axis_discrete", "uufi", no_types },
	{ "destroy", "", no_types },
};
static const struct wl_interface virtual_pointer_interface = {
	"zwlr_virtual_pointer_v1", 1, 9, virtual_pointer_requests, 0, NULL,
};

// zwlr_virtual_pointer_manager_v1, version 1 (version 2 adds create_virtual_pointer_with_output
// as opcode 2: not used, so not bound).
enum { POINTER_MANAGER_CREATE, POINTER_MANAGER_DESTROY };
static const struct wl_message virtual_pointer_manager_requests[] = {
	{ "create_virtual_pointer", "?on", create_pointer_types },
	{ "destroy", "", no_types },
};
static const struct wl_interface virtual_pointer_manager_interface = {
	"zwlr_virtual_pointer_manager_v1", 1, 2, virtual_pointer_manager_requests, 0, NULL,
};

// zwp_virtual_keyboard_v1, version 1.
enum { KEYBOARD_KEYMAP, KEYBOARD_KEY, KEYBOARD_MODIFIERS, KEYBOARD_DESTROY };
static const struct wl_message virtual_keyboard_requests[] = {
	{ "keymap", "uhu", no_types },
	{ "key", "uuu", no_types },
	{ "modifiers", "uuuu", no_types },
	{ "destroy", "", no_types },
};
static const struct wl_interface virtual_keyboard_interface = {
	"zwp_virtual_keyboard_v1", 1, 4, virtual_keyboard_requests, 0, NULL,
};

// zwp_virtual_keyboard_manager_v1, version 1.
enum { KEYBOARD_MANAGER_CREATE };
static const struct wl_message virtual_keyboard_manager_requests[] = {
	{ "create_virtual_keyboard", "on", create_keyboard_types },
};
static const struct wl_interface virtual_keyboard_manager_interface = {
	"zwp_virtual_keyboard_manager_v1", 1, 1, virtual_keyboard_manager_requests, 0, NULL,
};

const struct wl_interface *lodestone_virtual_pointer_manager_interface(void) { return &virtual_pointer_manager_interface; }
const struct wl_interface *lodestone_virtual_keyboard_manager_interface(void) { return &virtual_keyboard_manager_interface; }

struct wl_proxy *lodestone_virtual_pointer_create(struct wl_proxy *manager, struct wl_seat *seat) {
	return wl_proxy_marshal_flags(manager, POINTER_MANAGER_CREATE, &virtual_pointer_interface,
	                              wl_proxy_get_version(manager), 0, seat, NULL);
}

void lodestone_virtual_pointer_motion_absolute(struct wl_proxy *pointer, uint32_t time, uint32_t x, uint32_t y,
                                               uint32_t x_extent, uint32_t y_extent) {
	wl_proxy_marshal_flags(pointer, POINTER_MOTION_ABSOLUTE, NULL, wl_proxy_get_version(pointer), 0,
	                       time, x, y, x_extent, y_extent);
}

void lodestone_virtual_pointer_button(struct wl_proxy *pointer, uint32_t time, uint32_t button, uint32_t state) {
	wl_proxy_marshal_flags(pointer, POINTER_BUTTON, NULL, wl_proxy_get_version(pointer), 0, time, button, state);
}

void lodestone_virtual_pointer_frame(struct wl_proxy *pointer) {
	wl_proxy_marshal_flags(pointer, POINTER_FRAME, NULL, wl_proxy_get_version(pointer), 0);
}

void lodestone_virtual_pointer_destroy(struct wl_proxy *pointer) {
	wl_proxy_marshal_flags(pointer, POINTER_DESTROY, NULL, wl_proxy_get_version(pointer), WL_MARSHAL_FLAG_DESTROY);
}

void lodestone_virtual_pointer_manager_destroy(struct wl_proxy *manager) {
	wl_proxy_marshal_flags(manager, POINTER_MANAGER_DESTROY, NULL, wl_proxy_get_version(manager), WL_MARSHAL_FLAG_DESTROY);
}

struct wl_proxy *lodestone_virtual_keyboard_create(struct wl_proxy *manager, struct wl_seat *seat) {
	return wl_proxy_marshal_flags(manager, KEYBOARD_MANAGER_CREATE, &virtual_keyboard_interface,
	                              wl_proxy_get_version(manager), 0, seat, NULL);
}

void lodestone_virtual_keyboard_keymap(struct wl_proxy *keyboard, uint32_t format, int32_t fd, uint32_t size) {
	wl_proxy_marshal_flags(keyboard, KEYBOARD_KEYMAP, NULL, wl_proxy_get_version(keyboard), 0, format, fd, size);
}

void lodestone_virtual_keyboard_key(struct wl_proxy *keyboard, uint32_t time, uint32_t key, uint32_t state) {
	wl_proxy_marshal_flags(keyboard, KEYBOARD_KEY, NULL, wl_proxy_get_version(keyboard), 0, time, key, state);
}

void lodestone_virtual_keyboard_modifiers(struct wl_proxy *keyboard, uint32_t depressed, uint32_t latched,
                                          uint32_t locked, uint32_t group) {
	wl_proxy_marshal_flags(keyboard, KEYBOARD_MODIFIERS, NULL, wl_proxy_get_version(keyboard), 0,
	                       depressed, latched, locked, group);
}

void lodestone_virtual_keyboard_destroy(struct wl_proxy *keyboard) {
	wl_proxy_marshal_flags(keyboard, KEYBOARD_DESTROY, NULL, wl_proxy_get_version(keyboard), WL_MARSHAL_FLAG_DESTROY);
}

void lodestone_virtual_keyboard_manager_release(struct wl_proxy *manager) { wl_proxy_destroy(manager); }
