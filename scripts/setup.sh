#!/usr/bin/env bash
# Create .venv and install feldherr into it. Idempotent.
#   bash scripts/setup.sh         the game and its runtime dependencies (enough to play)
#   bash scripts/setup.sh server  plus the game server (feldherr serve)
#   bash scripts/setup.sh dev     plus the test tools, the server, MuJoCo (physical tower) and matplotlib
#   bash scripts/setup.sh compiled  opt-in, after one of the above: mypy, then the compiled build of
#                                 the hottest Wallenstein modules (scripts/build-compiled.py; about
#                                 1.5 minutes; FELDHERR_PURE=1 runs the interpreted source)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
if [ "${1:-}" = "compiled" ]; then
    .venv/bin/python -m pip install -q -e '.[compiled]'
    exec .venv/bin/python scripts/build-compiled.py
fi
if [ "${1:-}" = "dev" ]; then
    .venv/bin/python -m pip install -q -e '.[dev]'
    bash scripts/setup-browser.sh  # Debian's chromium for the browser client's tests
elif [ "${1:-}" = "server" ]; then
    .venv/bin/python -m pip install -q -e '.[server]'
else
    .venv/bin/python -m pip install -q -e .
fi
