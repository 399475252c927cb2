"""The command line end to end, against the toy game (tests/core/toygame.py)."""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import importlib.util
import json
import re
import sys
import types
from pathlib import Path

import pytest
from cliutil import Capsys, run, write_record

import feldherr.cli
from feldherr.cli import main


# -- games, help ---------------------------------------------------------------------------------
def test_games_lists_the_toy(capsys: Capsys) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "toy" in out and "Toy Auction" in out and "2-4 players" in out and "heuristic" in out
    assert "options: --rounds, --variant" in out  # the flags as typed (an option's key may be snake_case)
    code, out, _ = run(capsys, "games")
    assert "--tower-params" in out and "tower_params" not in out


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
    assert "Toy Auction: 2 players, 5 games, seed 0; --variant plain\n" in out  # --rounds 3 is the default
    assert out.count("Random moves") == 2 and "random" not in out and "digest" in out  # bots in words


def test_simulate_shows_an_interval_that_does_not_vanish_at_all_or_nothing(capsys: Capsys) -> None:
    """A bot that wins every one of few games has a wide 95 % interval (Wilson's, as the
    tournament's), not "± 0.00" as ±1.96 standard errors of a rate of 100 % said."""
    code, out, _ = run(capsys, "simulate", "toy", "--bots", "heuristic,random", "--games", "6", "--quiet")
    assert code == 0 and "95% interval" in out and "± 95" not in out
    # one row per player, named as a person reads it ("Player 1": the toy has no colours)
    rows = [line for line in out.splitlines() if line.strip().startswith("Player ")]
    assert len(rows) == 2, out
    for row in rows:  # the win rate, then its interval: "100.0%  61.0%–100.0%"
        found = re.search(r"(\d+\.\d)%\s+(\d+\.\d)%–(\d+\.\d)%", row)
        assert found, row
        rate, low, high = (float(x) for x in found.groups())
        assert low <= rate <= high and high - low > 20, out  # six games say little


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
        (["simulate", "chess", "--variant", "x"], "unknown game 'chess'"),
        (["simulate", "toy", "--players", "7"], "2 to 4 players"),
        (
            ["simulate", "toy", "--bots", "random,random,random", "--players", "2"],
            "the seat list (random, random, random) does not name one bot per player (2 players)",
        ),
        (["simulate", "toy", "--bots", "random,deep-blue"], "unknown player 'deep-blue'"),
        # an unknown bot is named even where the list's length is no player count (it said "2 to 4 players")
        (["simulate", "toy", "--bots", "deep-blue"], "unknown player 'deep-blue'"),
        (["tournament", "toy", "--bots", "deep-blue", "--no-plot"], "unknown player 'deep-blue'"),
        (["play", "toy", "--seats", "human,human,human,human,human,alien"], "unknown player 'alien'"),
        (["simulate", "toy", "--variant", "plain,double"], "variant must be one of double, plain, not"),
        (["simulate", "toy", "--variant", "turbo"], "variant must be"),
        (["simulate", "toy", "--modules", "x"], "unrecognized arguments: --modules x"),
        (["simulate", "toy", "--option", "modules=x"], "Toy Auction has no option modules"),
        (["simulate", "toy", "--option", "rounds"], "KEY=VALUE"),
        (["simulate", "toy", "--option", "variant=plain", "--variant", "plain"], "given twice"),
        (["simulate", "toy", "--option", "players=3"], "--players"),
        (["simulate", "toy", "--rounds", "abc"], "rounds must be a whole number from 1 to 5"),
        (["simulate", "toy", "--option", "rounds=2.0"], "rounds must be a whole number"),
        (["simulate", "toy", "--games", "0"], "--games: must be a whole number from 1"),
        (["play", "toy", "--seats", "human,human,alien"], "unknown player 'alien'"),
        (
            ["play", "toy", "--players", "3", "--seats", "human,random"],
            "the seat list (human, random) does not name one bot per player (3 players)",
        ),
        (["bench", "toy", "--tower", "glass"], "unrecognized arguments: --tower glass"),
        (["bench", "toy", "--games", "0"], "--games: must be a whole number from 1"),
        (["bench", "nosuchgame"], "unknown game"),
        # absurd values are refused before any work (1e308 s ran "forever")
        (["bench", "toy", "--seconds", "1e308"], "--seconds: must be a number of seconds from 0 to 604800"),
        (["serve", "--port", "x"], "--port: must be a whole number, not 'x'"),
        (["serve", "--snapshot-every", "0"], "--snapshot-every: must be a whole number from 1"),
        (["serve", "--bot-delay", "nan"], "--bot-delay: must be a number of seconds from 0"),
        (
            ["serve", "--analysis-slots", "-3"],
            "--analysis-slots: must be a whole number from 1 to 64, not -3",
        ),
        (
            ["serve", "--absent-after", "nan"],
            "--absent-after: must be a number of seconds from -1 to 604800, not nan",
        ),
    ],
)
def test_usage_errors_exit_2_without_traceback(capsys: Capsys, argv: list[str], message: str) -> None:
    extra = ["--quiet"] if argv[0] == "simulate" else []
    try:
        code, out, err = run(capsys, *argv, *extra)
    except SystemExit as exc:  # argparse's own usage errors
        code, (out, err) = int(exc.code or 0), capsys.readouterr()
    assert code == 2
    assert err.startswith("feldherr") and "error:" in err and message in err
    assert err.count("\n") == 1 and "Traceback" not in err and out == ""


