"""A person reads players by their names or colours, never by a seat number from 0: ``play``
(the seat list, the prompt, the hand-over, the scores), ``replay`` (private lines, scores,
winners) and ``simulate`` (the table) said "seat 0"/"Platz 0" before."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from feldherr.cli import main
from feldherr.cli.play import TerminalGame
from feldherr.games import get_game

Capsys = pytest.CaptureFixture[str]
SEAT_NUMBER = re.compile(r"\b(seat|Seat|Platz|Plätze|Seats)\b")
COLOURS = {"en": ("Red", "Blue"), "de": ("Rot", "Blau")}


def played(lang: str, save: Path | None = None) -> str:
    game = get_game("mansfeld")
    options = game.normalize_options({"players": 2})
    out = io.StringIO()
    session = TerminalGame(
        game, options, 7, ["human", "heuristic"], lang=lang, inp=io.StringIO("1\n" * 400), out=out, save=save
    )
    assert session.run() == 0
    return out.getvalue()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_play_names_players_by_colour(lang: str) -> None:
    text = played(lang)
    red, blue = COLOURS[lang]
    human, bot = ("human", "heuristic") if lang == "en" else ("Mensch", "heuristic")
    players = "Players" if lang == "en" else "Spieler"
    assert f"{players}: {red} ({human}), {blue} ({bot})" in text
    assert f"\n{red} ({human})> " in text  # the prompt
    assert not SEAT_NUMBER.search(text), SEAT_NUMBER.search(text)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_replay_and_simulate_name_players_by_colour(capsys: Capsys, tmp_path: Path, lang: str) -> None:
    save = tmp_path / "game.json"
    played("en", save)
    red, blue = COLOURS[lang]
    assert main(["replay", str(save), "--lang", lang]) == 0
    out = capsys.readouterr().out
    scores, winners = ("Scores", "Winner") if lang == "en" else ("Punkte", "Sieger")
    assert f"{scores}: {red}: " in out and f", {blue}: " in out and f"\n{winners}: " in out
    assert not SEAT_NUMBER.search(out), SEAT_NUMBER.search(out)
    argv = ["simulate", "mansfeld", "--players", "2", "--games", "3", "--quiet", "--lang", lang]
    assert main(argv) == 0
    out = capsys.readouterr().out
    rows = [line.split()[0] for line in out.splitlines()[3:5]]
    assert rows == [red, blue], out
    assert not SEAT_NUMBER.search(out) and "[" not in out, out


def test_seat_name_is_a_name_or_colour() -> None:
    """``Game.seat_name``: the player's name where given, else the colour the game's texts use;
    a game without colours (the toy) counts as a person does, from 1."""
    assert [get_game("wallenstein").seat_name(s, "de") for s in range(5)] == [
        "Rot", "Blau", "Gelb", "Lila", "Schwarz",
    ]  # fmt: skip
    assert get_game("elgrande").seat_name(4, "en") == "Purple"
    assert get_game("mansfeld").seat_name(1, "en", ["Anna", ""]) == "Blue"
    assert get_game("mansfeld").seat_name(0, "de", ["Anna", ""]) == "Anna"
    toy = get_game("toy")
    assert [toy.seat_name(s, "en") for s in range(2)] == ["Player 1", "Player 2"]
    assert toy.seat_name(2, "de") == "Spieler 3"


@pytest.mark.parametrize(
    ("env", "german"),
    [
        ({"LANG": "de_DE.UTF-8"}, True),
        ({"LANG": "de_AT.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, False),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "de_CH.UTF-8"}, True),
        ({"LANG": "C.UTF-8"}, False),
    ],
)
def test_the_locale_chooses_the_language(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, env: dict[str, str], german: bool
) -> None:
    """Without --lang the command speaks the locale's language (it spoke English to LANG=de_DE);
    --lang still decides where given."""
    save = tmp_path / "game.json"
    played("en", save)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert main(["replay", str(save)]) == 0
    out = capsys.readouterr().out
    assert ("Aufzeichnung in Ordnung" in out) is german and ("Record OK" in out) is not german
    assert main(["replay", str(save), "--lang", "en"]) == 0
    assert "Record OK" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["play", "toy", "--lang", "de", "--players", "0"],
            "feldherr play: Fehler: Argument --players: muss eine ganze Zahl von 1 bis 64 sein, nicht 0 "
            "(siehe 'feldherr play --help')",
        ),
        (
            ["bench", "toy", "--lang=de", "--seconds", "x"],
            "Argument --seconds: muss eine Sekundenzahl von 0 bis",
        ),
        (["replay", "--lang", "de"], "feldherr replay: Fehler: es fehlt: PARTIE.json (siehe"),
        (["simulate", "toy", "--lang", "de", "--bogus"], "unbekannte Angaben: --bogus"),
        (["play", "toy", "--lang", "fr"], "Argument --lang: 'fr' gibt es nicht (zur Wahl: 'en', 'de')"),
    ],
)
def test_usage_errors_speak_german(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch, argv: list[str], said: str
) -> None:
    """A German command line's usage errors are German (they were argparse's English): by its
    --lang, else by the locale (the last case)."""
    if "de" not in " ".join(argv):
        monkeypatch.setenv("LANG", "de_DE.UTF-8")
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and said in err and err.count("\n") == 1, err
    assert "argument" not in err and "must be" not in err and "(see" not in err


def test_refusals_of_files_and_seats_speak_german(capsys: Capsys, tmp_path: Path) -> None:
    """replay and play refused a file or a seat in English whatever --lang said."""
    broken = tmp_path / "kaputt.json"
    broken.write_text("{x", encoding="utf-8")
    save = tmp_path / "game.json"
    played("en", save)
    cases = [
        (["replay", str(tmp_path / "fehlt.json")], "ist nicht lesbar: diese Datei gibt es nicht"),
        (["replay", str(broken)], "kaputt.json ist kein JSON (Zeile 1, Spalte 2)"),
        (
            ["replay", str(save), "--seat", "Lila"],
            "--seat muss 0 bis 1 oder die Farbe einer Person sein (Rot, Blau)",
        ),
        (["play", "toy", "--save", str(tmp_path / "nein" / "x.json")], "den Ordner"),
        (["play", "toy", "--resume", str(save), "--seed", "3"], "--resume nimmt Optionen und Startwert"),
    ]
    for argv, said in cases:
        assert main([*argv, "--lang", "de"]) in (1, 2)
        err = capsys.readouterr().err
        assert said in err and err.count("\n") == 1, err


def test_unknown_games_players_and_counts_speak_german(capsys: Capsys) -> None:
    cases = [
        (["play", "schach"], "ein Spiel 'schach' gibt es nicht (bekannt: "),
        (["play", "mansfeld", "--players", "9"], "Ernst von Mansfeld spielen 2 bis 4 Personen, nicht 9"),
        (
            ["simulate", "mansfeld", "--bots", "random,alien"],
            "unbekannter Mitspieler 'alien' für Ernst von Mansfeld",
        ),
    ]
    for argv, said in cases:
        assert main([*argv, "--lang", "de"]) == 2
        err = capsys.readouterr().err
        assert said in err and err.count("\n") == 1, err
    assert main(["play", "mansfeld", "--players", "9"]) == 2
    assert "mansfeld is played by 2 to 4 players, not 9" in capsys.readouterr().err
