"""The command line end to end, against the toy game (tests/core/toygame.py)."""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import sys
import types
from pathlib import Path

import pytest

import feldherr.cli
from feldherr.cli import main
from feldherr.core.play import make_bots, play_game
from feldherr.core.record import GameRecord
from feldherr.games import get_game

Capsys = pytest.CaptureFixture[str]


def run(capsys: Capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


# -- games, help ---------------------------------------------------------------------------------
def test_games_lists_the_toy(capsys: Capsys) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "toy" in out and "Toy Auction" in out and "2-4 players" in out and "heuristic" in out


@pytest.mark.parametrize("command", [[], ["play"], ["simulate"], ["bench"], ["replay"], ["games"]])
def test_help(capsys: Capsys, command: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([*command, "--help"])
    assert exit_info.value.code == 0
    assert "usage: feldherr" in capsys.readouterr().out


def test_no_command_prints_help_and_fails(capsys: Capsys) -> None:
    code, _, err = run(capsys)
    assert code == 2 and "COMMAND" in err


# -- simulate ------------------------------------------------------------------------------------
def test_simulate_json_is_identical_for_one_and_two_jobs(capsys: Capsys) -> None:
    args = ["simulate", "toy", "--players", "3", "--games", "40", "--seed", "1", "--json"]
    bots = ["--bots", "heuristic,random,random"]
    code1, out1, err1 = run(capsys, *args, *bots, "--jobs", "1")
    code2, out2, _ = run(capsys, *args, *bots, "--jobs", "2")
    assert code1 == code2 == 0
    assert out1 == out2
    data = json.loads(out1)
    assert data["game"] == "toy" and data["players"] == 3 and data["games"] == 40 and data["seed"] == 1
    assert len(data["wins"]) == len(data["mean_score"]) == 3
    assert sum(data["wins"]) == pytest.approx(40)
    assert len(data["digest"]) == 64
    assert "40/40" in err1  # the progress bar is on stderr even when it is not a terminal


def test_simulate_quiet_table_and_defaults(capsys: Capsys) -> None:
    code, out, err = run(capsys, "simulate", "toy", "--games", "5", "--quiet", "--variant", "plain")
    assert code == 0 and err == ""
    assert "toy: 2 players, 5 games, seed 0" in out and "variant=plain" in out
    assert out.count("random") == 2 and "digest" in out


def test_simulate_players_follow_the_bot_list(capsys: Capsys) -> None:
    code, out, _ = run(
        capsys, "simulate", "toy", "--games", "2", "--bots", "random,random,heuristic", "--json"
    )
    assert code == 0 and json.loads(out)["players"] == 3


def test_simulate_options_change_the_games(capsys: Capsys) -> None:
    base = ["simulate", "toy", "--games", "4", "--json", "--quiet"]
    _, plain, _ = run(capsys, *base, "--option", "rounds=2")
    data = json.loads(plain)
    assert data["options"]["rounds"] == 2 and data["mean_decisions"] == 2 * 3


def test_simulate_records_replay(capsys: Capsys, tmp_path: Path) -> None:
    code, _, _ = run(capsys, "simulate", "toy", "--games", "3", "--records", str(tmp_path), "--quiet")
    assert code == 0
    files = sorted(tmp_path.glob("game-*.json"))
    assert [f.name for f in files] == ["game-00000.json", "game-00001.json", "game-00002.json"]
    code, out, _ = run(capsys, "replay", str(files[2]))
    assert code == 0 and "Record OK: 9 moves replayed; final digest matches." in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "chess"], "unknown game 'chess'"),
        (["simulate", "toy", "--players", "7"], "2 to 4 players"),
        (["simulate", "toy", "--bots", "random,random,random", "--players", "2"], "3 seat(s)"),
        (["simulate", "toy", "--bots", "random,deep-blue"], "unknown player 'deep-blue'"),
        (["simulate", "toy", "--variant", "turbo"], "variant must be"),
        (["simulate", "toy", "--modules", "x"], "unknown option(s) modules"),
        (["simulate", "toy", "--option", "rounds"], "KEY=VALUE"),
        (["simulate", "toy", "--option", "variant=plain", "--variant", "plain"], "given twice"),
        (["simulate", "toy", "--option", "players=3"], "--players"),
        (["simulate", "toy", "--games", "0"], "at least 1"),
        (["play", "toy", "--seats", "human,human,alien"], "unknown player 'alien'"),
        (["play", "toy", "--players", "3", "--seats", "human,random"], "2 seat(s)"),
        (["bench", "toy", "--tower", "glass"], "unknown option(s) tower"),
        (["bench", "nosuchgame"], "unknown game"),
    ],
)
def test_usage_errors_exit_2_without_traceback(capsys: Capsys, argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv, "--quiet") if argv[0] == "simulate" else run(capsys, *argv)
    assert code == 2
    assert err.startswith("feldherr: error:") and message in err
    assert "Traceback" not in err and out == ""