def test_game_flags_come_from_the_option_spec(capsys: Capsys) -> None:
    with pytest.raises(SystemExit):
        main(["play", "toy", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "Toy Auction: game options" in text and "--rounds X" in text and "--variant X" in text
    assert "rounds to play; 1..5; default 3" in text and "one of: double, plain" in text
    with pytest.raises(SystemExit):
        main(["simulate", "toy", "--lang", "de", "--help"])
    assert "Anzahl der Runden" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["play", "--help"])  # no game named: the generic flags only
    assert "--rounds" not in capsys.readouterr().out


def test_the_cli_names_no_game_option() -> None:
    src = Path(feldherr.cli.__file__).parent
    text = "\n".join(p.read_text() for p in [*src.glob("*.py"), *(src.parent / "sim").glob("*.py")])
    for name in ("OPTION_ALIASES", "tower_params", '"modules"', '"setup"', '"variant"', "hidden_castillo"):
        assert name not in text, name


@pytest.mark.skipif(importlib.util.find_spec("ray") is not None, reason="ray is installed")
def test_ray_backend_unavailable_is_a_clean_error(capsys: Capsys) -> None:
    code, _, err = run(capsys, "simulate", "toy", "--games", "2", "--backend", "ray", "--quiet")
    assert code == 2 and "needs Ray" in err and "Traceback" not in err


# -- bench ---------------------------------------------------------------------------------------
def test_bench_says_what_it_measures_on_standard_error(capsys: Capsys) -> None:
    """The measure is silent for --seconds (10 by default): one line says what runs, and for how
    long; --quiet leaves it out. Standard output holds only the result."""
    code, out, err = run(capsys, "bench", "toy", "--players", "3", "--seconds", "0.1", "--json")
    assert code == 0 and json.loads(out)["game"] == "toy"
    assert err == "feldherr bench: Toy Auction, 3 players, default mode, about 0.1 s on one core ...\n"
    code, out, err = run(capsys, "bench", "toy", "--players", "3", "--seconds", "0.1", "--quiet")
    assert code == 0 and err == "" and "games per CPU second" in out


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


@pytest.mark.parametrize("mode", ["api", "playout"])
def test_bench_mode(capsys: Capsys, mode: str) -> None:
    code, out, _ = run(capsys, "bench", "toy", "--mode", mode, "--games", "3", "--seconds", "60", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["mode"] == mode and data["games"] == 3


def test_bench_step_mode_times_clone_legal_moves_and_apply(capsys: Capsys) -> None:
    step = ("bench", "toy", "--mode", "step", "--games", "2", "--json", "--seconds")
    code, out, _ = run(capsys, *step, "0.05")
    assert code == 0
    data = json.loads(out)
    assert data["mode"] == "step" and data["games"] == 2 and data["positions"] > 0 and data["rounds"] >= 1
    assert data["clone_us"] > 0 and data["legal_moves_us"] > 0 and data["step_us"] > data["clone_us"]
    assert abs(data["clone_us"] + data["legal_moves_us"] + data["apply_us"] - data["step_us"]) < 0.01
    again = json.loads(run(capsys, *step, "0")[1])
    assert again["positions"] == data["positions"]  # the same games, the same positions


def test_bench_unknown_mode_is_a_usage_error(capsys: Capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["bench", "toy", "--mode", "turbo"])
    assert exit_info.value.code == 2 and "invalid choice: 'turbo'" in capsys.readouterr().err


def test_bench_default_mode(capsys: Capsys) -> None:
    code, out, _ = run(capsys, "bench", "toy", "--games", "1", "--json")
    assert code == 0 and json.loads(out)["mode"] == "api"  # the toy has no random_playout of its own
    code, out, _ = run(capsys, "bench", "mansfeld", "--players", "2", "--games", "1", "--json")
    assert code == 0 and json.loads(out)["mode"] == "playout"


def test_bench_table(capsys: Capsys) -> None:
    """The table is for people: labels in the reader's language (no snake_case), numbers in its
    format, the options as the flags that set them (the options were a Python dict before)."""
    code, out, _ = run(capsys, "bench", "toy", "--seconds", "60", "--games", "2", "--rounds", "2")
    assert code == 0 and "games per CPU second" in out and re.search(r"\ngames +2\n", out)
    assert "--rounds 2" in out and "_" not in out and "{" not in out
    code, out, err = run(capsys, "bench", "toy", "--seconds", "60", "--games", "2", "--lang", "de")
    assert code == 0 and "Partien je CPU-Sekunde" in out and re.search(r"\nPartien +2\n", out)
    assert "_" not in out
    assert err.startswith("feldherr bench: Toy Auction, 2 Spieler, Standardmodus, etwa 60 s")


# -- replay --------------------------------------------------------------------------------------


def test_replay_prints_the_whole_log_or_one_seats_view(capsys: Capsys, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    write_record(path)
    code, full, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert full.count("You bid") == 9 and "[Player 3] You bid" in full
    assert "Winners: Player 1, Player 3" in full  # "Winner(s):" before
    code, seat1, _ = run(capsys, "replay", str(path), "--seat", "1", "--lang", "de", "--board")
    assert code == 0
    assert seat1.count("Du bietest") == 3 and "[Spieler" not in seat1 and "Runde 1" in seat1
    assert "Hand: [" in seat1 and "Punkte: [" in seat1
    for seat in ("5", "-1"):  # the record's own range is named, not the parser's bound
        code, _, err = run(capsys, "replay", str(path), "--seat", seat)
        assert (
            code == 2
            and f"--seat must be 0 to 2 or a player's colour (Player 1, Player 2, Player 3), not {seat}"
            in err
        ), err
    code, by_name, _ = run(capsys, "replay", str(path), "--seat", "player 2", "--lang", "de", "--board")
    assert code == 0 and by_name == seat1  # a seat by the name the texts give it, in any case


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
        (None, ": there is no such file"),  # in words, not "[Errno 2] No such file or directory: '...'"
        ("folder", ": it is a folder, not a file"),
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
    if content == "folder":
        path.mkdir()
    elif content is not None:
        path.write_text(content)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1 and message in err and "Errno" not in err


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
    assert registered[: len(present)] == present
    # a game's own commands come through the entry-point group: Wallenstein's cube tower
    assert "feldherr.wallenstein.tower.cli" in registered


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


def test_bench_search_mode_counts_iterations_at_early_middle_and_late_positions(capsys: Capsys) -> None:
    search = ("bench", "toy", "--mode", "search", "--games", "2", "--iterations", "20", "--json")
    code, out, _ = run(capsys, *search, "--seconds", "0")
    assert code == 0
    data = json.loads(out)
    assert data["mode"] == "search" and data["positions"] == 6 and data["rounds"] == 1
    assert set(data["phases"]) == {"early", "middle", "late"}
    # every search spends its whole budget: 20 iterations at each of 2 positions per phase
    assert all(phase["iterations"] == 40 for phase in data["phases"].values())
    assert data["iterations"] == 120 and data["iterations_per_second"] > 0


def test_every_option_of_every_command_is_explained_in_its_help() -> None:
    """``feldherr COMMAND --help`` (and ``feldherr tower ACTION --help``) says what each option is,
    the plugins' commands included."""
    import argparse

    from feldherr.cli import build_parser

    bare: list[str] = []

    def walk(parser: argparse.ArgumentParser, path: str) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, f"{path} {name}")
            elif not action.help:
                bare.append(f"{path}: {'/'.join(action.option_strings) or action.dest}")

    walk(build_parser(["simulate", "toy"]), "feldherr")
    assert not bare, f"options without help: {bare}"


@pytest.mark.parametrize("how", [["--ray", "local"], ["--ray", "auto"], ["--backend", "ray"]])
@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_ray_missing_is_one_line_naming_the_extra(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch, how: list[str], command: str
) -> None:
    """Where Ray is not installed (simulated here, whether or not it is), ``--ray`` names the
    extra to install and how to do without, in one line."""
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError
    if command == "tournament" and how[0] == "--backend":
        pytest.skip("tournament has no --backend")
    bots = ["--bots", "random,random", "--no-plot"] if command == "tournament" else []
    code, out, err = run(capsys, command, "toy", *bots, "--games", "2", *how, "--quiet")
    assert code == 2 and out == "" and "Traceback" not in err
    lines = [line for line in err.splitlines() if "deprecated" not in line]
    assert len(lines) == 1 and "pip install 'feldherr[ray]'" in lines[0] and "leave --ray" in lines[0]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--url", "127.0.0.1:8000"], "--url takes a server's address such as http://"),
        (["--options", "rounds=5"], "--options takes a JSON object"),
        (["--options", "[1]"], "--options takes a JSON object"),
        (["--think", "1", "2", "3"], "--think takes one or two durations"),
        (["--json", "missing/result.json"], "does not exist"),
    ],
)
def test_loadtest_bad_arguments_are_one_line_before_any_client(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, argv: list[str], words: str
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "loadtest", "--seconds", "1", *argv)
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.count("\n") == 1 and words in err, err


