"""The opt-in compiled build (``bash scripts/setup.sh compiled``) plays the golden games exactly as
the interpreted source does, and ``FELDHERR_PURE=1`` runs the interpreted source beside it.

Each check replays every golden record in a fresh process (the import hook decides at import
time). Without a compiled build, or where its sources changed since it was built (then the hook
loads the source, and the build must be made again), the checks are skipped and say so."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
SRC = HERE.parents[1] / "src"
MANIFEST = SRC / "feldherr" / "_compiled.json"
BUILD = "bash scripts/setup.sh compiled"
REPLAY = """
import json, sys
sys.path.insert(0, sys.argv[1])
from golden import FILE, play
import feldherr.wallenstein.playout, feldherr.wallenstein.rules.engine
entries = json.loads(FILE.read_text())
differ = [i for i, e in enumerate(entries) if play(e["game"], e["options"], e["seed"], e["bots"]) != e]
files = [feldherr.wallenstein.playout.__file__, feldherr.wallenstein.rules.engine.__file__]
print(json.dumps({"files": files, "entries": len(entries), "differ": differ}))
"""


def _replay(pure: bool) -> dict[str, Any]:
    if not MANIFEST.exists():
        pytest.skip(f"no compiled build: make one with `{BUILD}`")
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    env.pop("FELDHERR_PURE", None)
    if pure:
        env["FELDHERR_PURE"] = "1"
    out = subprocess.run(
        [sys.executable, "-c", REPLAY, str(HERE)], env=env, check=True, capture_output=True, text=True
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def test_compiled_build_replays_the_golden_records() -> None:
    result = _replay(pure=False)
    if not all(f.endswith(tuple(EXTENSION_SUFFIXES)) for f in result["files"]):
        pytest.skip(f"the compiled build is older than its sources: make it again with `{BUILD}`")
    assert result["entries"] > 0
    assert result["differ"] == []


def test_pure_runs_the_interpreted_source_beside_a_compiled_build() -> None:
    result = _replay(pure=True)
    assert all(f.endswith(".py") for f in result["files"])
    assert result["entries"] > 0
    assert result["differ"] == []


def test_the_hook_finds_only_the_listed_modules_and_as_source(tmp_path: Path) -> None:
    from feldherr import _Interpreted

    (tmp_path / "engine.py").write_text("")
    (tmp_path / f"engine{EXTENSION_SUFFIXES[0]}").write_text("")
    hook = _Interpreted(frozenset({"feldherr.fake.engine"}))
    spec = hook.find_spec("feldherr.fake.engine", [str(tmp_path)])
    assert spec is not None and spec.origin == str(tmp_path / "engine.py")
    assert hook.find_spec("feldherr.fake.other", [str(tmp_path)]) is None
    assert hook.find_spec("feldherr.fake.engine", None) is None
    assert hook.find_spec("feldherr.fake.engine", [str(tmp_path / "elsewhere")]) is None