@pytest.mark.skipif(importlib.util.find_spec("ray") is not None, reason="ray is installed")
def test_ray_backend_unavailable_is_a_clean_error(capsys: Capsys) -> None:
    code, _, err = run(capsys, "simulate", "toy", "--games", "2", "--backend", "ray", "--quiet")
    assert code == 2 and "needs Ray" in err and "Traceback" not in err


# -- bench ---------------------------------------------------------------------------------------
def test_bench_json_keys(capsys: Capsys) -> None:
    code, out, _ = run(capsys, "bench", "toy", "--players", "3", "--seconds", "0.1", "--json")
    assert code == 0
    data = json.loads(out)
    for key in (
        "games_per_second",
        "decisions_per_second",
        "games",
        "decisions",
        "seconds",
        "cpu_seconds",
        "python",
        "game",
        "players",
        "options",
    ):
        assert key in data
    assert data["game"] == "toy" and data["players"] == 3 and data["games"] >= 1


def test_bench_table(capsys: Capsys) -> None:
    code, out, _ = run(capsys, "bench", "toy", "--seconds", "60", "--games", "2")
    assert code == 0 and "games_per_second" in out and "games  2" in out


# -- replay --------------------------------------------------------------------------------------
def write_record(path: Path, seed: int = 3, players: int = 3) -> GameRecord:
    game = get_game("toy")
    record, _, _ = play_game(game, {"players": players}, seed, make_bots(game, ["random"] * players, seed))
    path.write_text(json.dumps(record.to_json()))
    return record


def test_replay_prints_the_whole_log_or_one_seats_view(capsys: Capsys, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    write_record(path)
    code, full, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert full.count("You bid") == 9 and "[seat 2] You bid" in full and "Winner(s):" in full
    code, seat1, _ = run(capsys, "replay", str(path), "--seat", "1", "--lang", "de", "--board")
    assert code == 0
    assert seat1.count("Du bietest") == 3 and "[Platz" not in seat1 and "Runde 1" in seat1
    assert "Hand: [" in seat1 and "Punkte: [" in seat1
    code, _, err = run(capsys, "replay", str(path), "--seat", "5")
    assert code == 2 and "--seat" in err


@pytest.mark.parametrize("tamper", ["move", "digest", "seed", "options"])
def test_replay_detects_a_tampered_record(capsys: Capsys, tmp_path: Path, tamper: str) -> None:
    path = tmp_path / "g.json"
    data = write_record(path).to_json()
    if tamper == "move":
        data["moves"][4][1] = ["bid", 99]
    elif tamper == "digest":
        data["final_digest"] = "f" * 64
    elif tamper == "seed":
        data["seed"] += 1
    else:
        data["options"]["rounds"] = 9
    path.write_text(json.dumps(data))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1 and out == ""
    assert err.startswith("feldherr: error:") and "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read"),
        ("{not json", "not JSON"),
        ("[1, 2]", "not a game record"),
        ('{"game": "toy"}', "not a game record"),
        ('{"game": "chess", "seed": 1, "moves": []}', "unknown game"),
    ],
)
def test_replay_rejects_unreadable_files(
    capsys: Capsys, tmp_path: Path, content: str | None, message: str
) -> None:
    path = tmp_path / "r.json"
    if content is not None:
        path.write_text(content)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1 and message in err


