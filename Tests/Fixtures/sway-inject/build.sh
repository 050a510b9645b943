#!/usr/bin/env bash
# Builds the sway input-injection shim (LD_PRELOAD) into $1 (scripts/build-fixtures passes
# .build/fixtures) against the wlroots installed: Debian 12's libwlroots-dev (wlroots 0.15) or
# Debian 13's libwlroots-0.18-dev (pkg-config wlroots-0.18; scripts/build-fixtures builds that
# one inside the Debian 13 root). Also needs libwayland-dev and libxkbcommon-dev.
set -euo pipefail
out=${1:?usage: build.sh OUTPUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
target="$out/sway-inject.so"
# Rebuild only when the source is newer (make test runs this every time).
if [ -e "$target" ] && [ "$target" -nt "$here/sway-inject.c" ] && [ "$target" -nt "$here/build.sh" ]; then
  exit 0
fi
wlroots=wlroots
pkg-config --exists wlroots-0.18 && wlroots=wlroots-0.18
${CC:-cc} -shared -fPIC -O2 -Wall -Wextra -Werror -std=c11 -DWLR_USE_UNSTABLE \
  $(pkg-config --cflags $wlroots wayland-server xkbcommon) \
  -o "$target.tmp" "$here/sway-inject.c" \
  $(pkg-config --libs $wlroots wayland-server) -ldl
mv "$target.tmp" "$target"
