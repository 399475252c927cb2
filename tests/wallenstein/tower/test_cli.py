"""The ``tower`` and ``odds`` subcommands, called through argparse."""

from __future__ import annotations

import argparse
import json
import pathlib
from importlib import resources

import pytest

from feldherr.cli import main
from feldherr.wallenstein.tower.cli import register


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="feldherr")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    code: int = args.func(args)
    return code


def test_odds_attack_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = run(
        ["odds", "attack", "--armies", "4", "--defenders", "3", "--inside", "a=3,d=3,p=4,o=8", "--json"]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] is True
    assert data["attacker_wins"] + data["tie"] + data["defender_wins"] == pytest.approx(1.0)


def test_odds_revolt_text_and_monte_carlo(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        run(
            [
                "odds",
                "revolt",
                "--defenders",
                "3",
                "--markers",
                "2",
                "--tower",
                "two-level",
                "--samples",
                "300",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "Monte Carlo, 300 drops" in out and "peasants win" in out
    # the cubes thrown in words, not as a Python object
    assert "Roles(" not in out and "thrown: attacker 0, defender 3, peasants " in out, out


def test_odds_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["odds", "neutral", "--armies", "2", "--upper", "a=1,p=2", "--lower", "a=2,o=3"]) == 0
    assert "exact" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["odds", "attack", "--armies", "-2", "--defenders", "3"], "negative"),
        (["odds", "attack", "--armies", "2", "--defenders", "3", "--inside", "z=1"], "there is no role"),
        (["odds", "attack", "--armies", "2", "--defenders", "3", "--upper", "a=1"], "go together"),
        (["odds", "neutral", "--armies", "2", "--palace"], "neutral county"),
        (["odds", "attack", "--armies", "2", "--defenders", "1", "--tower", "physical"], "cannot"),
    ],
)
def test_odds_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(argv) == 2
    assert message in capsys.readouterr().err


def test_fit_writes_loadable_parameters(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    example = resources.files("feldherr.wallenstein.tower").joinpath("data", "example-drops.csv")
    out = tmp_path / "params.json"
    assert run(["tower", "fit", str(example), "-o", str(out), "--iters", "100"]) == 0
    said = capsys.readouterr().out
    assert "parameters written" in said
    doc = json.loads(out.read_text())
    # the hint for a game works as printed (it named the file, which a game's --tower-params refuses)
    flags = said.split("and in a game with: ")[1].strip()
    assert flags.startswith("--tower fitted --tower-params '") and flags.endswith("'")
    argv = ["simulate", "wallenstein", "--players", "3", "--games", "1", "--quiet", "--json"]
    assert main([*argv, "--tower", "fitted", "--tower-params", flags.split(" '")[1][:-1]]) == 0
    assert json.loads(capsys.readouterr().out)["options"]["tower_params"] == doc["params"]
    assert doc["model"] == "fitted" and doc["fit"]["drops"] > 0
    assert run(["odds", "attack", "--armies", "3", "--defenders", "2", "--tower-params", str(out)]) == 0


def test_fit_bad_csv(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("session,thrown_0,out_0\ns,3,4\n")
    assert run(["tower", "fit", str(bad)]) == 2
    assert "line 2" in capsys.readouterr().err
    assert run(["tower", "fit", str(tmp_path / "missing.csv")]) == 2
    example = resources.files("feldherr.wallenstein.tower").joinpath("data", "example-drops.csv")
    with pytest.raises(SystemExit) as stop:  # argparse refuses it, as every number it reads
        run(["tower", "fit", str(example), "--prior-sd", "0"])
    assert stop.value.code == 2 and "--prior-sd" in capsys.readouterr().err


def test_simulate_and_stats(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["tower", "simulate", "--tower", "simple", "--drops", "3"]) == 0
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 5 and "(Red/Blue/Yellow/Purple/Black/peasants)" in out
    assert "[" not in out and "out=" not in out  # the counts by colour were Python lists
    assert run(["tower", "stats", "--models", "fitted,simple", "--drops", "5", "--runs", "10"]) == 0
    assert "fitted" in capsys.readouterr().out
    assert run(["tower", "stats", "--models", "nope"]) == 2


def test_stats_plot(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "tower.png"
    assert (
        run(
            [
                "tower",
                "stats",
                "--models",
                "fitted,simple,two-level",
                "--drops",
                "5",
                "--runs",
                "5",
                "--plot",
                str(png),
            ]
        )
        == 0
    )
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_stats_and_simulate_with_the_physical_tower(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("mujoco")
    assert (
        run(["tower", "stats", "--models", "physical", "--drops", "1", "--runs", "1", "--players", "2"]) == 0
    )
    out = capsys.readouterr().out
    assert "physical" in out and "P(attacker wins)" not in out
    assert run(["tower", "simulate", "--tower", "physical", "--players", "2", "--drops", "1"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["tower", "fit", "{example}", "-o", "{tmp}/missing/p.json", "--iters", "5"], "does not exist"),
        (["tower", "fit", "{example}", "-o", "{tmp}", "--iters", "5"], "is a folder"),
        (
            ["tower", "stats", "--runs", "1", "--drops", "1", "--plot", "{tmp}/missing/t.png"],
            "does not exist",
        ),
        (["tower", "stats", "--runs", "1", "--drops", "1", "--plot", "{tmp}/t.txt"], "picture file"),
    ],
)
def test_an_output_that_cannot_be_written_is_refused_before_the_work(
    argv: list[str], message: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not an internal error after the fit or the statistics: one line, exit status 2."""
    if "stats" in argv and "picture file" in message:
        pytest.importorskip("matplotlib")
    example = resources.files("feldherr.wallenstein.tower").joinpath("data", "example-drops.csv")
    filled = [a.format(example=example, tmp=tmp_path) for a in argv]
    assert run(filled) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("feldherr: error: ") and captured.err.count("\n") == 1
    assert message in captured.err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["odds", "attack", "--armies", "1e9"], "argument --armies: must be a whole number, not '1e9'"),
        (["tower", "stats", "--samples", "0"], "argument --samples: must be a whole number from 1 to"),
        (["tower", "simulate", "--players", "9"], "argument --players: must be a whole number from 2 to 5"),
    ],
)
def test_counts_are_read_as_every_command_reads_them(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Argparse's own 'invalid int value' was the tower's wording; a huge --samples ran for ever."""
    with pytest.raises(SystemExit) as exit_info:
        run(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert words in err


@pytest.mark.parametrize("argv", [["tower", "simulate", "--drops", "1"], ["odds", "attack", "--armies", "2"]])
@pytest.mark.parametrize("seed", ["-3", "1.5", "2e3"])
def test_a_bad_seed_is_refused(argv: list[str], seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run([*argv, "--seed", seed])
    assert exit_info.value.code == 2
    assert "argument --seed: a seed is" in capsys.readouterr().err
