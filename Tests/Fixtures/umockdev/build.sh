#!/usr/bin/env bash
# Builds the emulated-device fixtures for the libinput backend tests into $1/umockdev:
# the preload that bridges umockdev 0.17.16's gaps and the live event driver.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$1/umockdev"
mkdir -p "$out"
cc=${CC:-cc}
flags=(-O2 -Wall -Wextra -Werror -Wno-unused-parameter)
build() { # target sources... -- extra flags
  local target=$1; shift
  local newest=0
  [ -e "$target" ] && for s in "$@"; do [ -e "$s" ] && [ "$s" -nt "$target" ] && newest=1; done
  [ -e "$target" ] && [ $newest = 0 ] && return 0
  "$cc" "${flags[@]}" "$@"
}
build "$out/liblodestone-udevfix.so" "$here/udevfix.c" -shared -fPIC -o "$out/liblodestone-udevfix.so" -ldl
build "$out/lodestone-umockdev-driver" "$here/driver.c" -o "$out/lodestone-umockdev-driver" \
  $(pkg-config --cflags --libs umockdev-1.0 glib-2.0 gobject-2.0)
