#!/usr/bin/env bash
# Set up and run the whole test suite: lint, type check, tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh dev
bash scripts/services.sh || echo "warning: PostgreSQL/Redis not installed; their server tests will be skipped"
echo "== ruff"; .venv/bin/ruff check src tests
echo "== ruff format"; .venv/bin/ruff format --check src tests
echo "== mypy"; .venv/bin/mypy
# --maxschedchunk 1: each worker gets the next test when it finishes one, in the order of
# tests/conftest.py (the long tests first), so both workers end together;
# --durations=25: the slowest tests at the end of the report, to keep an eye on the suite's time
echo "== pytest"
.venv/bin/python -m pytest -n "${PYTEST_JOBS:-2}" --maxschedchunk 1 --durations=25 "$@"
