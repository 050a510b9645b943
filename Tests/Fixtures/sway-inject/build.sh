#!/usr/bin/env bash
# Builds the sway input-injection shim (LD_PRELOAD) into $1 (scripts/build-fixtures passes
# .build/fixtures). Needs only Debian 12 packages: libwlroots-dev, libwayland-dev, libxkbcommon-dev.
set -euo pipefail
out=${1:?usage: build.sh OUTPUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
target="$out/sway-inject.so"
# Rebuild only when the source is newer (make test runs this every time).
if [ -e "$target" ] && [ "$target" -nt "$here/sway-inject.c" ] && [ "$target" -nt "$here/build.sh" ]; then
  exit 0
fi
${CC:-cc} -shared -fPIC -O2 -Wall -Wextra -Werror -std=c11 -DWLR_USE_UNSTABLE \
  $(pkg-config --cflags wlroots wayland-server xkbcommon) \
  -o "$target.tmp" "$here/sway-inject.c" \
  $(pkg-config --libs wlroots wayland-server) -ldl
mv "$target.tmp" "$target"
