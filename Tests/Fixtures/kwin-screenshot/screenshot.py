#!/usr/bin/python3
# Takes a screenshot of KWin's first output through org.kde.KWin.ScreenShot2 (issue 19). The
# harness starts KWin with KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1: otherwise KWin answers only a
# caller whose executable a .desktop file lists under X-KDE-DBUS-Restricted-Interfaces.
# Usage: screenshot.py SCREEN OUT   (bus: $DBUS_SESSION_BUS_ADDRESS). Writes the raw pixels
# (QImage ARGB32: B, G, R, A bytes per pixel, little-endian) to OUT and prints
# "WIDTH HEIGHT STRIDE FORMAT" on stdout.
import os
import sys
from gi.repository import Gio, GLib

screen, out = sys.argv[1], sys.argv[2]
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
r, w = os.pipe()
fds = Gio.UnixFDList.new()
index = fds.append(w)
os.close(w)
reply, _ = bus.call_with_unix_fd_list_sync(
    "org.kde.KWin", "/org/kde/KWin/ScreenShot2", "org.kde.KWin.ScreenShot2", "CaptureScreen",
    GLib.Variant("(sa{sv}h)", (screen, {"native-resolution": GLib.Variant("b", True)}, index)),
    GLib.VariantType("(a{sv})"), Gio.DBusCallFlags.NONE, 10000, fds, None)
for fd in fds.steal_fds():  # our copy of the write end: KWin's is the one that ends the data
    os.close(fd)
meta = reply.unpack()[0]
with open(out, "wb") as f:
    while True:
        chunk = os.read(r, 1 << 20)
        if not chunk:
            break
        f.write(chunk)
print(meta["width"], meta["height"], meta["stride"], meta["format"])
