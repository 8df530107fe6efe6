#!/usr/bin/env bash
# The shared conformance suite under Wine against the Win32 fixture (part of `npm run
# test:wine`; expects install.sh to have run). Builds the fixture into the cache, bundles the
# runner (test/wine/conformance.ts, with `vitest` aliased to test/wine/expectShim.ts) and the
# UIA host for node.exe, runs them inside a Wine virtual desktop, and prints the report.
# UISTREAM_WINE_SPECS=<id,id,...|big-list> runs only those.
set -euo pipefail
cd "$(dirname "$0")/../.."
CACHE=${UISTREAM_WINE_CACHE:-$HOME/.cache/uistream-wine}
RUN="$CACHE/conformance"
mkdir -p "$RUN"
rm -f "$RUN/result.json" "$RUN/node.log" "$RUN/host-stderr.log"
bash scripts/wine/build-fixture.sh "$RUN" >/dev/null

bundle() {
  npx --no-install esbuild "$1" --bundle --platform=node --format=esm --target=node22 \
    --external:koffi --alias:vitest=./test/wine/expectShim.ts --alias:sharp=./test/wine/noPixelLibs.ts \
    --alias:tesseract.js=./test/wine/noPixelLibs.ts \
    --log-level=warning \
    --outfile="$2" \
    --banner:js="import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);"
}
bundle test/wine/conformance.ts "$RUN/conformance.mjs"
bundle src/backends/uia/uiaHostMain.ts "$RUN/uiaHostMain.mjs"

export WINEPREFIX="$CACHE/prefix" WINEDEBUG=-all
started=$(date +%s)
# node.exe cannot write to a pipe under Wine (EBADF): its output goes to files.
(cd "$RUN" && timeout 480 xvfb-run -a -s "-screen 0 1280x1024x24" \
  sh -c 'wine explorer /desktop=uistream,1280x1024 ../node.exe conformance.mjs result.json uiaHostMain.mjs fixture.exe >node.log 2>&1; wineserver -k' || true)
echo "[wine] conformance ran in $(($(date +%s) - started)) s"
node scripts/wine/report-conformance.mjs "$RUN/result.json" "$RUN/node.log"
