// Hand-written (issue 33.6), not generated: client glue for two small wlroots-family protocols
// that no package on the build machines ships (no wlr-protocols on Debian 12 or 13), written
// from their documentation and checked against wlroots' server side (types/wlr_virtual_pointer_v1.c,
// types/wlr_virtual_keyboard_v1.c): the request order there is the opcode order here.
//   zwlr_virtual_pointer_manager_v1 v1: create_virtual_pointer(seat: ?object wl_seat, id: new_id), destroy
//   zwlr_virtual_pointer_v1 v1: motion, motion_absolute, button, axis, frame, axis_source,
//     axis_stop, axis_discrete, destroy (no events)
//   zwp_virtual_keyboard_manager_v1 v1: create_virtual_keyboard(seat: object wl_seat, id: new_id)
//     (no destroy request)
//   zwp_virtual_keyboard_v1 v1: keymap(format, fd, size), key(time, key, state),
//     modifiers(depressed, latched, locked, group), destroy (no events)
// Proxies travel as struct wl_proxy *; Swift takes interfaces through the accessors only (a
// release build copies a global whose address Swift takes, as CWaylandProtocols.h explains).
#ifndef LODESTONE_WAYLAND_VIRTUAL_INPUT_H
#define LODESTONE_WAYLAND_VIRTUAL_INPUT_H
#include <stdint.h>
#include <wayland-client.h>

const struct wl_interface *lodestone_virtual_pointer_manager_interface(void);
const struct wl_interface *lodestone_virtual_keyboard_manager_interface(void);

struct wl_proxy *lodestone_virtual_pointer_create(struct wl_proxy *manager, struct wl_seat *seat);
void lodestone_virtual_pointer_motion_absolute(struct wl_proxy *pointer, uint32_t time, uint32_t x, uint32_t y,
                                               uint32_t x_extent, uint32_t y_extent);
void lodestone_virtual_pointer_button(struct wl_proxy *pointer, uint32_t time, uint32_t button, uint32_t state);
void lodestone_virtual_pointer_frame(struct wl_proxy *pointer);
void lodestone_virtual_pointer_destroy(struct wl_proxy *pointer);
void lodestone_virtual_pointer_manager_destroy(struct wl_proxy *manager);

struct wl_proxy *lodestone_virtual_keyboard_create(struct wl_proxy *manager, struct wl_seat *seat);
void lodestone_virtual_keyboard_keymap(struct wl_proxy *keyboard, uint32_t format, int32_t fd, uint32_t size);
void lodestone_virtual_keyboard_key(struct wl_proxy *keyboard, uint32_t time, uint32_t key, uint32_t state);
void lodestone_virtual_keyboard_modifiers(struct wl_proxy *keyboard, uint32_t depressed, uint32_t latched,
                                          uint32_t locked, uint32_t group);
void lodestone_virtual_keyboard_destroy(struct wl_proxy *keyboard);
/// The manager has no destroy request: the proxy alone goes.
void lodestone_virtual_keyboard_manager_release(struct wl_proxy *manager);

#endif
