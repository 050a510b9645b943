#!/usr/bin/env bash
# Builds the drag-source test client (a tiny Wayland window that starts a drag on a button
# press) into $1 (scripts/build-fixtures passes .build/fixtures). Needs only Debian 12
# packages: libwayland-dev, wayland-protocols, libwayland-bin (wayland-scanner).
set -euo pipefail
out=${1:?usage: build.sh OUTPUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
target="$out/dnd-source"
if [ -e "$target" ] && [ "$target" -nt "$here/dnd-source.c" ] && [ "$target" -nt "$here/build.sh" ]; then
  exit 0
fi
gen=$(mktemp -d); trap 'rm -rf "$gen"' EXIT
xml="$(pkg-config --variable=pkgdatadir wayland-protocols)/stable/xdg-shell/xdg-shell.xml"
scanner=$(pkg-config --variable=wayland_scanner wayland-scanner 2>/dev/null || command -v wayland-scanner)
"$scanner" client-header "$xml" "$gen/xdg-shell-client-protocol.h"
"$scanner" private-code "$xml" "$gen/xdg-shell-protocol.c"
${CC:-cc} -O2 -Wall -Wextra -Werror -std=c11 -D_GNU_SOURCE -I"$gen" \
  -o "$target.tmp" "$here/dnd-source.c" "$gen/xdg-shell-protocol.c" $(pkg-config --libs wayland-client)
mv "$target.tmp" "$target"
