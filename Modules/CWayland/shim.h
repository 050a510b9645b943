#include <wayland-client.h>

/* Listener tables with the event slots of versions newer than the headers Lodestone may be built
 * against (Debian 12's libwayland 1.21 stops at wl_seat 8 and wl_compositor 5). libwayland
 * dispatches an event by its opcode into the listener's table of function pointers, so these
 * tables are the headers' listeners with the newer events appended, in protocol order. Each
 * slot is filled (SPEC T1: no event may land on a null slot); an event of a version the
 * object was not bound at never arrives. Written for Lodestone (issue 32.3, 32.5). */

/* wl_pointer as of wl_seat 9: wl_pointer_listener's ten events, then axis_relative_direction
 * (wl_seat 9, libwayland 1.22). */
struct lodestone_wl_pointer_listener_v9 {
	void (*enter)(void *data, struct wl_pointer *pointer, uint32_t serial, struct wl_surface *surface,
		      wl_fixed_t surface_x, wl_fixed_t surface_y);
	void (*leave)(void *data, struct wl_pointer *pointer, uint32_t serial, struct wl_surface *surface);
	void (*motion)(void *data, struct wl_pointer *pointer, uint32_t time, wl_fixed_t surface_x, wl_fixed_t surface_y);
	void (*button)(void *data, struct wl_pointer *pointer, uint32_t serial, uint32_t time, uint32_t button, uint32_t state);
	void (*axis)(void *data, struct wl_pointer *pointer, uint32_t time, uint32_t axis, wl_fixed_t value);
	void (*frame)(void *data, struct wl_pointer *pointer);
	void (*axis_source)(void *data, struct wl_pointer *pointer, uint32_t axis_source);
	void (*axis_stop)(void *data, struct wl_pointer *pointer, uint32_t time, uint32_t axis);
	void (*axis_discrete)(void *data, struct wl_pointer *pointer, uint32_t axis, int32_t discrete);
	void (*axis_value120)(void *data, struct wl_pointer *pointer, uint32_t axis, int32_t value120);
	/* direction: 0 identical (traditional scrolling), 1 inverted (natural scrolling). */
	void (*axis_relative_direction)(void *data, struct wl_pointer *pointer, uint32_t axis, uint32_t direction);
};

/* wl_surface as of wl_compositor 6: enter and leave, then preferred_buffer_scale and
 * preferred_buffer_transform (wl_compositor 6, libwayland 1.22). */
struct lodestone_wl_surface_listener_v6 {
	void (*enter)(void *data, struct wl_surface *surface, struct wl_output *output);
	void (*leave)(void *data, struct wl_surface *surface, struct wl_output *output);
	void (*preferred_buffer_scale)(void *data, struct wl_surface *surface, int32_t factor);
	void (*preferred_buffer_transform)(void *data, struct wl_surface *surface, uint32_t transform);
};

_Static_assert(sizeof(struct lodestone_wl_pointer_listener_v9) >= sizeof(struct wl_pointer_listener),
	       "wl_pointer_listener grew past lodestone_wl_pointer_listener_v9");
_Static_assert(sizeof(struct lodestone_wl_surface_listener_v6) >= sizeof(struct wl_surface_listener),
	       "wl_surface_listener grew past lodestone_wl_surface_listener_v6");

static inline int lodestone_wl_pointer_add_listener_v9(struct wl_pointer *pointer,
						       const struct lodestone_wl_pointer_listener_v9 *listener, void *data) {
	return wl_proxy_add_listener((struct wl_proxy *)pointer, (void (**)(void))listener, data);
}

static inline int lodestone_wl_surface_add_listener_v6(struct wl_surface *surface,
						       const struct lodestone_wl_surface_listener_v6 *listener, void *data) {
	return wl_proxy_add_listener((struct wl_proxy *)surface, (void (**)(void))listener, data);
}

/* The highest version of an interface the loaded libwayland-client knows (its descriptor's
 * version: 8 for wl_seat in 1.21, 9 in 1.22+), read at run time, so one binary binds what the
 * library it runs with can dispatch. */
static inline uint32_t lodestone_library_version(const struct wl_interface *interface) {
	return interface ? (uint32_t)interface->version : 0;
}
