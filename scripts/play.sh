#!/usr/bin/env bash
# Set everything up and start the main job: a game of Wallenstein in the terminal,
# you (seat 0) against three heuristic bots. Extra arguments go to `feldherr play`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/feldherr play wallenstein --players 4 --seats human,heuristic,heuristic,heuristic "$@"
