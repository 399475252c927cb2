#!/usr/bin/env bash
# The browser the web client's tests drive: Debian's chromium (Playwright's own browser download
# is not used). Idempotent; called by scripts/setup.sh dev. Skipped with FELDHERR_NO_BROWSER=1.
set -euo pipefail
if [ "${FELDHERR_NO_BROWSER:-}" = "1" ] || command -v chromium >/dev/null 2>&1; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup-browser: no apt-get here; install chromium yourself (or set FELDHERR_CHROMIUM); browser tests will skip" >&2
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
        echo "setup-browser: chromium is missing and there is no root to install it; browser tests will skip" >&2
        exit 0
    fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null || true
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
