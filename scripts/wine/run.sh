#!/usr/bin/env bash
# `npm run test:wine`: install what the Wine proof needs (install.sh, cached), bundle the REAL
# UIA backend and the proof for Windows node.exe, run it under Wine inside Xvfb against Wine's
# notepad, and report each check ("N passed, N failed"). Then build the Win32 fixture and run
# the shared conformance suite against it (conformance.sh), closing with "N passed, M known
# gaps (W Wine, O ours)". Exits non-zero when either part failed.
set -euo pipefail
cd "$(dirname "$0")/../.."

bash scripts/wine/install.sh
CACHE=${UISTREAM_WINE_CACHE:-$HOME/.cache/uistream-wine}
RUN="$CACHE/run"
mkdir -p "$RUN"
rm -f "$RUN/result.json" "$RUN/node.log" "$RUN/host-stderr.log"

# ESM bundles for node.exe; koffi stays external and resolves from $CACHE/node_modules.
bundle() {
  npx --no-install esbuild "$1" --bundle --platform=node --format=esm --target=node22 \
    --external:koffi --log-level=warning --outfile="$2" \
    --banner:js="import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);"
}
bundle test/wine/proof.ts "$RUN/proof.mjs"
bundle src/backends/uia/uiaHostMain.ts "$RUN/uiaHostMain.mjs"

export WINEPREFIX="$CACHE/prefix" WINEDEBUG=-all
started=$(date +%s)
# node.exe cannot write to a pipe under Wine (EBADF): its output goes to files.
# Inside a Wine virtual desktop: only there do SendInput mouse clicks land on Wine's windows.
(cd "$RUN" && timeout 330 xvfb-run -a -s "-screen 0 1280x1024x24" \
  sh -c 'wine explorer /desktop=uistream,1280x1024 ../node.exe proof.mjs result.json uiaHostMain.mjs >node.log 2>&1; wineserver -k' || true)
echo "[wine] proof ran in $(($(date +%s) - started)) s"

node --input-type=module -e '
import { readFileSync, existsSync } from "node:fs";
const file = process.argv[1];
if (!existsSync(file)) {
  console.error("[wine] the proof wrote no result; node.exe log follows");
  try { console.error(readFileSync(process.argv[2], "utf8")); } catch {}
  console.log("0 passed, 1 failed");
  process.exit(1);
}
// Wine prints "Unhandled page fault ... at address X" for a crash; name the module holding X
// from the "Loaded L"..." at BASE" lines (WINEDEBUG=+loaddll, set by the proof for its children).
function describeCrashes(logFile) {
  if (!existsSync(logFile)) return;
  const log = readFileSync(logFile, "utf8");
  const modules = [...log.matchAll(/Loaded L"([^"]+)" at ([0-9A-Fa-f]+)/g)]
    .map((m) => ({ name: m[1].replace(/\\\\/g, "\\"), base: BigInt("0x" + m[2]) }));
  for (const line of log.split("\n").filter((l) => l.includes("Unhandled"))) {
    console.log(`[wine] crash: ${line.trim()}`);
    const at = /at address ([0-9A-Fa-f]+)/.exec(line);
    if (at === null) continue;
    const address = BigInt("0x" + at[1]);
    const below = modules.filter((m) => m.base <= address).sort((a, b) => (a.base > b.base ? -1 : 1));
    const near = below[0];
    if (near !== undefined && address - near.base < 64n << 20n)
      console.log(`[wine]   in or after ${near.name} (base 0x${near.base.toString(16)}, +0x${(address - near.base).toString(16)})`);
    else console.log("[wine]   no loaded module listed near that address (ntdll is not in the load log)");
  }
}
const { checks, measurements, hostLog = [] } = JSON.parse(readFileSync(file, "utf8"));
for (const c of checks) console.log(`${c.ok ? "PASS" : "FAIL"} ${c.name}\n     ${c.detail}`);
console.log(`[wine] host round trips: ${JSON.stringify(measurements)}`);
const failed = checks.filter((c) => !c.ok).length;
if (failed > 0) {
  console.log(`[wine] last ${Math.min(40, hostLog.length)} host log lines and status changes:`);
  for (const line of hostLog.slice(-40)) console.log(`     ${line}`);
  describeCrashes(process.argv[2]);
  const stderrFile = process.argv[3];
  if (existsSync(stderrFile)) {
    const lines = readFileSync(stderrFile, "utf8").trimEnd().split("\n").filter(Boolean);
    console.log(`[wine] last ${Math.min(60, lines.length)} lines the hosts wrote to stderr:`);
    for (const line of lines.slice(-60)) console.log(`     ${line}`);
  }
}
console.log(`${checks.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 && checks.length > 0 ? 0 : 1);
' "$RUN/result.json" "$RUN/node.log" "$RUN/host-stderr.log" || proof_failed=1

conformance_failed=0
bash scripts/wine/conformance.sh || conformance_failed=1
[ "${proof_failed:-0}" = 0 ] && [ "$conformance_failed" = 0 ]
