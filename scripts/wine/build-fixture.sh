#!/usr/bin/env bash
# Build the Win32 conformance fixture (test/fixtures/win32) with mingw-w64 into $1 (a cache
# directory, never the repo), reproducibly: no link timestamp, stripped, sources in a fixed
# order, and the build path kept out of the binary. Builds twice and fails when the two
# binaries differ. Prints the fixture's path.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:?usage: build-fixture.sh <out-dir>}
SRC=test/fixtures/win32
mkdir -p "$OUT"
build() {
  x86_64-w64-mingw32-gcc -O2 -Wall -Wextra -Werror -municode -mwindows \
    -ffile-prefix-map="$PWD"=. -Wl,--no-insert-timestamp -s \
    -o "$1" "$SRC/fixture.c" "$SRC/controls.c" "$SRC/windows.c" \
    "$SRC/rowsuia.c" -lcomctl32 -lole32 -loleaut32 -luuid
}
build "$OUT/fixture.exe"
build "$OUT/fixture-again.exe"
if ! cmp -s "$OUT/fixture.exe" "$OUT/fixture-again.exe"; then
  echo "[wine] the fixture build is not reproducible (two builds differ)" >&2
  exit 1
fi
rm -f "$OUT/fixture-again.exe"
echo "[wine] fixture sha256 $(sha256sum "$OUT/fixture.exe" | cut -c1-16)" >&2
echo "$OUT/fixture.exe"
