#!/usr/bin/env bash
# Set up and run the whole test suite: lint, type check, tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh dev
bash scripts/services.sh || echo "warning: PostgreSQL/Redis not installed; their server tests will be skipped"
echo "== ruff"; .venv/bin/ruff check src tests
echo "== ruff format"; .venv/bin/ruff format --check src tests
# mypy (about 45 s from a cold cache, as in a fresh clone) runs beside the tests at a lower
# priority: the tests wait on their servers and browsers often enough to leave it the time. Its
# report comes after theirs; either failing fails the run.
mypy_out=$(mktemp)
(nice -n 10 .venv/bin/mypy >"$mypy_out" 2>&1) &
mypy_pid=$!
# --maxschedchunk 1: each worker gets the next test when it finishes one, in the order of
# tests/conftest.py (the long tests first), so both workers end together;
# --durations=25: the slowest tests at the end of the report, to keep an eye on the suite's time
echo "== pytest"
tests=0
.venv/bin/python -m pytest -n "${PYTEST_JOBS:-2}" --maxschedchunk 1 --durations=25 "$@" || tests=$?
echo "== mypy"
typed=0
wait "$mypy_pid" || typed=$?
cat "$mypy_out"
rm -f "$mypy_out"
if [ "$tests" != 0 ]; then exit "$tests"; fi
exit "$typed"
