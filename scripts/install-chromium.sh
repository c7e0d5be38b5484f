#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing.
# Playwright's own browser download cannot work here (no internet beyond registries).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "No /usr/bin/chromium and no root: trying Playwright's own download." >&2
  "${PYTHON:-python3}" -m playwright install chromium
fi