@pytest.mark.parametrize(("flag", "value"), [("--games", "0"), ("--seconds", "-1"), ("--seed", "-2")])
def test_loadtest_bad_counts_are_usage_errors(capsys: Capsys, flag: str, value: str) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["loadtest", flag, value])
    assert exit_info.value.code == 2
    assert f"argument {flag}:" in capsys.readouterr().err


def test_loadtest_without_a_server_is_one_line(capsys: Capsys) -> None:
    pytest.importorskip("httpx")
    code, _, err = run(capsys, "loadtest", "--url", "http://127.0.0.1:9", "--games", "1", "--seconds", "1")
    assert code == 2 and "Traceback" not in err and "internal error" not in err
    assert "cannot reach the server at http://127.0.0.1:9" in err


def test_loadtest_runs_where_an_event_loop_is_running(capsys: Capsys) -> None:
    """Called where this thread runs an event loop already (a notebook; a test process that drives
    a browser through Playwright's sync API): asyncio.run refused there, an internal error."""
    pytest.importorskip("httpx")

    async def inside_a_loop() -> tuple[int, str, str]:
        return run(capsys, "loadtest", "--url", "http://127.0.0.1:9", "--games", "1", "--seconds", "1")

    # the loop in a thread of its own: this test process may run one in its main thread already
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        code, _, err = pool.submit(asyncio.run, inside_a_loop()).result()
    assert code == 2 and "internal error" not in err
    assert "cannot reach the server at http://127.0.0.1:9" in err


