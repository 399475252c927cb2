"""The command line with all three modules: simulate and bench."""

from __future__ import annotations

import json

import pytest

from feldherr.cli import main


def test_simulate_with_all_modules(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["simulate", "wallenstein", "--modules", "court,landsknechte,leaders", "--games", "3", "--json"]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == 3 and sum(data["wins"]) == pytest.approx(3)
    assert data["options"]["modules"] == ["court", "landsknechte", "leaders"]


def test_unknown_module_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "wallenstein", "--modules", "court,castles", "--games", "1", "--json"])
    _, err = capsys.readouterr()
    assert code != 0 and "castles" in err


def test_bench_with_all_modules(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bench", "wallenstein", "--modules", "court,landsknechte,leaders", "--games", "2", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == 2 and data["options"]["modules"] == ["court", "landsknechte", "leaders"]
