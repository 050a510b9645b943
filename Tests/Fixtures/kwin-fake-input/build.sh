#!/usr/bin/env bash
# Builds the KWin fake-input client into $1 (scripts/build-fixtures passes .build/fixtures). The
# protocol glue is generated here from plasma-wayland-protocols' fake-input.xml; without that
# package the fixture is not built and the KWin input tests say so.
set -euo pipefail
out=${1:?usage: build.sh OUTPUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
xml=/usr/share/plasma-wayland-protocols/fake-input.xml
[ -e "$xml" ] || { echo "kwin-fake-input: $xml is missing (package plasma-wayland-protocols); not built" >&2; exit 0; }
mkdir -p "$out"
target="$out/kwin-fake-input"
if [ -e "$target" ] && [ "$target" -nt "$here/kwin-fake-input.c" ] && [ "$target" -nt "$here/build.sh" ]; then
  exit 0
fi
gen="$out/kwin-fake-input-glue"
mkdir -p "$gen"
wayland-scanner client-header "$xml" "$gen/fake-input-client.h"
wayland-scanner private-code "$xml" "$gen/fake-input.c"
${CC:-cc} -O2 -Wall -Wextra -Werror -std=c11 -I"$gen" $(pkg-config --cflags wayland-client) \
  -o "$target.tmp" "$here/kwin-fake-input.c" "$gen/fake-input.c" $(pkg-config --libs wayland-client)
mv "$target.tmp" "$target"
