#!/usr/bin/env bash
# Install the Debian packages the headless Linux desktop needs (Xvfb, a D-Bus session, the
# AT-SPI2 bus and GTK bridge, the GTK 3 and GTK 4 test apps, zenity and xdotool, the Qt and
# Chromium fixtures; Chromium also for the dashboard tests; openbox for sessions with a window
# manager), nats-server (the fleet tests'
# broker) and the Python client's modules and pytest (Debian's /usr/bin/python3 runs its tests),
# only when some are missing.
# Idempotent and quiet when everything is present. `apt-get update` runs only if the first
# install attempt fails (a fresh image often has stale or empty package lists).
set -euo pipefail

PACKAGES=(xvfb xauth x11-utils dbus dbus-x11 at-spi2-core libatk-adaptor gtk-3-examples zenity xdotool
  libglib2.0-bin python3-gi gir1.2-gtk-3.0 nats-server
  fonts-dejavu-core imagemagick x11-apps libx11-6 libxext6 libxtst6
  # Toolkit fixtures: a PyQt5 app (Debian's /usr/bin/python3), PyQt6, Chromium, GTK 4's widget
  # factory and demo, and GTK 4 for Python (the GTK 4 dialogs fixture).
  python3-pyqt5 python3-pyqt6 chromium gtk-4-examples gir1.2-gtk-4.0
  # The JavaFX debug library (providers/javafx): a JDK and Debian's OpenJFX.
  openjdk-17-jdk-headless openjfx
  # The Python client and its pytest plugin: their only dependencies, and pytest itself.
  python3-websockets python3-msgpack python3-pytest
  # Window truth: a light window manager for the sessions that want one, and pyatspi as the
  # independent AT-SPI reader the window tests compare focus with.
  openbox python3-pyatspi
  # Typing on other keyboard layouts: setxkbmap switches the layout in the typing tests, and
  # xmodmap reads the keyboard map back; xrandr reads the monitors from outside the server.
  x11-xkb-utils x11-xserver-utils
  # The Swing fixture reaches AT-SPI through the ATK wrapper (Java classes and their JNI half).
  libatk-wrapper-java libatk-wrapper-java-jni
  # The clipboard: XFixes selection events, XRes for the owner's pid, xclip as the independent
  # reader and the benchmark's baseline.
  libxfixes3 libxres1 xclip
  # Two monitors in one headless display: Xephyr's Xinerama heads, nested in Xvfb; libXinerama
  # for the X11 backend's monitors.
  xserver-xephyr libxinerama1)

missing=()
for pkg in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  if [[ "$status" != "install ok installed" ]]; then missing+=("$pkg"); fi
done
if [[ ${#missing[@]} -eq 0 ]]; then exit 0; fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "desktop install: apt-get not found; install these packages by hand: ${missing[*]}" >&2
  exit 1
fi
SUDO=()
if [[ $(id -u) -ne 0 ]]; then SUDO=(sudo -n); fi

echo "desktop install: installing ${missing[*]}" >&2
install() {
  DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -q --no-install-recommends \
    -o DPkg::Lock::Timeout=600 "${missing[@]}" >&2
}
if ! install; then
  "${SUDO[@]}" apt-get update -q -o DPkg::Lock::Timeout=600 >&2
  install
fi
