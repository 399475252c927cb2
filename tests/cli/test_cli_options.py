"""Game flags derived from ``option_spec()``: every option kind, checked by the game's normalising."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from cliutil import Capsys

import feldherr.games
from feldherr.cli import main


@pytest.fixture(autouse=True)
def _toyplus() -> Iterator[None]:
    feldherr.games.register("toyplus", "toyplus:ToyPlus")
    yield
    feldherr.games.unregister("toyplus")


def run(capsys: Capsys, *argv: str) -> tuple[int, dict[str, object] | None, str]:
    try:
        code = main(["simulate", "toyplus", "--games", "1", "--json", "--quiet", *argv])
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, (json.loads(out)["options"] if code == 0 else None), err


def test_help_lists_every_option_in_both_languages(capsys: Capsys) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "toyplus", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for flag in ("--open-hands, --no-open-hands", "--colours X", "--handicap X", "--prize-table X"):
        assert flag in text
    assert "a comma list of: red, blue" in text and "a JSON object" in text
    assert "--seed N" in text and "clashes with --seed" not in text  # a clash keeps the command's flag
    with pytest.raises(SystemExit):
        main(["bench", "toyplus", "--lang", "de", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "Spieloptionen" in text and "eine Komma-Liste aus: red, blue" in text and "ein JSON-Objekt" in text


@pytest.mark.parametrize(
    ("argv", "key", "value"),
    [
        (["--open-hands"], "open_hands", True),
        (["--no-open-hands"], "open_hands", False),
        (["--colours", "red,blue"], "colours", ["blue", "red"]),
        (["--colours", '["red"]'], "colours", ["red"]),
        (["--handicap", "1,2"], "handicap", [1, 2]),
        (["--option", "handicap=[3, 4]"], "handicap", [3, 4]),
        (["--prize-table", '{"1": 2}'], "prize_table", {"1": 2}),
        (["--option", "open_hands=true"], "open_hands", True),
        (["--option", "seed=4"], "seed", 4),
    ],
)
def test_flags_set_options(capsys: Capsys, argv: list[str], key: str, value: object) -> None:
    code, options, err = run(capsys, *argv)
    assert code == 0, err
    assert options is not None and options[key] == value


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--colours", "green"], "--colours must be a comma list of red, blue"),
        (
            ["--colours", "red,green,grey"],
            "must be a comma list of red, blue, not 'green', 'grey'",
        ),  # not "['red', ...]"
        (["--handicap", "1"], "one entry per player"),
        (["--handicap", "1,x"], "handicap must be"),
        (["--handicap", "[1e999, 1]"], "handicap must be"),
        (["--handicap", "1,10"], "handicap must be"),
        (["--prize-table", "abc"], "--prize-table must be a JSON object"),
        (["--option", "prize_table=abc"], "--prize-table must be a JSON object"),
        (["--option", "prize_table=" + "[" * 100_000], "--prize-table must be a JSON object"),
        (["--option", "open_hands=1"], "--open-hands must be true or false"),
        (["--open-hands", "--option", "open_hands=true"], "given twice"),
        (["--rounds", "9" * 5000], "rounds must be"),
    ],
)
def test_bad_values_are_one_line(capsys: Capsys, argv: list[str], message: str) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err
    assert err.count("\n") == 1 and len(err) < 400 and "Traceback" not in err