# -- play ----------------------------------------------------------------------------------------
def test_play_all_bots_reproduces_the_batch_game(capsys: Capsys, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out, _ = run(
        capsys, "play", "toy", "--seats", "heuristic,random,random", "--seed", "11", "--save", str(save)
    )
    assert code == 0
    assert "Game over." in out and "Winner(s):" in out and "You bid" not in out  # bots' secrets stay hidden
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
    assert "Rejected: [toy.bid.own-card] seat 0 holds no 4" in out
    assert "That is not valid JSON" in out
    assert "You bid 6 in secret." in out
    assert "Commands:" in out and "Log as seat 0 (human) sees it:" in out
    assert "Game over." in out and "Record saved to" in out
    record = GameRecord.from_json(json.loads(save.read_text()))
    assert record.moves[0] == (0, ["double", True]) and record.moves[1] == (0, ["bid", 6])
    code, replayed, _ = run(capsys, "replay", str(save))
    assert code == 0 and "final digest matches" in replayed


def test_play_in_german(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "1\n" * 10)
    code, out, _ = run(capsys, "play", "toy", "--seed", "2", "--lang", "de", "--seats", "human,heuristic")
    assert code == 0
    assert "Deine Entscheidung, Platz 0 (Mensch)." in out and "Erlaubte Züge:" in out and "Spielende." in out


def test_play_hot_seat_separates_the_views(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "1\n" * 20)
    code, out, _ = run(capsys, "play", "toy", "--seats", "human,human", "--seed", "5", "--variant", "plain")
    assert code == 0
    assert "Pass the screen to seat 1 (human)." in out and "Pass the screen to seat 0 (human)." in out
    state = get_game("toy").new_state({"players": 2, "variant": "plain"}, 5)
    hands = state.to_json()["hands"]
    # each seat's hand is shown only after the screen was passed to that seat
    first_pass = out.index("Pass the screen to seat 1")
    assert out.index(f"Hand: {hands[0]}") < first_pass < out.index(f"Hand: {hands[1]}")


def test_play_quit_saves_a_partial_record(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    feed(monkeypatch, "1\n1\nquit\n")
    save = tmp_path / "partial.json"
    code, out, _ = run(capsys, "play", "toy", "--seats", "human,random", "--seed", "3", "--save", str(save))
    assert code == 0 and "Game abandoned." in out
    data = json.loads(save.read_text())
    assert [seat for seat, _ in data["moves"]] == [0, 0, 1, 1]  # double, bid, bid; round 2: seat 1 doubles
    code, replayed, _ = run(capsys, "replay", str(save))
    assert code == 0 and "stops before the end" in replayed


def test_play_end_of_input_fails(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "1\n")
    code, out, _ = run(capsys, "play", "toy", "--seats", "human,random", "--seed", "3")
    assert code == 1 and "Input ended" in out


def test_play_default_seats_and_seed(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "quit\n")
    code, out, _ = run(capsys, "play", "toy", "--players", "3")
    assert code == 0 and "seat 0 (human), seat 1 (random), seat 2 (random)" in out and ", seed " in out


# -- plugins -------------------------------------------------------------------------------------
def test_plugins_register_their_commands(capsys: Capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    plugin = types.ModuleType("fake_feldherr_plugin")

    def hello(args: object) -> int:
        print("hello from the plugin")
        return 0

    def register(subparsers: object) -> None:
        parser = subparsers.add_parser("hello", help="a plugin command")  # type: ignore[attr-defined]
        parser.set_defaults(func=hello)

    plugin.register = register  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fake_feldherr_plugin", plugin)
    monkeypatch.setattr(feldherr.cli, "PLUGINS", ["fake_feldherr_plugin", "feldherr.no_such_plugin.cli"])
    code, out, err = run(capsys, "hello")
    assert code == 0 and out == "hello from the plugin\n" and err == ""


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
    assert [t.count("Your decision, seat 0") for t in turns] == [1, 0, 1, 0]
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


def test_every_cli_message_exists_in_both_languages() -> None:
    from feldherr.cli.messages import CATALOGUE

    for key, texts in CATALOGUE.items():
        assert set(texts) == {"en", "de"}, key
        assert all(texts.values()), key


def test_installed_plugins_are_registered(capsys: Capsys) -> None:
    present = []
    for name in feldherr.cli.PLUGINS:
        try:
            if importlib.util.find_spec(name) is not None:
                present.append(name)
        except ModuleNotFoundError:
            continue
    registered = feldherr.cli.register_plugins(argparse.ArgumentParser().add_subparsers())
    assert registered == present


def test_runs_as_a_module_in_a_fresh_process() -> None:
    import subprocess

    done = subprocess.run(
        [sys.executable, "-m", "feldherr.cli", "--version"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and done.stdout.startswith("feldherr ")
    done = subprocess.run(
        [sys.executable, "-m", "feldherr.cli", "simulate", "no-such-game"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "unknown game" in done.stderr and "Traceback" not in done.stderr


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
    assert "Resuming the saved game after 4 moves." in out and "Game over." in out
    assert "Round 1:" not in out  # the old log is not printed again
    final = GameRecord.from_json(json.loads(save.read_text()))  # saved back to the same file
    assert final.moves[:4] == partial.moves and len(final.moves) == 9
    assert run(capsys, "replay", str(save))[0] == 0


@pytest.mark.parametrize(
    ("extra", "code", "message"),
    [
        (["--seed", "4"], 2, "from the record"),
        (["--variant", "plain"], 2, "from the record"),
        (["--players", "3"], 2, "has 2 players"),
        (["--seats", "human"], 2, "1 seat(s)"),
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
