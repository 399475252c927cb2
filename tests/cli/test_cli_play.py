"""``feldherr play`` end to end against the toy game: piped people, bots, hot-seat, resume."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from cliutil import Capsys, feed, run, write_record

from feldherr.core.play import make_bots, play_game
from feldherr.core.record import GameRecord
from feldherr.games import get_game


def test_play_all_bots_reproduces_the_batch_game(capsys: Capsys, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out, _ = run(
        capsys, "play", "toy", "--seats", "heuristic,random,random", "--seed", "11", "--save", str(save)
    )
    assert code == 0
    assert "Game over." in out and ("Winner: " in out or "Winners: " in out)
    assert "You bid" not in out  # bots' secrets stay hidden
    game = get_game("toy")
    expected, _, _ = play_game(
        game, {"players": 3}, 11, make_bots(game, ["heuristic", "random", "random"], 11)
    )
    assert GameRecord.from_json(json.loads(save.read_text())) == expected


def test_play_human_with_piped_input(capsys: Capsys, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # seed 3: seat 0 decides about doubling first, then bids; its hand is [3, 3, 5, 6, 6]
    lines = [
        "2",
        "9",
        "nonsense",
        '["bid", 4]',
        '["bid"',
        '["bid", 6]',
        "help",
        "log",
        "board",
        "moves",
        *["1"] * 6,
    ]
    feed(monkeypatch, "\n".join(lines) + "\n")
    save = tmp_path / "g.json"
    code, out, _ = run(capsys, "play", "toy", "--seats", "human,random", "--seed", "3", "--save", str(save))
    assert code == 0, out
    assert "Hand: [3, 3, 5, 6, 6]" in out and "1. keep the prize" in out
    assert "Seat 0 doubles the prize" in out
    assert "There is no move 9; choose 1 to 3." in out
    assert "Not understood" in out
    # the rule in words, never its id (toy.bid.own-card) or a snake_case key
    assert "Rejected: this player holds no 4\n" in out
    assert "toy.bid" not in out and "own-card" not in out and "own_card" not in out
    assert "That is not valid JSON: line 1, column " in out and "Expecting" not in out
    assert "You bid 6 in secret." in out
    assert "Commands:" in out and "Log as Player 1 (human) sees it:" in out
    assert "Game over." in out and "Record saved to" in out
    record = GameRecord.from_json(json.loads(save.read_text()))
    assert record.moves[0] == (0, ["double", True]) and (0, ["bid", 6]) in record.moves[1:3]
    code, replayed, _ = run(capsys, "replay", str(save))
    assert code == 0 and "final digest matches" in replayed


def test_play_in_german(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "1\n" * 10)
    code, out, _ = run(capsys, "play", "toy", "--seed", "2", "--lang", "de", "--seats", "human,heuristic")
    assert code == 0
    assert (
        "Deine Entscheidung, Spieler 1 (Mensch)." in out and "Erlaubte Züge:" in out and "Spielende." in out
    )


def test_a_refused_move_names_its_rule_in_words_not_by_id(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The prompt said "Abgelehnt: ... (elgrande.move.kind)": a rule's id is for programs; the
    game's words (its catalogue template for the rule) are what a person reads."""
    feed(monkeypatch, '["bogus"]\n[1, 2]\n["place", "nowhere"]\nende\n')
    code, out, _ = run(
        capsys,
        "play",
        "elgrande",
        "--players",
        "3",
        "--seed",
        "1",
        "--lang",
        "de",
        "--seats",
        "human,random,random",
    )
    assert code == 0 and "Partie abgebrochen." in out
    refusals = [line for line in out.splitlines() if line.startswith("Abgelehnt: ")]
    assert refusals == [
        "Abgelehnt: Einen solchen Zug gibt es in El Grande nicht",
        "Abgelehnt: Das ist kein Zug von El Grande",
        "Abgelehnt: Ein Teil dieses Zuges ist ungültig",
    ]
    assert "elgrande." not in out and not re.search(r"\b[a-z]+_[a-z_]+\b", "\n".join(refusals))


