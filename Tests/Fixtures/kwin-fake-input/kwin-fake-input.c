// kwin-fake-input: drives KWin 5.27 through org_kde_kwin_fake_input for the end-to-end tests
// (issue 19). KWin offers that global only to a client whose executable a .desktop file lists
// with X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input (the test writes one into KWin's
// XDG_DATA_DIRS naming this binary's path).
//
// Usage: kwin-fake-input SOCKET. Connects to $WAYLAND_DISPLAY, binds the global (exit 3 naming
// it when KWin does not offer it), authenticates, prints "ready VERSION", then serves one
// client on the unix socket SOCKET: one command a line, each answered "ok" after a roundtrip
// (KWin has handled the requests) or "error <why>".
//   abs X Y | rel DX DY        pointer motion (logical pixels; abs needs version 3)
//   button CODE 1|0            evdev button code pressed / released
//   axis 0|1 VALUE             vertical (0) or horizontal (1) scroll, KWin's own units
//   key CODE 1|0               evdev key code (version 4)
//   touch down|motion ID X Y, touch up ID   one touch point, each followed by touch_frame
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <wayland-client.h>
#include "fake-input-client.h"

static struct org_kde_kwin_fake_input *fake;
static uint32_t fake_version;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data;
    if (strcmp(interface, org_kde_kwin_fake_input_interface.name) == 0) {
        fake_version = version < 4 ? version : 4;
        fake = wl_registry_bind(registry, name, &org_kde_kwin_fake_input_interface, fake_version);
    }
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener registry_listener = {global, global_remove};

static int run(const char *line, char *why, size_t whylen) {
    char op[16] = {0}, sub[16] = {0};
    double a = 0, b = 0;
    unsigned id = 0;
    if (sscanf(line, "%15s", op) != 1) return snprintf(why, whylen, "empty command"), -1;
    if (strcmp(op, "abs") == 0 && sscanf(line, "%*s %lf %lf", &a, &b) == 2) {
        if (fake_version < 3) return snprintf(why, whylen, "abs needs version 3, KWin offers %u", fake_version), -1;
        org_kde_kwin_fake_input_pointer_motion_absolute(fake, wl_fixed_from_double(a), wl_fixed_from_double(b));
    } else if (strcmp(op, "rel") == 0 && sscanf(line, "%*s %lf %lf", &a, &b) == 2) {
        org_kde_kwin_fake_input_pointer_motion(fake, wl_fixed_from_double(a), wl_fixed_from_double(b));
    } else if (strcmp(op, "button") == 0 && sscanf(line, "%*s %u %lf", &id, &a) == 2) {
        org_kde_kwin_fake_input_button(fake, id, a != 0);
    } else if (strcmp(op, "axis") == 0 && sscanf(line, "%*s %u %lf", &id, &a) == 2) {
        org_kde_kwin_fake_input_axis(fake, id, wl_fixed_from_double(a));
    } else if (strcmp(op, "key") == 0 && sscanf(line, "%*s %u %lf", &id, &a) == 2) {
        if (fake_version < 4) return snprintf(why, whylen, "key needs version 4, KWin offers %u", fake_version), -1;
        org_kde_kwin_fake_input_keyboard_key(fake, id, a != 0);
    } else if (strcmp(op, "touch") == 0 && sscanf(line, "%*s %15s %u", sub, &id) == 2) {
        if (strcmp(sub, "up") == 0) {
            org_kde_kwin_fake_input_touch_up(fake, id);
        } else if (sscanf(line, "%*s %*s %*u %lf %lf", &a, &b) == 2 && strcmp(sub, "down") == 0) {
            org_kde_kwin_fake_input_touch_down(fake, id, wl_fixed_from_double(a), wl_fixed_from_double(b));
        } else if (sscanf(line, "%*s %*s %*u %lf %lf", &a, &b) == 2 && strcmp(sub, "motion") == 0) {
            org_kde_kwin_fake_input_touch_motion(fake, id, wl_fixed_from_double(a), wl_fixed_from_double(b));
        } else {
            return snprintf(why, whylen, "bad touch command"), -1;
        }
        org_kde_kwin_fake_input_touch_frame(fake);
    } else {
        return snprintf(why, whylen, "unknown or malformed command"), -1;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: kwin-fake-input SOCKET\n"); return 2; }
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) { fprintf(stderr, "kwin-fake-input: cannot connect to $WAYLAND_DISPLAY: %s\n", strerror(errno)); return 1; }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!fake) {
        printf("error KWin did not offer org_kde_kwin_fake_input to this client\n");
        fflush(stdout);
        return 3;
    }
    org_kde_kwin_fake_input_authenticate(fake, "Lodestone tests", "end-to-end input");
    wl_display_roundtrip(display);

    int server = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un addr = {.sun_family = AF_UNIX};
    if (strlen(argv[1]) >= sizeof addr.sun_path) { fprintf(stderr, "kwin-fake-input: socket path too long\n"); return 2; }
    strcpy(addr.sun_path, argv[1]);
    if (server < 0 || bind(server, (struct sockaddr *)&addr, sizeof addr) != 0 || listen(server, 1) != 0) {
        fprintf(stderr, "kwin-fake-input: cannot listen on %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    printf("ready %u\n", fake_version);
    fflush(stdout);
    int conn = accept(server, NULL, NULL);
    if (conn < 0) return 1;
    FILE *in = fdopen(conn, "r"), *out = fdopen(dup(conn), "w");
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, in) > 0) {
        char why[128];
        if (run(line, why, sizeof why) != 0) {
            fprintf(out, "error %s\n", why);
        } else if (wl_display_roundtrip(display) < 0) {
            fprintf(out, "error KWin closed the connection\n");
            fflush(out);
            break;
        } else {
            fprintf(out, "ok\n");
        }
        fflush(out);
    }
    free(line);
    wl_display_disconnect(display);
    return 0;
}
