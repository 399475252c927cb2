#!/usr/bin/env bash
# The search-bot targets of docs/benchmarks.md: the hard bot against three heuristic bots in each
# 4-player game, and the strength ladder. Results (JSON and plots) go to $OUT.
#
#   bash scripts/search-benchmark.sh                      the full run: 200 games, 1 s per decision
#   GAMES=20 BUDGET=100i bash scripts/search-benchmark.sh a scaled-down run
#
# GAMES (a multiple of 4 keeps the seats balanced), BUDGET (hard's budget per decision: 1s, 300i,
# ...), LADDER_GAMES (0 skips the ladder), JOBS (worker processes, 0 = all cores), SEED, GAMES_LIST.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-200}
BUDGET=${BUDGET:-1s}
LADDER_GAMES=${LADDER_GAMES:-$GAMES}
JOBS=${JOBS:-0}
SEED=${SEED:-1}
OUT=${OUT:-bench-results}
GAMES_LIST=${GAMES_LIST:-"wallenstein elgrande mansfeld"}
mkdir -p "$OUT"
FELDHERR=${FELDHERR:-.venv/bin/feldherr}
for game in $GAMES_LIST; do
    "$FELDHERR" tournament "$game" --players 4 --bots "hard@$BUDGET,heuristic,heuristic,heuristic" \
        --games "$GAMES" --jobs "$JOBS" --seed "$SEED" --json --plot "$OUT/$game-hard.png" \
        > "$OUT/$game-hard.json"
    if [ "$LADDER_GAMES" -gt 0 ]; then
        "$FELDHERR" tournament "$game" --players 4 --bots "random,easy,medium,hard@$BUDGET" \
            --games "$LADDER_GAMES" --jobs "$JOBS" --seed "$SEED" --json --plot "$OUT/$game-ladder.png" \
            > "$OUT/$game-ladder.json"
    fi
done
echo "results in $OUT/"
