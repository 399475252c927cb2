"""The command line against every real game in this build (small sizes; none present: skipped)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from gamelist import real_games

from feldherr.cli import main
from feldherr.games import get_game

GAMES = real_games()
Capsys = pytest.CaptureFixture[str]


def run(capsys: Capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def players(name: str) -> str:
    return str(get_game(name).min_players)


@pytest.mark.parametrize("name", GAMES)
def test_listed(capsys: Capsys, name: str) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0 and name in out


@pytest.mark.parametrize("name", GAMES)
def test_simulate_is_independent_of_jobs_and_records_replay(
    capsys: Capsys, tmp_path: Path, name: str
) -> None:
    base = ["simulate", name, "--players", players(name), "--games", "4", "--seed", "3", "--json", "--quiet"]
    code1, out1, err1 = run(capsys, *base, "--jobs", "1", "--records", str(tmp_path))
    code2, out2, err2 = run(capsys, *base, "--jobs", "2")
    assert code1 == code2 == 0, err1 + err2
    assert out1 == out2
    data = json.loads(out1)
    assert data["games"] == 4 and sum(data["wins"]) == pytest.approx(4)
    records = sorted(tmp_path.glob("game-*.json"))
    assert len(records) == 4
    code, out, err = run(capsys, "replay", str(records[0]))
    assert code == 0, err
    assert "final digest matches" in out
    code, out, err = run(capsys, "replay", str(records[1]), "--seat", "0", "--lang", "de", "--board")
    assert code == 0, err


def one_record(capsys: Capsys, folder: Path, name: str) -> Path:
    """The record file of one simulated game of ``name``."""
    run(
        capsys,
        "simulate",
        name,
        "--players",
        players(name),
        "--games",
        "1",
        "--records",
        str(folder),
        "--quiet",
    )
    return folder / "game-00000.json"


@pytest.mark.parametrize("name", GAMES)
def test_replay_detects_tampering(capsys: Capsys, tmp_path: Path, name: str) -> None:
    path = one_record(capsys, tmp_path, name)
    data = json.loads(path.read_text())
    data["final_digest"] = "0" * 64
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1 and "inconsistent" in err


@pytest.mark.parametrize("name", GAMES)
def test_replay_says_the_outcome_in_words_and_json_only_when_asked(
    capsys: Capsys, tmp_path: Path, name: str
) -> None:
    """The outcome's tie-break data (a Mansfeld game's provinces, a Wallenstein game's money and
    counties) were printed to the reader as a JSON line; now they are in --json's object only."""
    path = one_record(capsys, tmp_path, name)
    said = {
        "en": ("; seed ", "Scores: Red: ", "Winner"),
        "de": ("; Startwert ", "Punkte: Rot: ", "Sieger: "),
    }
    for lang, (title, scores, winners) in said.items():
        code, out, err = run(capsys, "replay", str(path), "--lang", lang)
        assert code == 0, err
        lines = out.splitlines()
        assert title in lines[0], lines[0]
        assert lines[-3].startswith(scores) and lines[-2].startswith(winners), lines[-3:]
        assert not any(c in line for line in lines[-3:] for c in '{}[]"'), lines[-3:]
    code, out, err = run(capsys, "replay", str(path), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["game"] == name and data["digest_checked"] is True and data["log"]
    assert len(data["outcome"]["scores"]) == int(players(name)) and data["outcome"]["winners"]


@pytest.mark.parametrize("name", GAMES)
def test_play_with_bots_only_runs_to_the_end(capsys: Capsys, tmp_path: Path, name: str) -> None:
    count = int(players(name))
    save = tmp_path / "g.json"
    seats = ",".join(["random"] * count)
    code, out, err = run(capsys, "play", name, "--seats", seats, "--seed", "4", "--save", str(save))
    assert code == 0, err
    assert "Game over." in out
    raw = [line for line in out.splitlines() if line.lstrip().startswith(("{", "["))]
    assert not raw, f"a player reads words, not JSON: {raw}"
    code, _, err = run(capsys, "replay", str(save))
    assert code == 0, err


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_play_human_then_quit(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str, lang: str
) -> None:
    count = int(players(name))
    monkeypatch.setattr(sys, "stdin", io.StringIO("help\nboard\nlog\n1\n1\n1\nquit\n"))
    save = tmp_path / "g.json"
    seats = ",".join(["human"] + ["random"] * (count - 1))
    code, _, err = run(
        capsys, "play", name, "--seats", seats, "--seed", "5", "--lang", lang, "--save", str(save)
    )
    assert code == 0, err
    assert save.exists()
    code, _, err = run(capsys, "replay", str(save))
    assert code == 0, err


@pytest.mark.parametrize("name", GAMES)
def test_bench_json(capsys: Capsys, name: str) -> None:
    code, out, err = run(capsys, "bench", name, "--players", players(name), "--seconds", "0", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["game"] == name and data["games"] == 1 and data["decisions_per_second"] > 0


@pytest.mark.parametrize("name", GAMES)
def test_unknown_option_is_a_clean_error(capsys: Capsys, name: str) -> None:
    code, _, err = run(capsys, "simulate", name, "--option", "no-such-option-xyz=1", "--quiet")
    assert code == 2 and err.startswith("feldherr: error:")


def option_names(name: str) -> list[str]:
    return [spec.name for spec in get_game(name).option_spec() if spec.name != "players"]


@pytest.mark.parametrize("name", GAMES)
def test_help_lists_the_games_options(name: str, capsys: Capsys) -> None:
    with pytest.raises(SystemExit):
        main(["play", name, "--help"])
    text = capsys.readouterr().out
    for option in option_names(name):
        assert f"--{option.replace('_', '-')}" in text or option in ("seed", "lang"), option
    for lang in ("en", "de"):  # a sentence's full stop is not followed by the list's semicolon
        with pytest.raises(SystemExit):
            main(["play", name, "--lang", lang, "--help"])
        assert ".;" not in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("name", GAMES)
def test_garbage_in_any_option_is_one_line(name: str, capsys: Capsys, tmp_path: Path) -> None:
    garbage = ["x" * 300, "abc", "1e999", "[1.5]", "{}", "-1", '"' + "é" * 300 + '"']
    for option in option_names(name):
        for value in garbage:
            code, _, err = run(capsys, "bench", name, "--games", "1", "--option", f"{option}={value}")
            if code == 0:
                continue  # a value the option takes (a text option, an empty mapping)
            assert code == 2 and err.count("\n") == 1 and len(err) < 420 and "Traceback" not in err, (
                option,
                value,
                err[:300],
            )
    # the same options inside a record
    path = one_record(capsys, tmp_path, name)
    data = json.loads(path.read_text())
    for option in option_names(name):
        for value in [1.5, "abc", [None], {"x": "y"}, True, -(10**30)]:
            path.write_text(json.dumps({**data, "options": {**data["options"], option: value}}))
            code, _, err = run(capsys, "replay", str(path))
            assert code in (0, 1) and "Traceback" not in err and (code == 0 or err.count("\n") == 1), (
                option,
                value,
                err[:300],
            )


def test_a_record_from_a_position_replays_with_its_players_names(tmp_path: Path, capsys: Capsys) -> None:
    """A game played on from a position (``simulate --from-position --records``) names its players
    as the position does, in the log, the scores and ``--seat`` (the replay said "Red" and "Blue"
    for Anna and Ben, and refused ``--seat Ben``)."""
    docs = Path(__file__).resolve().parents[2] / "docs" / "positions"
    example = str(docs / "mansfeld-example.json")
    command = ["simulate", "mansfeld", "--from-position", example, "--games", "1", "--bots", "easy,easy"]
    assert main([*command, "--quiet", "--json", "--records", str(tmp_path)]) == 0
    record = str(tmp_path / "game-00000.json")
    code, out, _ = run(capsys, "replay", record, "--lang", "de")
    assert code == 0
    assert "Anna: Trossbube; Ben: keine" in out and "Punkte: Anna: 13, Ben: 9" in out
    assert "Sieger: Anna" in out
    assert "Rot" not in out and "Blau" not in out, out
    code, out, _ = run(capsys, "replay", record, "--board", "--lang", "de")  # the board names them too
    assert code == 0 and "  Anna: - | 13\n  Ben: - | 9\n" in out and "Rot" not in out, out
    grande = tmp_path / "grande"
    example = str(docs / "elgrande-example.json")
    command = ["simulate", "elgrande", "--from-position", example, "--games", "1", "--records", str(grande)]
    assert main([*command, "--quiet", "--json"]) == 0
    code, out, _ = run(capsys, "replay", str(grande / "game-00000.json"), "--board", "--lang", "de")
    board = out.split("Runde ", 1)[1]
    assert code == 0 and "Isabel" in board and "Rot" not in board, out
    code, out, _ = run(capsys, "replay", record, "--seat", "ben", "--lang", "en")
    assert code == 0 and "Winner: Anna" in out
    code, out, err = run(capsys, "replay", record, "--seat", "Zed", "--lang", "de")
    assert code == 2 and not out
    said = "--seat muss 0 bis 1 oder der Name einer Person sein (Anna, Ben), nicht Zed"
    assert err == f"feldherr: Fehler: {said}\n"


def test_the_analysis_bar_of_a_time_budget_ends_full(capsys: Capsys) -> None:
    """A search with a time budget is done after about 95 % of it: its bar stopped at "86%" and
    "0.9/1.0 s", as if it had been cut off; once the search is done the bar is full."""
    example = str(Path(__file__).resolve().parents[2] / "docs" / "positions" / "mansfeld-example.json")
    code, out, err = run(capsys, "analyse", "mansfeld", example, "--bot", "hard@0.3s", "--lang", "en")
    assert code == 0 and "the moves of Anna" in out
    last = err.replace("\r", "\n").strip().splitlines()[-1]
    assert "100%" in last and "0.3/0.3 s" in last, last


def test_a_game_from_a_position_resumes_with_its_players_names(
    tmp_path: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``play --resume`` of a record that starts from a position named Anna and Ben "Rot" and
    "Blau" (prompt, board, log, scores); the position's names now. The line of a resumed game said
    "nach 1 Zügen" and "after 1 moves": the count in its grammatical number now."""
    docs = Path(__file__).resolve().parents[2] / "docs" / "positions"
    position = json.loads((docs / "mansfeld-example.json").read_text(encoding="utf-8"))
    record = {"game": "mansfeld", "engine": 1, "options": {"players": 2, "ages": [40, 35]}, "seed": 5}
    path = tmp_path / "from-position.json"
    path.write_text(json.dumps({**record, "moves": [], "position": position}), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("2\n"))
    argv = ["play", "mansfeld", "--resume", str(path), "--seats", "human,random", "--lang", "de"]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert "Deine Entscheidung, Anna (Mensch)." in out and "Anna (Mensch)> 2" in out
    assert "> Anna *du*: Trossbube" in out and "Punkte: Anna (Mensch): 13, Ben (random): 9" in out
    assert "Rot" not in out and "Blau" not in out, out
    from feldherr.cli.messages import msg

    assert msg("resumed", "de", moves=1) == "Gespeicherte Partie wird nach 1 Zug fortgesetzt."
    assert msg("resumed", "de", moves=3) == "Gespeicherte Partie wird nach 3 Zügen fortgesetzt."
    assert msg("resumed", "en", moves=1) == "Resuming the saved game after 1 move."
