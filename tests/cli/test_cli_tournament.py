"""``feldherr tournament``: table, JSON, plot, errors."""

from __future__ import annotations

import json
import re
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
    assert "seats rotated" in out and "95% interval" in out and "digest" in out
    assert "(μ ± σ)" in out and "sigma" not in out  # as the plot writes it
    assert "Rule of thumb" in out and "Plain tree search (ismcts@5i)" in out
    assert "6/6" in err, "a progress bar on standard error"
    assert plot.read_bytes()[:4] == b"\x89PNG"


def test_a_german_table_comes_with_german_words_around_it(capsys: Capsys, tmp_path: Path) -> None:
    """--lang de: the progress bar, the line saying where the plot went, and the plot itself are
    German as the table is (they were English)."""
    plot = tmp_path / "t.png"
    code, out, err = run(
        capsys,
        "tournament",
        "toy",
        "--bots",
        "heuristic,random",
        "--games",
        "2",
        "--plot",
        str(plot),
        "--lang",
        "de",
    )
    assert code == 0 and "Plätze rotiert" in out
    assert f"Grafik geschrieben: {plot}" in err and "plot written" not in err
    assert "Turnier: " in err and "2/2" in err and "Partien" in err and "tournament" not in err


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
        (
            ["--bots", "random,random,random", "--players", "2"],
            "does not name one bot per player (2 players)",
        ),
        (["--bots", "random,hard@never"], "not a search budget"),
    ],
)
def test_errors(capsys: Capsys, argv: list[str], message: str) -> None:
    code, _, err = run(capsys, "tournament", "toy", *argv, "--quiet", "--no-plot")
    assert code == 2
    assert message in err


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("missing/t.png", "does not exist"),
        (".", "is a folder"),
        ("t.txt", "cannot write a .txt picture"),
    ],
)
def test_a_bad_plot_target_is_refused_before_any_game(
    capsys: Capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = ["tournament", "toy", "--bots", "random,random", "--games", "2", "--plot", where]
    code, out, err = run(capsys, *argv)
    assert code == 2, err
    assert out == "" and "Traceback" not in err
    assert err.count("\n") == 1 and f"--plot {where}" in err and message in err


def test_a_plot_name_without_a_type_is_written_as_png_and_named_so(capsys: Capsys, tmp_path: Path) -> None:
    code, _, err = run(
        capsys, "tournament", "toy", "--bots", "random,random", "--games", "2", "--quiet",
        "--plot", str(tmp_path / "ladder"),
    )  # fmt: skip
    assert code == 0
    assert (tmp_path / "ladder.png").read_bytes()[:4] == b"\x89PNG"
    assert f"plot written to {tmp_path / 'ladder.png'}" in err
    code, out, err = run(
        capsys, "tournament", "toy", "--bots", "random,random", "--games", "2", "--quiet",
        "--plot", str(tmp_path / "leiter"), "--lang", "de",
    )  # fmt: skip
    assert code == 0 and "Siege" in out
    assert err == f"Grafik geschrieben: {tmp_path / 'leiter.png'}\n"  # it was English in German


def test_plot_and_no_plot_together_are_refused(capsys: Capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:  # argparse's own usage error
        run(capsys, "tournament", "toy", "--bots", "random,random", "--plot", "x.png", "--no-plot")
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "--no-plot: not allowed with argument --plot" in err and "Traceback" not in err


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_german_table_is_german_throughout(capsys: Capsys, command: str) -> None:
    """--lang de gave German headings between English lines ('2 players, 4 games', 'decisions
    per game', 'fair share', 'digest')."""
    bots = ["--bots", "random,heuristic", "--no-plot"] if command == "tournament" else ["--players", "2"]
    code, out, _ = run(capsys, command, "toy", *bots, "--games", "3", "--quiet", "--lang", "de")
    assert code == 0
    assert "2 Spieler, 3 Partien" in out and "Prüfsumme " in out and "Partien/s)" in out
    for english in ("players", " games", "digest", "fair share", "decisions per game", "note:"):
        assert english not in out, english


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_german_table_writes_german_numbers(capsys: Capsys, command: str) -> None:
    """--lang de: every decimal in the German number format (the tournament's table wrote
    "33.33", "0.0-70.8" and "1.2 s" between German words)."""
    bots = ["--bots", "random,heuristic", "--no-plot"] if command == "tournament" else ["--players", "2"]
    code, out, _ = run(capsys, command, "toy", *bots, "--games", "3", "--quiet", "--lang", "de")
    assert code == 0
    table = out.rsplit("Prüfsumme", 1)[0]  # the digest is hex, not a number
    assert re.search(r"\d,\d", table), table
    assert not re.findall(r"\d\.\d", table), table


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_the_tables_name_bots_and_percentages_in_the_readers_language(capsys: Capsys, command: str) -> None:
    """The tables named the bots as typed ("heuristic") also in German, where the lobby says
    "Faustregel", and wrote their win rates as bare numbers under "win %" ("100.00") and the fair
    share as "50.0 %" in English, where the browser writes "50%". Now each bot is named as the
    lobby names it (a repeat marked II, a budget as typed in brackets), and every percentage is in
    the language's format from Babel: English "50.0%", German "50,0 %" (a no-break space)."""
    from feldherr.core.i18n import percent, percent_range

    bots = "heuristic,heuristic,ismcts@5i" if command == "tournament" else "heuristic,random"
    base = [command, "toy", "--bots", bots, "--games", "4", "--seed", "2", "--quiet"]
    base += ["--no-plot"] if command == "tournament" else []
    code, out, err = run(capsys, *base, "--json")
    assert code == 0, err
    data = json.loads(out)
    rates = [e["win_rate"] for e in data["entrants"]] if command == "tournament" else data["win_rate"]
    named = {
        "en": ["Rule of thumb", "Rule of thumb II", "Plain tree search (ismcts@5i)"],
        "de": ["Faustregel", "Faustregel II", "Einfache Baumsuche (ismcts@5i)"],
    }
    if command == "simulate":
        named = {"en": ["Rule of thumb", "Random moves"], "de": ["Faustregel", "Zufallszüge"]}
    for lang in ("en", "de"):
        code, out, _ = run(capsys, *base, "--lang", lang)
        assert code == 0
        rows = out.split("\n\n")[1].splitlines()[1:]
        for row, name, rate in zip(rows, named[lang], rates, strict=False):
            assert row.strip().startswith(name) or f" {name} " in row, (row, name)
            assert f" {percent(rate, 1, lang)} " in row, (row, rate)
        assert len(rows) == (3 if command == "tournament" else 2), rows
        assert not re.search(r"\b(heuristic|random)\b(?!@)", out.split("\n\n")[1]), out
        assert percent_range(0, 1, 1, lang) in ("0.0%–100.0%", "0,0\xa0%–100,0\xa0%")
        if lang == "en":
            assert not re.search(r"\d %", out) and re.search(r"\d\.\d%", out), out
        else:
            assert re.search(r"\d,\d\xa0%", out) and not re.search(
                r"\d\.\d", out.rsplit("Prüfsumme", 1)[0]
            ), out
    if command == "tournament":
        assert "fair share 33.3%" in run(capsys, *base)[1]
        assert "fairer Anteil 33,3\xa0%" in run(capsys, *base, "--lang", "de")[1]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0"], "argument --games: must be a whole number from 1 to 1000000000, not 0"),
        (["--games", "2000000000000"], "argument --games: must be a whole number from 1 to 1000000000"),
        (["--jobs", "100000"], "argument --jobs: must be a whole number from 0 to 1024"),
    ],
)
def test_counts_out_of_range_are_usage_errors(capsys: Capsys, argv: list[str], message: str) -> None:
    """As simulate's: a huge --games was accepted and the tournament stalled building its list."""
    with pytest.raises(SystemExit) as exit_info:
        run(capsys, "tournament", "toy", "--bots", "random,random", *argv, "--quiet", "--no-plot")
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_simulate_draws_a_plot_in_the_readers_language(capsys: Capsys, tmp_path: Path) -> None:
    """``feldherr simulate --plot``: each player's win rate with its 95 % interval and the spread
    of the final points, the players as the position names them over their bots in words, all in
    ``--lang``; a file the plot cannot go to is refused before any game (simulate had no plot)."""
    matplotlib = pytest.importorskip("matplotlib")
    example = Path(__file__).resolve().parents[2] / "docs" / "positions" / "elgrande-example.json"
    picture = tmp_path / "batch.svg"
    argv = ["simulate", "elgrande", "--from-position", str(example), "--games", "6", "--quiet"]
    with matplotlib.rc_context({"svg.fonttype": "none"}):  # the words as text, not as outlines
        code, out, err = run(capsys, *argv, "--bots", "heuristic,heuristic,random", "--lang", "de",
                             "--plot", str(picture))  # fmt: skip
    assert code == 0 and "Isabel" in out, err
    assert err == f"Grafik geschrieben: {picture}\n"
    text = picture.read_text(encoding="utf-8")
    for said in ("El Grande: 6 Partien aus einer Stellung", "Siegquote", "fairer Anteil 33\xa0%",
                 "Schlusspunkte je Partie", "mittlere Hälfte der Partien", "Isabel", "Carmen",
                 "Faustregel", "Zufallszüge"):  # fmt: skip
        assert said in text, said
    for unsaid in ("games", "win rate", "Rule of thumb", "Red", "Player 1"):
        assert unsaid not in text, unsaid
    with matplotlib.rc_context({"svg.fonttype": "none"}):
        code, _, err = run(capsys, "simulate", "wallenstein", "--players", "3", "--games", "2", "--quiet",
                           "--plot", str(picture))  # fmt: skip
    assert code == 0 and err == f"plot written to {picture}\n"
    text = picture.read_text(encoding="utf-8")
    for said in ("Wallenstein: 2 games", "win rate", "final points per game", "Red", "Random moves"):
        assert said in text, said
    code, out, err = run(capsys, "simulate", "mansfeld", "--players", "2", "--games", "2",
                         "--plot", str(tmp_path / "t.txt"))  # fmt: skip
    assert code == 2 and out == "" and "cannot write a .txt picture" in err and "2/2" not in err


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_the_table_says_what_its_columns_count(capsys: Capsys, command: str) -> None:
    """Under the table of simulate and tournament, in ``--lang``: what "wins" counts (a shared
    win in part), what the 95 % interval is, and what the mean score averages."""
    argv = [command, "toy", "--bots", "random,random", "--games", "4", "--quiet"]
    argv += ["--no-plot"] if command == "tournament" else []
    code, out, _ = run(capsys, *argv)
    said = " ".join(out.split())
    assert code == 0 and "a win shared by several players counts in part" in said, out
    assert "the range the true win rate lies in with 95% certainty" in said, out
    code, out, _ = run(capsys, *argv, "--lang", "de")
    said = " ".join(out.split())
    assert code == 0 and "ein geteilter Sieg zählt anteilig" in said, out
    assert "zu 95 % sicher liegt" in said and "durchschnittlichen Schlusspunkte" in said, out
