"""The opt-in compiled build: a selection of feldherr's own modules compiled by mypyc, in place.

    bash scripts/setup.sh compiled              (installs mypy, then runs this)
    .venv/bin/python scripts/build-compiled.py [--clean]

Compiles :data:`MODULES` (the hottest pure modules of Wallenstein's rules and its random playout)
from the same Python source into extension modules beside their ``.py`` files, and writes the
manifest ``src/feldherr/_compiled.json`` (each module's source size and modification time). The
package's import hook (``feldherr/__init__.py``) loads the compiled modules only while every
listed source is unchanged since the build and ``FELDHERR_PURE`` is not set; otherwise the
interpreted source of all of them. ``--clean`` removes the compiled modules, the manifest and the
build folder. The artefacts are ignored by git. ``tests/golden/test_compiled.py`` replays the
golden records with the compiled modules loaded.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
MANIFEST = SRC / "feldherr" / "_compiled.json"
MODULES = (
    "feldherr.wallenstein.playout",
    "feldherr.wallenstein.rules.actions",
    "feldherr.wallenstein.rules.battle",
    "feldherr.wallenstein.rules.board",
    "feldherr.wallenstein.rules.combat",
    "feldherr.wallenstein.rules.engine",
    "feldherr.wallenstein.rules.flow",
    "feldherr.wallenstein.rules.planning",
    "feldherr.wallenstein.rules.winter",
)


def source(module: str) -> Path:
    return SRC.joinpath(*module.split(".")).with_suffix(".py")


def clean() -> None:
    MANIFEST.unlink(missing_ok=True)
    for module in MODULES:
        for suffix in EXTENSION_SUFFIXES:
            source(module).with_name(module.rpartition(".")[2] + suffix).unlink(missing_ok=True)
    for shared in SRC.glob("*__mypyc*"):
        shared.unlink()
    shutil.rmtree(SRC / "build", ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled build")
    args = parser.parse_args()
    clean()
    if args.clean:
        return
    mypyc = [sys.executable, "-c", "import sys; from mypyc.__main__ import main; sys.exit(main())"]
    files = [str(source(m).relative_to(SRC)) for m in MODULES]
    env = {**os.environ, "MYPYC_OPT_LEVEL": "3"}
    subprocess.run([*mypyc, *files], cwd=SRC, env=env, check=True)
    entries = {}
    for module in MODULES:
        stat = source(module).stat()
        entries[module] = {"size": stat.st_size, "mtime_ns": stat.st_mtime_ns}
    MANIFEST.write_text(json.dumps({"modules": entries}, indent=1) + "\n")
    print(f"compiled {len(MODULES)} modules; FELDHERR_PURE=1 runs the interpreted source")


if __name__ == "__main__":
    main()
