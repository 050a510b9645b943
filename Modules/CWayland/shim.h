#include <wayland-client.h>

/* Listener slots newer libwayland headers add (issue 31: Debian 13's libwayland 1.23), filled
 * with no-ops so that every slot is non-nil whatever the headers the build sees. None of these
 * events can arrive: Lodestone binds wl_seat at v8 (axis_relative_direction is wl_pointer v9)
 * and wl_compositor at v4 (preferred_buffer_scale/_transform are wl_surface v6). The Swift side
 * sets the slots it knows one by one and then calls these. */
#ifdef WL_POINTER_AXIS_RELATIVE_DIRECTION_SINCE_VERSION
static void lodestone_ignore_axis_relative_direction(void *data, struct wl_pointer *pointer, uint32_t axis, uint32_t direction) {
    (void)data; (void)pointer; (void)axis; (void)direction;
}
#endif
static inline void lodestone_fill_newer_pointer_slots(struct wl_pointer_listener *listener) {
#ifdef WL_POINTER_AXIS_RELATIVE_DIRECTION_SINCE_VERSION
    listener->axis_relative_direction = lodestone_ignore_axis_relative_direction;
#else
    (void)listener;
#endif
}

#ifdef WL_SURFACE_PREFERRED_BUFFER_SCALE_SINCE_VERSION
static void lodestone_ignore_preferred_buffer_scale(void *data, struct wl_surface *surface, int32_t factor) {
    (void)data; (void)surface; (void)factor;
}
static void lodestone_ignore_preferred_buffer_transform(void *data, struct wl_surface *surface, uint32_t transform) {
    (void)data; (void)surface; (void)transform;
}
#endif
static inline void lodestone_fill_newer_surface_slots(struct wl_surface_listener *listener) {
#ifdef WL_SURFACE_PREFERRED_BUFFER_SCALE_SINCE_VERSION
    listener->preferred_buffer_scale = lodestone_ignore_preferred_buffer_scale;
    listener->preferred_buffer_transform = lodestone_ignore_preferred_buffer_transform;
#else
    (void)listener;
#endif
}
