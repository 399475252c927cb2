#!/usr/bin/env bash
# Set up and start the game server; it prints the address to open in a browser.
# Extra arguments go to `feldherr serve` (e.g. --port 8080, --host 0.0.0.0).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh server
exec .venv/bin/feldherr serve "$@"