def test_play_takes_german_commands(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    """A German player reads German commands in the help and may type them (only the English
    'board', 'moves', 'log', 'help', 'quit' were understood, and named in the German help)."""
    feed(monkeypatch, "hilfe\nprotokoll\nzüge\nplan\nende\n")
    code, out, _ = run(capsys, "play", "toy", "--seed", "2", "--lang", "de", "--seats", "human,heuristic")
    assert code == 0 and "Partie abgebrochen." in out
    assert "Befehle: plan (Spielplan erneut), züge (alle erlaubten Züge)" in out
    assert "Protokoll aus Sicht von Spieler 1 (Mensch):" in out
    assert "Nicht verstanden" not in out and "board" not in out and "'help'" not in out


def test_play_says_why_json_is_refused_in_the_players_words(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Python's English ("Expecting value: line 1 column 8 (char 7)") was the German reason."""
    feed(monkeypatch, '["bid",\n["bid", Infinity]\n' + "[" * 5000 + "\nende\n")
    code, out, _ = run(capsys, "play", "toy", "--seed", "2", "--lang", "de", "--seats", "human,heuristic")
    assert code == 0 and "Kein gültiges JSON: Zeile 1, Spalte 8" in out
    assert "Kein gültiges JSON: Infinity ist keine Zahl in JSON" in out
    assert "Kein gültiges JSON: zu tief verschachtelt" in out and "Expecting" not in out


def test_play_hot_seat_separates_the_views(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "1\n" * 20)
    code, out, _ = run(capsys, "play", "toy", "--seats", "human,human", "--seed", "5", "--variant", "plain")
    assert code == 0
    assert "Pass the screen to Player 2 (human)." in out and "Pass the screen to Player 1 (human)." in out
    state = get_game("toy").new_state({"players": 2, "variant": "plain"}, 5)
    hands = state.to_json()["hands"]
    # each seat's hand is shown only after the screen was passed to that seat
    first_pass = out.index("Pass the screen to Player 2")
    assert out.index(f"Hand: {hands[0]}") < first_pass < out.index(f"Hand: {hands[1]}")


def test_play_quit_saves_a_partial_record(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    feed(monkeypatch, "1\n1\nquit\n")
    save = tmp_path / "partial.json"
    code, out, _ = run(capsys, "play", "toy", "--seats", "human,random", "--seed", "3", "--save", str(save))
    assert code == 0 and "Game abandoned." in out
    data = json.loads(save.read_text())
    # seat 0 doubles; in the simultaneous bid the bot's bid comes first (the loop returns when only
    # people owe a decision), then seat 0's; round 2: seat 1 doubles and bids, seat 0 quits
    assert [seat for seat, _ in data["moves"]] == [0, 1, 0, 1, 1]
    code, replayed, _ = run(capsys, "replay", str(save))
    assert code == 0 and "stops before the end" in replayed


def test_play_end_of_input_fails(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "1\n")
    code, out, _ = run(capsys, "play", "toy", "--seats", "human,random", "--seed", "3")
    assert code == 1 and "Input ended" in out


def test_play_default_seats_and_seed(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "quit\n")
    code, out, _ = run(capsys, "play", "toy", "--players", "3")
    assert (
        code == 0
        and "Players: Player 1 (human), Player 2 (random), Player 3 (random)" in out
        and ", seed " in out
    )


def test_interactive_hot_seat_never_shows_two_hands_at_once() -> None:
    from feldherr.cli.play import CLEAR, TerminalGame

    game = get_game("toy")
    opts = game.normalize_options({"players": 2, "variant": "plain", "rounds": 2})
    out = io.StringIO()
    # each turn: Enter at the hand-over, then a bid
    session = TerminalGame(
        game, opts, 5, ["human", "human"], inp=io.StringIO("\n1\n" * 4), out=out, interactive=True
    )
    assert session.run() == 0
    text = out.getvalue()
    assert "Press Enter when ready." in text
    screens = text.split(CLEAR)
    assert all(screen.count("Hand:") <= 1 for screen in screens)
    turns = [screen for screen in screens if "Your decision" in screen]
    assert [t.count("Your decision, Player 1") for t in turns] == [1, 0, 1, 0]
    # seat 0's second turn recaps what happened publicly since its first, its own bid included
    recap = turns[2].split("Legal moves")[0]
    assert "Bids revealed" in recap and "You bid" in recap and "Round 2" in recap


def test_ctrl_c_saves_the_record(tmp_path: Path) -> None:
    from feldherr.cli.play import TerminalGame

    class Interrupting(io.StringIO):
        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            raise KeyboardInterrupt

    game = get_game("toy")
    save = tmp_path / "g.json"
    session = TerminalGame(
        game,
        game.normalize_options({"players": 2}),
        1,
        ["random", "human"],
        inp=Interrupting(),
        out=io.StringIO(),
        save=save,
    )
    with pytest.raises(KeyboardInterrupt):
        session.run()
    assert GameRecord.from_json(json.loads(save.read_text())).final_digest is not None


def test_resume_a_saved_game_to_the_end(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "g.json"
    feed(monkeypatch, "1\n1\nquit\n")
    assert run(capsys, "play", "toy", "--seats", "human,random", "--seed", "3", "--save", str(save))[0] == 0
    partial = GameRecord.from_json(json.loads(save.read_text()))
    feed(monkeypatch, "1\n" * 10)
    code, out, _ = run(capsys, "play", "toy", "--resume", str(save), "--seats", "human,heuristic")
    assert code == 0, out
    assert "Resuming the saved game after 5 moves." in out and "Game over." in out
    assert "Round 1:" not in out  # the old log is not printed again
    final = GameRecord.from_json(json.loads(save.read_text()))  # saved back to the same file
    assert final.moves[:5] == partial.moves and len(final.moves) == 9
    assert run(capsys, "replay", str(save))[0] == 0


@pytest.mark.parametrize(
    ("extra", "code", "message"),
    [
        (["--seed", "4"], 2, "from the record"),
        (["--variant", "plain"], 2, "from the record"),
        (["--players", "3"], 2, "has 2 players"),
        (["--seats", "human"], 2, "the seat list (human) does not name one bot per player (2 players)"),
    ],
)
def test_resume_errors(capsys: Capsys, tmp_path: Path, extra: list[str], code: int, message: str) -> None:
    path = tmp_path / "g.json"
    write_record(path, players=2)
    got, _, err = run(capsys, "play", "toy", "--resume", str(path), *extra)
    assert got == code and message in err


def test_resume_rejects_a_tampered_or_foreign_record(capsys: Capsys, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    data = write_record(path, players=2).to_json()
    data["moves"][0][1] = ["bid", 99]
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "play", "toy", "--resume", str(path))
    assert code == 1 and "inconsistent" in err
    data["game"] = "other"
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "play", "toy", "--resume", str(path))
    assert code == 1 and "is a 'other' game" in err
