"""The adapters' programs (``python -m feldherr.adapters.ismcts``, ``.train``, ``.bench``, shown in
docs/adapters.md) treat bad input as the ``feldherr`` command does: one line naming the problem and
what is accepted, exit status 2, no traceback; ``--help`` explains every option; long runs say
how far they are on standard error."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

import pytest

from feldherr.adapters import _script, bench, ismcts, train

Main = Callable[[list[str] | None], None]
PROGRAMS: dict[str, Main] = {"ismcts": ismcts.main, "train": train.main, "bench": bench.main}


EVERY_PROGRAM = [
    (["no-such-game"], "unknown game 'no-such-game' (known:"),
    (["toy", "--players", "9"], "option players must be a whole number from"),
    (["toy", "--players", "three"], "argument --players: must be a whole number, not 'three'"),
]


@pytest.mark.parametrize(
    ("program", "argv", "words"),
    [
        *((program, argv, words) for program in sorted(PROGRAMS) for argv, words in EVERY_PROGRAM),
        (
            "ismcts",
            ["toy", "--games", "0"],
            "argument --games: must be a whole number from 1 to 1000000000, not 0",
        ),
        (
            "bench",
            ["toy", "--games", "0"],
            "argument --games: must be a whole number from 1 to 1000000000, not 0",
        ),
        ("bench", ["toy", "--register", "toy"], "--register takes NAME=MODULE:CLASS"),
        ("train", ["toy", "--opponents", "deep-blue"], "unknown bot 'deep-blue'"),
        (
            "train",
            ["toy", "--cpu-seconds", "-1"],
            "argument --cpu-seconds: must be a number of seconds above 0 and at most 604800, not -1",
        ),
        ("ismcts", ["toy", "--games", str(10**12)], "argument --games: must be a whole number from 1 to"),
        ("train", ["toy", "--seed", "-1"], "argument --seed: a seed is a whole number from 0 to 2^64-1"),
        (
            "train",
            ["toy", "--episodes", "0"],
            "argument --episodes: must be a whole number from 1 to 1000000000, not 0",
        ),
    ],
)
def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], program: str, argv: list[str], words: str
) -> None:
    """An unknown game, option, bot, or a bad count: one line naming it, exit status 2."""
    with pytest.raises(SystemExit) as exit_info:
        PROGRAMS[program](argv)
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    assert captured.err.count("\n") == 1 and words in captured.err, captured.err
    assert f"python -m feldherr.adapters.{program}: error:" in captured.err


class _Parsed(Exception):
    def __init__(self, parser: argparse.ArgumentParser) -> None:
        self.parser = parser


@pytest.mark.parametrize("program", sorted(PROGRAMS))
def test_help_explains_every_option(monkeypatch: pytest.MonkeyPatch, program: str) -> None:
    def catch(self: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> Any:
        raise _Parsed(self)

    monkeypatch.setattr(_script.Parser, "parse_args", catch)
    with pytest.raises(_Parsed) as parsed:
        PROGRAMS[program](["toy"])
    bare = [a.dest for a in parsed.value.parser._actions if not a.help]
    assert not bare, f"options without help: {bare}"


def test_long_runs_report_progress(capsys: pytest.CaptureFixture[str]) -> None:
    ismcts.main(["toy", "--players", "2", "--games", "2", "--simulations", "2"])
    captured = capsys.readouterr()
    assert "game 1/2: seat 0 win share" in captured.err and "game 2/2" in captured.err
    assert "mean win share" in captured.out
    bench.main(["toy", "--games", "1", "--repeats", "1"])
    captured = capsys.readouterr()
    assert "round 1/1: engine: moves:" in captured.err and "pettingzoo AEC" in captured.out
    train.main(["toy", "--iterations", "2", "--episodes", "1"])
    assert "iteration 1/2: best mean return" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("library", "module", "program"),
    [
        ("pyspiel", "feldherr.adapters.openspiel", "ismcts"),
        ("gymnasium", "feldherr.adapters.gym", "train"),
        ("pettingzoo", "feldherr.adapters.pettingzoo", "bench"),
    ],
)
def test_a_missing_library_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    library: str,
    module: str,
    program: str,
) -> None:
    """Without the adapters extra (simulated: the library hidden), importing an adapter names the
    extra to install, and its program says so in one line (exit status 2), not a traceback."""
    import importlib
    import runpy
    import sys

    monkeypatch.setitem(sys.modules, library, None)  # import -> ImportError
    for name in (module, f"feldherr.adapters.{program}"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    with pytest.raises(ImportError, match=r"pip install 'feldherr\[adapters\]'"):
        importlib.import_module(module)
    monkeypatch.setattr(
        sys, "argv", [program, "toy", "--games", "1"] if program != "train" else [program, "toy"]
    )
    with pytest.raises(SystemExit) as exit_info:
        runpy.run_module(f"feldherr.adapters.{program}", run_name="__main__")
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'feldherr[adapters]'" in err and "Traceback" not in err
