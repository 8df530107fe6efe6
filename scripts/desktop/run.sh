#!/usr/bin/env bash
# Run a command inside a fresh headless desktop (Xvfb + D-Bus session + AT-SPI2 bus), after
# launching apps with accessibility on and waiting until each shows its window:
#   scripts/desktop/run.sh --app gtk3-widget-factory -- npm start -- --backend atspi
# Installs the Debian packages first when some are missing. Everything stops when the command ends.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bash "$here/install.sh"
cd "$here/../.."
exec node --import tsx "$here/cli.ts" "$@"