def test_serve_refuses_a_port_out_of_range(capsys: Capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["serve", "--port", "99999"])
    assert exit_info.value.code == 2
    assert "argument --port: must be a whole number from 0 to 65535, not 99999" in capsys.readouterr().err


@pytest.mark.parametrize("url", ["bogus://user:hunter2@db/x", "postgresql://user:hunter2@127.0.0.1:1/x"])
def test_serve_with_a_database_it_cannot_open_is_one_line(capsys: Capsys, url: str) -> None:
    """Before the server starts (it was a traceback from the start-up, or an internal error), and
    without the password."""
    for module in ("uvicorn", "sqlalchemy", "fastapi"):
        pytest.importorskip(module)
    if url.startswith("postgresql"):
        pytest.importorskip("psycopg")
    code, out, err = run(capsys, "serve", "--db", url, "--port", "0")
    assert code == 2 and "Traceback" not in err and "internal error" not in err
    assert err.count("\n") == 1 and "cannot open the database" in err
    assert "hunter2" not in err + out and "user:***@" in err
    assert "Error:" not in err  # the reason, without Python's class name (NoSuchModuleError: ...)


def test_serve_on_port_0_prints_the_port_it_listens_on(
    monkeypatch: pytest.MonkeyPatch, capsys: Capsys
) -> None:
    """--port 0 printed "open http://127.0.0.1:0/", an address nobody can open."""
    uvicorn = pytest.importorskip("uvicorn")
    for module in ("sqlalchemy", "fastapi"):
        pytest.importorskip(module)
    ran: dict[str, object] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: ran.update(kwargs))
    code, out, _ = run(capsys, "serve", "--db", "sqlite://", "--port", "0")
    port = ran["port"]
    assert code == 0 and isinstance(port, int) and port > 0
    assert f"open http://127.0.0.1:{port}/" in out and ":0/" not in out


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--absent-bot", "deep-blue"], "--absent-bot 'deep-blue': no game has this bot (known:"),
        (["--analysis-bot", "random"], "--analysis-bot 'random' for"),
        (["--analysis-bot", "hard@banana"], "--analysis-bot 'hard@banana' for"),
    ],
)
def test_serve_refuses_bots_it_could_not_use_before_it_starts(
    capsys: Capsys, flags: list[str], words: str
) -> None:
    """A stand-in bot no game knows, an analysis bot that is no search: one line at start-up (they
    were accepted and only found out when a player was absent or asked for an analysis)."""
    for module in ("uvicorn", "sqlalchemy", "fastapi"):
        pytest.importorskip(module)
    code, _, err = run(capsys, "serve", "--db", "sqlite://", "--port", "0", *flags)
    assert code == 2 and "Traceback" not in err and err.count("\n") == 1, err
    assert words in err, err
