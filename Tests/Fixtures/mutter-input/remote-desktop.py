#!/usr/bin/python3
# Drives mutter's org.gnome.Mutter.RemoteDesktop API for the end-to-end tests (issue 19): one
# D-Bus connection for the whole run (mutter ends a session when the connection that created it
# closes). It listens on a unix socket (the tests' LineChannel connects): one command a line,
# each answered "ok" or "error <why>" once mutter took it, so the test knows the event reached
# mutter before it looks at the state.
#   rel DX DY            relative pointer motion (logical pixels)
#   abs X Y              absolute motion on the screen-cast stream (needs PipeWire)
#   button CODE 1|0      press / release an evdev button code (272 left, 273 right)
#   axis DX DY FLAGS     smooth scroll; FLAGS as mutter's NotifyPointerAxis
#                        (1 finish = scroll stop, 2 wheel, 4 finger, 8 continuous)
#   key CODE 1|0         press / release an evdev key code
#   touch down|motion SLOT X Y, touch up SLOT   a touch point on the stream (needs PipeWire)
#   quit
# Usage: remote-desktop.py --socket PATH [--screencast]   (the bus is $DBUS_SESSION_BUS_ADDRESS)
# Prints "ready SESSION [STREAM]" on stdout once the session has started and the socket listens.
import socket
import sys
from gi.repository import Gio, GLib

NAME = "org.gnome.Mutter.RemoteDesktop"
SESSION = "org.gnome.Mutter.RemoteDesktop.Session"


def call(bus, name, path, iface, method, args, reply=None):
    return bus.call_sync(name, path, iface, method, args,
                         GLib.VariantType(reply) if reply else None,
                         Gio.DBusCallFlags.NONE, 5000, None)


def main():
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    (session,) = call(bus, NAME, "/org/gnome/Mutter/RemoteDesktop", NAME, "CreateSession", None, "(o)").unpack()
    stream = None
    if "--screencast" in sys.argv:
        # A screen-cast session tied to this remote-desktop session: absolute motion and touch
        # are addressed to its stream. Mutter creates the stream's PipeWire node on Start.
        props = call(bus, NAME, session, "org.freedesktop.DBus.Properties", "Get",
                     GLib.Variant("(ss)", (SESSION, "SessionId")), "(v)").unpack()[0]
        sc = "org.gnome.Mutter.ScreenCast"
        (cast,) = call(bus, sc, "/org/gnome/Mutter/ScreenCast", sc, "CreateSession",
                       GLib.Variant("(a{sv})", ({"remote-desktop-session-id": GLib.Variant("s", props)},)), "(o)").unpack()
        (stream,) = call(bus, sc, cast, sc + ".Session", "RecordMonitor",
                         GLib.Variant("(sa{sv})", ("", {})), "(o)").unpack()
    call(bus, NAME, session, SESSION, "Start", None)
    path = sys.argv[sys.argv.index("--socket") + 1]
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(1)
    print("ready " + session + (" " + stream if stream else ""), flush=True)
    conn, _ = server.accept()
    reader, writer = conn.makefile("r"), conn.makefile("w")

    def answer(text):
        writer.write(text + "\n")
        writer.flush()

    for line in reader:
        words = line.split()
        if not words:
            continue
        try:
            op = words[0]
            if op == "quit":
                break
            elif op == "rel":
                call(bus, NAME, session, SESSION, "NotifyPointerMotionRelative",
                     GLib.Variant("(dd)", (float(words[1]), float(words[2]))))
            elif op == "abs":
                if stream is None:
                    raise RuntimeError("abs needs --screencast")
                call(bus, NAME, session, SESSION, "NotifyPointerMotionAbsolute",
                     GLib.Variant("(sdd)", (stream, float(words[1]), float(words[2]))))
            elif op == "button":
                call(bus, NAME, session, SESSION, "NotifyPointerButton",
                     GLib.Variant("(ib)", (int(words[1]), words[2] == "1")))
            elif op == "axis":
                call(bus, NAME, session, SESSION, "NotifyPointerAxis",
                     GLib.Variant("(ddu)", (float(words[1]), float(words[2]), int(words[3]))))
            elif op == "key":
                call(bus, NAME, session, SESSION, "NotifyKeyboardKeycode",
                     GLib.Variant("(ub)", (int(words[1]), words[2] == "1")))
            elif op == "touch":
                if stream is None:
                    raise RuntimeError("touch needs --screencast")
                if words[1] == "up":
                    call(bus, NAME, session, SESSION, "NotifyTouchUp", GLib.Variant("(u)", (int(words[2]),)))
                else:
                    method = {"down": "NotifyTouchDown", "motion": "NotifyTouchMotion"}[words[1]]
                    call(bus, NAME, session, SESSION, method,
                         GLib.Variant("(sudd)", (stream, int(words[2]), float(words[3]), float(words[4]))))
            else:
                raise RuntimeError("unknown command " + repr(op))
            answer("ok")
        except Exception as e:  # the test reads the reason; the session stays up
            answer("error " + str(e).replace("\n", " "))
    try:
        call(bus, NAME, session, SESSION, "Stop", None)
    except GLib.Error:
        pass


main()
