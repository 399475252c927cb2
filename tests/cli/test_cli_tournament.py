"""``feldherr tournament``: table, JSON, plot, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cliutil import Capsys, run


def test_table_and_plot(capsys: Capsys, tmp_path: Path) -> None:
    plot = tmp_path / "t.png"
    code, out, err = run(
        capsys,
        "tournament",
        "toy",
        "--bots",
        "ismcts@5i,heuristic,random",
        "--games",
        "6",
        "--plot",
        str(plot),
    )
    assert code == 0
    assert "seats rotated" in out and "95 % interval" in out and "digest" in out
    assert "heuristic" in out and "ismcts@5i" in out
    assert "6/6" in err, "a progress bar on standard error"
    assert plot.read_bytes()[:4] == b"\x89PNG"


def test_json_is_the_same_for_any_job_count(capsys: Capsys) -> None:
    base = ["tournament", "toy", "--bots", "heuristic,random", "--games", "8", "--seed", "3", "--json"]
    code, out, _ = run(capsys, *base, "--quiet", "--no-plot")
    assert code == 0
    data = json.loads(out)
    assert [e["name"] for e in data["entrants"]] == ["heuristic", "random"]
    assert data["games"] == 8 and data["seed"] == 3
    code, again, _ = run(capsys, *base, "--quiet", "--no-plot", "--jobs", "2")
    assert json.loads(again) == data


def test_default_plot_path(capsys: Capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "tournament", "toy", "--bots", "random,random", "--games", "2", "--quiet")
    assert code == 0
    assert (tmp_path / "tournament-toy.png").exists()
    assert "tournament-toy.png" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "random,deep-blue"], "unknown player 'deep-blue'"),
        (["--bots", "random,random", "--games", "0"], "at least 1"),
        (["--bots", "random,random,random", "--players", "2"], "3 seat(s)"),
        (["--bots", "random,hard@never"], "not a search budget"),
    ],
)
def test_errors(capsys: Capsys, argv: list[str], message: str) -> None:
    code, _, err = run(capsys, "tournament", "toy", *argv, "--quiet", "--no-plot")
    assert code == 2
    assert message in err
