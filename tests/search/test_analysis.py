"""The analysis board (feldherr.search.analysis, ``feldherr analyse``) on constructed positions in
which one move wins outright (the worked examples of docs/positions/): the search ranks that move
first, and its estimate agrees with ``simulate --from-position`` played on after the move."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from feldherr.cli import main
from feldherr.core.errors import NotYourTurnError, OptionError
from feldherr.games import get_game
from feldherr.search.analysis import analyse, wilson
from feldherr.sim import simulate

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "positions"
DECIDING: dict[str, Any] = {
    "mansfeld": ["commit", ["trossbube"]],
    "elgrande": ["place", "Castillo"],
    "wallenstein": ["move", "Schlesien", 1],
}
GAMES = [name for name in DECIDING if (EXAMPLES / f"{name}-example.json").exists()]


def _example(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / f"{name}-example.json").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("name", GAMES)
def test_analysis_ranks_the_winning_move_first_and_agrees_with_simulation(name: str) -> None:
    game = get_game(name)
    position = _example(name)
    state = game.from_position(position, 0)
    seat = state.to_move()[0]
    analysis = analyse(game, state, seat, "hard@240i", seed=3)
    assert analysis.iterations == 240
    assert {m.move for m in analysis.moves} == set(state.legal_moves(seat))
    best = analysis.moves[0]
    assert game.move_to_json(best.move) == DECIDING[name]
    assert best.win_share[seat] >= 0.95 and best.visits > max(m.visits for m in analysis.moves[1:])
    assert all(m.win_share[seat] < 0.5 for m in analysis.moves[1:] if m.visits >= 5)
    # play on after the move: the batch's win rate lies in the analysis' interval and vice versa
    state.apply(seat, best.move)
    after = game.position(state)
    result = simulate(game, games=30, seed=5, bots=["easy"] * state.num_players, position=after)
    low, high = wilson(result.win_rate[seat], result.games)
    assert low <= best.win_share[seat] <= high
    assert best.low <= result.win_rate[seat] <= best.high
    assert result.mean_score[seat] == pytest.approx(
        best.score[seat], abs=max(2.0, 0.2 * abs(best.score[seat]))
    )


def test_analysis_searches_only_from_the_seats_information() -> None:
    """Two positions that differ only in what the seat cannot see give the same analysis."""
    game = get_game("mansfeld")
    position = _example("mansfeld")
    a = analyse(game, game.from_position(position, 1), 0, "ismcts@60i", seed=9)
    b = analyse(game, game.from_position(position, 2), 0, "ismcts@60i", seed=9)  # other generator
    assert a.moves == b.moves


def test_analysis_refuses_a_seat_without_a_decision_and_a_bot_that_does_not_search() -> None:
    game = get_game("mansfeld")
    state = game.from_position(_example("mansfeld"), 0)
    with pytest.raises(NotYourTurnError):
        analyse(game, state, 1, "hard@10i")
    with pytest.raises(OptionError):
        analyse(game, state, 0, "random")


def test_cli_analyse_prints_moves_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(EXAMPLES / "mansfeld-example.json")
    assert main(["analyse", "mansfeld", path, "--seat", "Anna", "--bot", "hard@80i", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Anna" in out and "Ben" in out and "Camp Boy" in out and "Commit no card" in out
    assert main(["analyse", "mansfeld", path, "--seat", "0", "--bot", "hard@80i", "--quiet", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == ["Anna", "Ben"] and data["moves"][0]["move"] == DECIDING["mansfeld"]
    assert (
        main(["analyse", "mansfeld", path, "--seat", "0", "--bot", "hard@80i", "--lang", "de", "--quiet"])
        == 0
    )
    assert "Trossbube" in capsys.readouterr().out


def test_cli_analyse_time_budget_bar_redraws_a_few_times_not_per_iteration(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A timed search makes thousands of iterations; its progress bar (on standard error, also when
    it is not a terminal) is redrawn about ten times a second, not once per iteration."""
    path = str(EXAMPLES / "mansfeld-example.json")
    assert main(["analyse", "mansfeld", path, "--seat", "Anna", "--bot", "hard@0.3s"]) == 0
    err = capsys.readouterr().err
    assert "Mansfeld" in err and err.count("\r") < 30, err.count("\r")


@pytest.mark.parametrize("spelling", ["Blue", "Blau", "BLUE", "1"])
def test_cli_analyse_takes_a_seat_as_the_table_shows_it(
    capsys: pytest.CaptureFixture[str], spelling: str
) -> None:
    """The table calls Wallenstein's seat ``blue`` "Blue" (English) or "Blau" (German); either, in
    any case, names that seat, as the file's own ``blue`` does."""
    path = str(EXAMPLES / "wallenstein-example.json")
    if not (EXAMPLES / "wallenstein-example.json").exists():
        pytest.skip("no Wallenstein example position in this build")
    argv = ["analyse", "wallenstein", path, "--bot", "hard@5i", "--quiet", "--json", "--seat"]
    assert main([*argv, "blue"]) == 0
    blue = json.loads(capsys.readouterr().out)
    assert blue["players"][blue["seat"]] == "blue"
    code = main([*argv, spelling])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert json.loads(captured.out)["seat"] == blue["seat"]


