#!/usr/bin/env bash
# Create .venv and install feldherr into it. Idempotent.
#   bash scripts/setup.sh         the game and its runtime dependencies (enough to play)
#   bash scripts/setup.sh server  plus the game server (feldherr serve)
#   bash scripts/setup.sh dev     plus the test tools, the server, MuJoCo (physical tower) and matplotlib
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
if [ "${1:-}" = "dev" ]; then
    .venv/bin/python -m pip install -q -e '.[dev]'
elif [ "${1:-}" = "server" ]; then
    .venv/bin/python -m pip install -q -e '.[server]'
else
    .venv/bin/python -m pip install -q -e .
fi