def test_cli_analyse_errors_are_one_line_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(EXAMPLES / "mansfeld-example.json")
    assert main(["analyse", "mansfeld", path, "--seat", "Ben", "--quiet", "--lang", "de"]) == 1
    assert "Ben hat in dieser Stellung nichts zu entscheiden" in capsys.readouterr().err
    assert main(["analyse", "mansfeld", path, "--seat", "Carl", "--quiet"]) == 2
    assert "no player Carl" in capsys.readouterr().err
    broken = _example("mansfeld")
    broken["open"] = [broken["players"][0]["cards"][0]]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken), encoding="utf-8")
    assert main(["analyse", "mansfeld", str(bad), "--seat", "0", "--quiet", "--lang", "de"]) == 1
    assert "jede Karte gibt es einmal" in capsys.readouterr().err
    assert main(["analyse", "mansfeld", str(tmp_path / "none.json"), "--seat", "0", "--quiet"]) == 2
    assert "cannot read the position" in capsys.readouterr().err


def test_cli_simulate_from_position(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = str(EXAMPLES / "mansfeld-example.json")
    argv = ["simulate", "mansfeld", "--from-position", path, "--games", "6", "--bots", "easy,easy", "--quiet"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 6 and data["wins"] == [6.0, 0.0] and data["options"]["ages"] == [40, 35]
    # records of games from a position start from it (tests/sim/test_sim_simulate.py replays them)
    assert main([*argv, "--records", str(tmp_path / "records")]) == 0
    assert len(list((tmp_path / "records").iterdir())) == 6
    capsys.readouterr()
    # the table names the position's players, and speaks German with German numbers
    assert main([*argv, "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert (
        "Ernst von Mansfeld: 2 Spieler, 6 Partien, Startwert 0" in out and "Entscheidungen je Partie" in out
    )
    rows = [line.split() for line in out.splitlines() if line.strip().startswith(("Anna ", "Ben "))]
    assert [row[0] for row in rows] == ["Anna", "Ben"], out
    anna = next(line for line in out.splitlines() if line.strip().startswith("Anna "))
    assert re.search(r" 6,00 +100,0\xa0% ", anna), out  # the wins, the win rate (a German percentage)


def test_cli_analyse_speaks_german_numbers_and_reasons(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """German output writes numbers the German way (``90,01``, ``100,0 %``), and a file that cannot
    be read, an unknown game, say why in German, not in Python's English."""
    path = str(EXAMPLES / "mansfeld-example.json")
    argv = ["analyse", "mansfeld", path, "--seat", "Anna", "--bot", "hard@80i", "--quiet", "--lang", "de"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    # the title's seconds too: "0,1 s" (it said "0.1 s")
    assert re.match(r"Ernst von Mansfeld: die Züge von Anna \(hard@80i, 80 Suchläufe, \d+,\d s\)", out), out
    rows = [line for line in out.splitlines() if "Trossbube" in line]
    assert rows and re.search(r"\d+,\d\xa0%", rows[0]) and re.search(r"\d+,\d\d(  \D+)?$", rows[0]), (
        rows
    )  # (then its mark)
    assert not re.search(r"\d\.\d", rows[0]), rows
    broken = tmp_path / "broken.json"
    broken.write_text("{kaputt", encoding="utf-8")
    cases = [
        (["mansfeld", str(broken)], "Der Text ist kein JSON (Zeile 1, Spalte 2)"),
        (["mansfeld", str(tmp_path / "none.json")], "Diese Datei gibt es nicht"),
        (["schach", path], "Ein Spiel schach gibt es nicht"),
    ]
    for args, said in cases:
        assert main(["analyse", *args, "--seat", "0", "--quiet", "--lang", "de"]) == 2
        err = capsys.readouterr().err
        assert said in err and "Errno" not in err and "Expecting" not in err, err


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        (["--players", "3"], "--players"),
        (["--ages", "10,20"], "--ages"),
        (["--option", "ages=[1,2]"], "--option"),
    ],
)
def test_cli_simulate_from_position_refuses_options_it_would_not_use(
    capsys: pytest.CaptureFixture[str], extra: list[str], named: str
) -> None:
    """The position's options and players apply: a flag that would be silently ignored (the user
    would believe the games had other options) is refused with one line naming it."""
    path = str(EXAMPLES / "mansfeld-example.json")
    argv = ["simulate", "mansfeld", "--from-position", path, "--games", "2", "--quiet", *extra]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "the position's options and players: leave out" in captured.err and named in captured.err


def test_cli_analyse_defaults_to_the_player_who_decides(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--seat`` may be left out: the analysis is for the one player who decides (as the
    browser's analysis board opens for them); where several decide at once (Wallenstein's plans)
    or nobody does (the end of the game) one line says so, in the reader's language, and which
    players to choose from; the bar counts searches in that language."""
    path = str(EXAMPLES / "mansfeld-example.json")
    assert main(["analyse", "mansfeld", path, "--bot", "hard@40i", "--lang", "de"]) == 0
    captured = capsys.readouterr()
    assert "die Züge von Anna" in captured.out
    assert "Suchläufe/s" in captured.err and "it/s" not in captured.err
    game = get_game("wallenstein")
    planning = tmp_path / "planning.json"
    planning.write_text(json.dumps(game.position(game.new_state({"players": 3, "setup": "fixed"}, 2))))
    assert main(["analyse", "wallenstein", str(planning), "--quiet"]) == 2
    assert "several players decide at once in this position (Red, Blue, Yellow): choose one with --seat" in (
        capsys.readouterr().err
    )
    assert main(["analyse", "wallenstein", str(planning), "--quiet", "--lang", "de"]) == 2
    assert "entscheiden mehrere Spieler zugleich (Rot, Blau, Gelb)" in capsys.readouterr().err
    mansfeld = get_game("mansfeld")
    state = mansfeld.new_state({"players": 2}, 3)
    while not state.is_terminal():
        seat = state.to_move()[0]
        state.apply(seat, state.legal_moves(seat)[0])
    over = tmp_path / "over.json"
    over.write_text(json.dumps(mansfeld.position(state)))
    assert main(["analyse", "mansfeld", str(over), "--quiet", "--lang", "de"]) == 1
    assert "niemand etwas zu entscheiden (die Partie ist vorbei)" in capsys.readouterr().err


def test_cli_analyse_a_file_without_its_game_says_the_field_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A JSON object with no ``game`` (another file, a schema) is refused as missing that field,
    not as "a position of empty"."""
    schema = str(EXAMPLES / "mansfeld.schema.json")
    assert main(["analyse", "mansfeld", schema, "--seat", "0", "--quiet"]) == 1
    said = capsys.readouterr().err
    assert "the position has no field “game”" in said and "empty" not in said
    assert main(["analyse", "mansfeld", schema, "--seat", "0", "--quiet", "--lang", "de"]) == 1
    assert "Der Stellung fehlt das Feld „Spiel“" in capsys.readouterr().err


@pytest.mark.parametrize("bot", ["easy", "hard@xyz", "hard@0i"])
def test_cli_analyse_refuses_a_bot_in_the_readers_language(
    capsys: pytest.CaptureFixture[str], bot: str
) -> None:
    """--lang de: a bot that does not search or a budget that is none is refused in German (it was
    the search's English message), naming the bot and what would do."""
    path = str(EXAMPLES / "mansfeld-example.json")
    assert main(["analyse", "mansfeld", path, "--bot", bot, "--quiet", "--lang", "de"]) == 2
    said = capsys.readouterr().err
    assert f"Kein Suchbot mit gültigem Budget: {bot} (medium, hard oder ismcts" in said, said
    assert main(["analyse", "mansfeld", path, "--bot", bot, "--quiet"]) == 2
    assert "search b" in capsys.readouterr().err  # English: the search's own reason


def test_cli_analyse_explains_its_numbers_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    """Under the table, in the reader's language, what each column estimates and how sure it is:
    the win chance as a share of the search's games, its 95 % range, the searches behind a move
    (the column said "visits"/"Besuche", a word of the search's trade) and the mean score."""
    path = str(EXAMPLES / "mansfeld-example.json")
    argv = ["analyse", "mansfeld", path, "--seat", "Anna", "--bot", "hard@40i", "--quiet"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    head = next(line for line in out.splitlines() if "wins Anna" in line)
    assert "searches" in head and "visits" not in head, head
    said = " ".join(out.split("\n\n")[-1].split())
    assert "Anna's win chance after the move" in said and "95% certainty" in said, said
    assert "average final points" in said, said
    assert main([*argv, "--lang", "de"]) == 0
    out = capsys.readouterr().out
    head = next(line for line in out.splitlines() if "Siege Anna" in line)
    assert "Suchläufe" in head and "Besuche" not in head, head
    said = " ".join(out.split("\n\n")[-1].split())
    assert "die Siegchance von Anna nach dem Zug" in said and "zu 95 % sicher" in said, said
    assert "Schlusspunkte" in said, said


def test_cli_names_a_positions_players_in_the_readers_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A position's players as the lobby names them, in ``--lang``: Wallenstein's colours by their
    words ("Blau", the table said "blue") and a player the position leaves at the default "Player
    1" (a table saved from a bot game) by the seat's colour ("Rot"); ``--seat`` takes those words
    in either language and the file's spelling, and a wrong seat lists them."""
    game = get_game("mansfeld")
    saved = game.position(game.new_state({"players": 2}, 3))  # "Player 1", "Player 2"
    assert [p["name"] for p in saved["players"]] == ["Player 1", "Player 2"]
    path = tmp_path / "saved.json"
    path.write_text(json.dumps(saved), encoding="utf-8")
    argv = ["analyse", "mansfeld", str(path), "--bot", "hard@20i", "--quiet", "--lang", "de"]
    assert main(argv) == 2
    assert "(Rot, Blau)" in capsys.readouterr().err
    for seat in ("blau", "Blue", "Player 2", "1"):
        assert main([*argv, "--seat", seat]) == 0
        out = capsys.readouterr().out
        assert out.startswith("Ernst von Mansfeld: die Züge von Blau") and "Player" not in out, out
    assert main([*argv, "--seat", "Carl"]) == 2
    assert "ein Name: Rot, Blau)" in capsys.readouterr().err
    wallenstein = str(EXAMPLES / "wallenstein-example.json")
    simulate = ["simulate", "wallenstein", "--from-position", wallenstein, "--games", "1", "--quiet"]
    assert main([*simulate, "--lang", "de"]) == 0
    rows = capsys.readouterr().out.splitlines()[3:6]
    assert [row.split()[0] for row in rows] == ["Rot", "Blau", "Gelb"], rows
    assert main([*simulate, "--lang", "en"]) == 0
    rows = capsys.readouterr().out.splitlines()[3:6]
    assert [row.split()[0] for row in rows] == ["Red", "Blue", "Yellow"], rows


def test_cli_analyse_says_when_the_search_was_too_short(capsys: pytest.CaptureFixture[str]) -> None:
    """A budget too small to rank the moves (the best move's 95 % range over 40 points) gets a
    line in words under the table saying so and what to do; a sure one none."""
    path = str(EXAMPLES / "mansfeld-example.json")
    argv = ["analyse", "mansfeld", path, "--seat", "Anna", "--quiet"]
    assert main([*argv, "--bot", "hard@6i", "--lang", "de"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "Hinter jedem Zug stehen nur wenige Suchläufe" in said and "(--bot)" in said, said
    assert main([*argv, "--bot", "hard@6i"]) == 0
    assert "Only a few searches stand behind each move" in " ".join(capsys.readouterr().out.split())
    assert main([*argv, "--bot", "hard@300i"]) == 0
    assert "Only a few searches" not in " ".join(capsys.readouterr().out.split())


def test_each_move_stands_against_the_search_choice_by_its_range() -> None:
    """The first move is the search's choice (most searched), even where a move below has a higher
    mean: a move whose 95 % range overlaps the choice's is "about as good", one wholly above it
    "probably better", one wholly below it (or not searched) unmarked. The board, the server's
    answer and the command line say so (the board said "best" over 6 % above a move with 9 %)."""
    from feldherr.search.analysis import MoveEstimate, standing

    def move(visits: int, share: float, low: float, high: float) -> MoveEstimate:
        return MoveEstimate(("m", visits), visits, (share, 1 - share), (5.0, 9.0), low, high)

    moves = [move(400, 0.06, 0.04, 0.09), move(30, 0.09, 0.03, 0.24), move(50, 0.01, 0.002, 0.03),
             move(20, 0.6, 0.4, 0.78), move(0, 0.0, 0.0, 1.0)]  # fmt: skip
    assert standing(moves) == ["choice", "as_good", None, "better", None]
    assert standing([move(0, 0.0, 0.0, 1.0)]) == [None]


def test_cli_analyse_marks_the_search_choice_and_the_moves_as_good(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(EXAMPLES / "mansfeld-example.json")
    argv = ["analyse", "mansfeld", path, "--seat", "Anna", "--bot", "hard@40i", "--quiet"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    first = next(line for line in out.splitlines() if line.startswith("  1  "))
    assert first.endswith("the search's choice"), first
    said = " ".join(out.split("\n\n")[-1].split())
    assert "“about as good”" in said and "not by their win chances" in said, said
    assert main([*argv, "--lang", "de"]) == 0
    out = capsys.readouterr().out
    first = next(line for line in out.splitlines() if line.startswith("  1  "))
    assert first.endswith("Wahl der Suche"), first
    assert "„etwa gleich gut“" in " ".join(out.split())
