"""The analysis board's endpoint: a finished game's step searched for one seat, refusals typed."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from feldherr.core.match import Match
from feldherr.core.record import GameRecord
from feldherr.games import get_game
from feldherr.server.analysis import Analyser, Ask
from feldherr.server.protocol import ServerError

from .serverutil import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    workdir = Path(tmp_path_factory.mktemp("analysis"))
    srv = Server(workdir, None, None, "--analysis-bot", "medium@60i", "--bot-workers", "1").start()
    yield srv
    srv.stop()


NAMES = ["Anna", "Ben", "Clara", "David", "Emil"]


def finished_game(server: Server, game: str = "toy", players: int = 2, seed: int = 5) -> dict[str, Any]:
    seats = [{"kind": "bot", "bot": "random"}] * players
    created = server.create(game, seats, options={"players": players}, seed=seed)
    server.wait_status(created["id"], "finished")
    return created


def first_decision(server: Server, game_id: str) -> tuple[int, int]:
    """A step and a seat that decides there."""
    step = server.http.get(f"/api/games/{game_id}/replay", params={"at": 0}).json()
    return 0, step["view"]["to_move"][0]


def test_a_finished_game_is_analysed_for_one_seat(server: Server) -> None:
    for name, players in (("toy", 2), ("mansfeld", 2)):
        created = finished_game(server, name, players)
        at, seat = first_decision(server, created["id"])
        reply = server.http.post(
            f"/api/games/{created['id']}/analysis", json={"at": at, "seat": seat, "lang": "de"}
        )
        assert reply.status_code == 200, reply.text
        out = reply.json()
        assert out["at"] == at and out["seat"] == seat and out["bot"] == "medium@60i"
        moves = out["moves"]
        assert moves and sum(m["visits"] for m in moves) == out["iterations"] > 0
        assert [m["visits"] for m in moves] == sorted((m["visits"] for m in moves), reverse=True)
        for m in moves:
            assert isinstance(m["text"], str) and m["text"] and "_" not in m["text"]
            assert len(m["win_share"]) == len(m["score"]) == players
            low, high = m["win_share_interval"]
            assert 0 <= low <= high <= 1


def test_an_analysis_searches_longer_when_asked(server: Server) -> None:
    """ "Search longer" (``"longer": true``): the server's budget times ``longer`` (named in every
    answer), its iterations and seconds alike; anything but true or false is refused by name."""
    from feldherr.server.analysis import LONGER, longer_bot

    created = finished_game(server, "mansfeld", 2)
    at, seat = first_decision(server, created["id"])
    url = f"/api/games/{created['id']}/analysis"
    plain = server.http.post(url, json={"at": at, "seat": seat}).json()
    assert plain["bot"] == "medium@60i" and plain["longer"] == LONGER == 4 and plain["iterations"] == 60
    longer = server.http.post(url, json={"at": at, "seat": seat, "longer": True})
    assert longer.status_code == 200, longer.text
    assert longer.json()["bot"] == "medium@240i" and longer.json()["iterations"] == 240
    refused = server.http.post(url, json={"at": at, "seat": seat, "longer": "yes", "lang": "de"})
    assert error(refused) == (400, "server.field") and "longer" in refused.json()["message"]
    game = get_game("mansfeld")
    assert longer_bot(game, "hard@2s") == "hard@8s"
    assert longer_bot(game, "hard@63i:tree") == "hard@252i:tree"
    assert longer_bot(game, "hard@100i+0.5s") == "hard@400i+2s"


def test_the_same_question_gets_the_same_answer(server: Server) -> None:
    created = finished_game(server, seed=9)
    at, seat = first_decision(server, created["id"])
    url = f"/api/games/{created['id']}/analysis"
    first = server.http.post(url, json={"at": at, "seat": seat}).json()
    again = server.http.post(url, json={"at": at, "seat": seat}).json()
    assert [m["move"] for m in first["moves"]] == [m["move"] for m in again["moves"]]


def error(reply: Any) -> tuple[int, str]:
    body = reply.json()
    assert body["type"] == "error" and body["text"]["en"] and body["text"]["de"]
    return reply.status_code, body["rule"]


def test_refusals_are_typed(server: Server) -> None:
    created = finished_game(server, seed=13)
    url = f"/api/games/{created['id']}/analysis"
    at, seat = first_decision(server, created["id"])
    total = server.http.get(f"/api/games/{created['id']}/replay").json()["total"]
    other = 1 - seat
    assert error(server.http.post(url, content=b"{not json")) == (400, "server.json")
    assert error(server.http.post(url, json=[1, 2])) == (400, "server.field")
    assert error(server.http.post(url, json={"at": "3", "seat": seat})) == (400, "server.field")
    assert error(server.http.post(url, json={"at": at, "seat": 1.0})) == (400, "server.field")
    assert error(server.http.post(url, json={"at": at, "seat": seat, "lang": "fr"})) == (400, "server.field")
    assert error(server.http.post(url, json={"at": total + 1, "seat": seat})) == (422, "server.analysis-step")
    assert error(server.http.post(url, json={"at": total, "seat": seat})) == (409, "server.analysis-seat")
    assert error(server.http.post(url, json={"at": at, "seat": 9})) == (409, "server.analysis-seat")
    step0 = server.http.get(f"/api/games/{created['id']}/replay", params={"at": 0}).json()
    if other not in step0["view"]["to_move"]:
        assert error(server.http.post(url, json={"at": 0, "seat": other})) == (409, "server.analysis-seat")
    missing = server.http.post("/api/games/no-such-game/analysis", json={"at": 0, "seat": 0})
    assert error(missing) == (404, "server.game")
    assert server.http.get("/api/health").json()["status"] == "ok"  # nothing crashed


def test_a_running_game_is_never_analysed(server: Server) -> None:
    created = server.create("toy", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=3)
    token = created["seats"][0]["token"]
    url = f"/api/games/{created['id']}/analysis"
    for headers in ({}, {"Authorization": f"Bearer {token}"}):
        reply = server.http.post(url, json={"at": 0, "seat": 0}, headers=headers)
        assert error(reply) == (403, "server.analysis-running")
        assert "running game is not allowed" in reply.json()["text"]["en"]


class SlowPool:
    """Stands in for the bot workers: each analysis waits until the test lets it finish."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.go = threading.Event()

    def run(self, fn: Any, task: Any, what: str) -> Any:
        self.started.set()
        assert self.go.wait(10)
        return fn(task)


def test_analyses_at_once_are_limited() -> None:
    game = get_game("mansfeld")
    match = Match(game, {"players": 2}, 4)
    seat = match.to_move()[0]
    record = GameRecord("mansfeld", dict(match.record.options), 4, [])
    analyser = Analyser("medium@20i", 1)
    pool = SlowPool()
    results: list[Any] = []
    worker = threading.Thread(
        target=lambda: results.append(analyser.run(pool, "g", record, ["", ""], Ask(0, seat, "en")))  # type: ignore[arg-type]
    )
    worker.start()
    assert pool.started.wait(10)
    with pytest.raises(ServerError) as busy:
        analyser.run(pool, "g", record, ["", ""], Ask(0, seat, "en"))  # type: ignore[arg-type]
    assert busy.value.rule == "server.analysis-busy" and busy.value.status == 503
    pool.go.set()
    worker.join(10)
    assert results and results[0]["moves"]
    again = analyser.run(pool, "g", record, ["", ""], Ask(0, seat, "en"))  # type: ignore[arg-type]
    assert again["moves"] == results[0]["moves"]  # the slot is free again; same question, same answer


def test_a_search_without_a_budget_is_a_server_fault_not_a_crash() -> None:
    record = GameRecord("mansfeld", {"players": 2}, 4, [])
    seat = get_game("mansfeld").new_state({"players": 2}, 4).to_move()[0]
    with pytest.raises(ServerError) as err:
        Analyser("random", 1).run(SlowPool(), "g", record, ["", ""], Ask(0, seat, "en"))  # type: ignore[arg-type]
    assert err.value.rule == "server.options" and err.value.status == 500


# -- games played on from a position -------------------------------------------------------------
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "positions"


def example(name: str) -> dict[str, Any]:
    return dict(json.loads((EXAMPLES / f"{name}-example.json").read_text(encoding="utf-8")))


@pytest.mark.parametrize("name", ["mansfeld", "elgrande", "wallenstein"])
def test_a_game_starts_from_a_position_and_replays(server: Server, name: str) -> None:
    position = example(name)
    position.get("hidden", {}).pop("tower_script", None)  # teaching only: the table's real tower
    players = len(position["players"])
    seats = [{"kind": "bot", "bot": "random", "name": NAMES[i]} for i in range(players)]
    created = server.create(name, seats, position=position, seed=17)
    assert created["from_position"] is True
    info = server.wait_status(created["id"], "finished", timeout=120)
    assert info["from_position"] is True
    record = GameRecord.from_json(server.http.get(f"/api/games/{created['id']}/record").json())
    assert record.position is not None and record.position["decisions"] == 0
    game = get_game(name)
    assert Match.from_record(game, record).digest() == record.final_digest
    step = server.http.get(f"/api/games/{created['id']}/replay", params={"at": 0}).json()
    start = game.from_position({**position, "decisions": 0}, 17)
    assert step["view"] == start.view(None)  # the replay begins at the position
    # the record imports and replays like any other
    imported = server.http.post("/api/records", json=record.to_json())
    assert imported.status_code == 201, imported.text


def test_a_bad_position_is_refused_in_the_games_words(server: Server) -> None:
    position = example("mansfeld")
    seats = [{"kind": "bot", "bot": "random"}] * len(position["players"])
    broken = dict(position, left=[*position["left"], "trossbube"])  # Anna's card in two places
    reply = server.http.post("/api/games", json={"game": "mansfeld", "seats": seats, "position": broken})
    assert reply.status_code == 422
    body = reply.json()
    assert body["rule"] == "server.position" and body["broken"].startswith("mansfeld.position.")
    assert body["text"]["de"].startswith("Diese Stellung lässt sich nicht aufbauen: ")
    assert "_" not in body["text"]["en"] and "{" not in body["text"]["de"]
    other = server.http.post("/api/games", json={"game": "elgrande", "seats": seats, "position": position})
    assert other.status_code == 422 and other.json()["broken"] == "core.position.game"
    typo = server.http.post("/api/games", json={"game": "mansfeld", "seats": seats, "position": [1]})
    assert typo.status_code == 400 and typo.json()["rule"] == "server.field"
    wrong_seats = server.http.post(
        "/api/games", json={"game": "mansfeld", "seats": [*seats, *seats], "position": position}
    )
    assert wrong_seats.status_code == 422 and wrong_seats.json()["rule"] == "server.seats"


def test_a_position_is_checked_before_a_game_is_made(server: Server) -> None:
    position = example("elgrande")
    out = server.http.post("/api/positions", json={"position": position}).json()
    assert out["game"] == "elgrande" and out["players"] == position["options"]["players"]
    assert out["options"]["players"] == out["players"]
    assert out["names"]["de"] == [p["name"] for p in position["players"]]  # the seats' players
    table = example("wallenstein")
    del table["hidden"]["tower_script"]  # teaching only: a game at the table throws into the real tower
    colours = server.http.post("/api/positions", json={"position": table}).json()
    assert colours["names"]["de"][:2] == ["Rot", "Blau"] and colours["names"]["en"][:2] == ["Red", "Blue"]
    mansfeld = get_game("mansfeld")  # a table written by the game names nobody: the colours
    unnamed = mansfeld.position(mansfeld.new_state({"players": 2}, 5))
    defaults = server.http.post("/api/positions", json={"position": unnamed}).json()
    assert defaults["names"]["de"] == ["Rot", "Blau"]
    bad = server.http.post("/api/positions", json={"position": dict(position, game="chess")})
    assert error(bad) == (404, "server.unknown-game")
    assert error(server.http.post("/api/positions", json={"position": "x"})) == (400, "server.field")
    assert error(server.http.post("/api/positions", content=b"[")) == (400, "server.json")
    misspelt = server.http.post("/api/positions?lang=de", json={"position": dict(position, kingg="Aragón")})
    assert error(misspelt) == (422, "server.position")
    assert misspelt.json()["broken"] == "core.position.unknown-field"
    assert misspelt.json()["message"].startswith("Diese Stellung")
    crowded = server.http.post(
        "/api/positions?lang=de", json={"position": dict(position, options={"players": 9})}
    )
    assert error(crowded) == (422, "server.position")  # not a server error: the options are refused
    assert "Die Option „Spieler“" in crowded.json()["message"]
    nameless = {k: v for k, v in position.items() if k != "game"}  # a position that names no game
    unnamed = server.http.post("/api/positions?lang=de", json={"position": nameless})
    assert error(unnamed) == (422, "server.position")
    assert unnamed.json()["message"].startswith(
        "Diese Stellung lässt sich nicht aufbauen: Sie nennt ihr Spiel nicht "
        "(das Feld game: elgrande, mansfeld, wallenstein"
    )


def test_a_finished_games_step_is_a_position_to_play_on_from(server: Server) -> None:
    created = finished_game(server, "mansfeld", 2, seed=23)
    game_id = created["id"]
    position = server.http.get(f"/api/games/{game_id}/position", params={"at": 3}).json()
    assert position["game"] == "mansfeld" and "hidden" not in position  # drawn anew in the new game
    step = server.http.get(f"/api/games/{game_id}/replay", params={"at": 3}).json()
    again = get_game("mansfeld").from_position(position, 1)
    assert again.view(None) == {**step["view"]}
    running = server.create("toy", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=3)
    refused = server.http.get(f"/api/games/{running['id']}/position")
    assert error(refused) == (403, "server.not-finished")


@pytest.mark.parametrize("name", ["elgrande", "mansfeld"])
def test_a_saved_position_keeps_the_players_names(server: Server, name: str) -> None:
    """The table at a step of a position's game, saved ("save position", "play on from here"),
    names the players as the replay and the analysis board do ("Isabel"), wherever the position
    names them (the turn order too), and loads again as the same table: it said "Player 1"."""
    position = example(name)
    stored = server.http.post("/api/positions/import", json={"position": position})
    assert stored.status_code == 201, stored.text
    saved = server.http.get(f"/api/games/{stored.json()['id']}/position", params={"at": 0}).json()
    names = [p["name"] for p in position["players"]]
    assert [p["name"] for p in saved["players"]] == names
    assert "Player 1" not in json.dumps(saved)
    game = get_game(name)
    again, first = game.from_position(saved, 1).view(None), game.from_position(position, 1).view(None)
    assert {**again, "version": 0} == {**first, "version": 0}  # a game from a position counts from 0
    checked = server.http.post("/api/positions", json={"position": saved})
    assert checked.status_code == 200, checked.text


def test_a_scripted_tower_is_for_teaching_not_for_a_game_at_the_table() -> None:
    """A position's scripted tower (``hidden.tower_script``) sets up rulebook examples; the lobby
    refuses it in the game's words (a player cannot see the script, and one that runs out would
    stop the game), while the same position without it starts a game."""
    from feldherr.server.lobby import check_position

    scripted = example("wallenstein")  # the worked example: a tower that lets nothing out
    assert scripted["hidden"]["tower_script"]
    position = json.loads(json.dumps(scripted))
    del position["hidden"]["tower_script"]
    assert check_position({"position": position})["players"] == len(position["players"])
    get_game("wallenstein").from_position(scripted, 1)  # fine for teaching and tests
    with pytest.raises(ServerError) as err:
        check_position({"position": scripted})
    assert err.value.rule == "server.position"
    assert err.value.details["broken"] == "wallenstein.position.tower-script"
    assert "Turm" in err.value.details["message_de"] and "tower" in err.value.details["message_en"]


# -- a position analysed: stored as a game with no moves, analysed at its start --------------------
def imported_games(server: Server) -> int:
    games = server.http.get("/api/games", params={"status": "imported", "limit": 200}).json()
    return len(games["games"] if isinstance(games, dict) else games)


@pytest.mark.parametrize("name", ["mansfeld", "elgrande", "wallenstein"])
def test_a_position_is_analysed_at_its_start(server: Server, name: str) -> None:
    """``POST /api/positions/import`` stores a position as an imported game with no moves; the
    analysis board (the one endpoint of finished games) then searches its first decision, and the
    players are named as the position names them (a Wallenstein colour: by colour)."""
    position = example(name)
    position.get("hidden", {}).pop("tower_script", None)
    reply = server.http.post("/api/positions/import?lang=de", json={"position": position, "seed": 5})
    assert reply.status_code == 201, reply.text
    out = reply.json()
    game_id = out["id"]
    assert out["analyse"].endswith(f"/replay/{game_id}#analyse")
    info = server.http.get(f"/api/games/{game_id}").json()
    assert info["status"] == "imported" and info["from_position"] is True and info["version"] == 0
    # the position's own names ("Anna"); Wallenstein's players are colours: named by colour ("")
    expected = [p.get("name", "") for p in position["players"]][: len(info["seats"])]
    assert [s["name"] for s in info["seats"]] == expected
    step = server.http.get(f"/api/games/{game_id}/replay", params={"at": 0}).json()
    game = get_game(name)
    start = game.from_position({**position, "decisions": 0}, 5)
    assert step["total"] == 0 and step["view"] == start.view(None)  # the position, as given
    seat = start.to_move()[0]
    analysis = server.http.post(f"/api/games/{game_id}/analysis", json={"at": 0, "seat": seat, "lang": "de"})
    assert analysis.status_code == 200, analysis.text
    moves = analysis.json()["moves"]
    legal = [game.move_to_json(m) for m in start.legal_moves(seat)]
    assert sorted(json.dumps(m["move"]) for m in moves) == sorted(json.dumps(m) for m in legal)
    assert all(m["text"] and "_" not in m["text"] for m in moves)
    record = server.http.get(f"/api/games/{game_id}/record").json()
    assert record["moves"] == [] and record["position"]["decisions"] == 0
    again = server.http.post("/api/records", json=record)  # and it imports like any record
    assert again.status_code == 201, again.text


def test_analysing_the_same_position_again_reuses_its_stored_game(server: Server) -> None:
    """Each "Analyse" of the lobby posts the position: the same position (and seed) is the game
    stored the first time, not one more public import per click; another seed or another table
    is another game."""
    position = example("mansfeld")
    position["decisions"] = 17  # a table no other test stores
    url = "/api/positions/import?lang=en"
    before = imported_games(server)
    first = server.http.post(url, json={"position": position})
    assert first.status_code == 201, first.text
    game_id = first.json()["id"]
    reordered = dict(reversed(list(position.items())))  # the same table, its keys in another order
    for body in ({"position": position}, {"position": reordered}):
        again = server.http.post(url, json=body)
        assert again.status_code == 201, again.text
        assert again.json()["id"] == game_id
    assert imported_games(server) == before + 1
    seeded = server.http.post(url, json={"position": position, "seed": 7}).json()["id"]
    assert seeded != game_id
    assert server.http.post(url, json={"position": position, "seed": 7}).json()["id"] == seeded
    other = json.loads(json.dumps(position))
    other["decisions"] = 18
    assert server.http.post(url, json={"position": other}).json()["id"] not in (game_id, seeded)
    assert imported_games(server) == before + 3
    info = server.http.get(f"/api/games/{game_id}").json()
    assert info["status"] == "imported" and info["version"] == 0
    assert [s["name"] for s in info["seats"]] == ["Anna", "Ben"]


def test_a_position_that_cannot_be_analysed_is_refused_and_nothing_is_stored(server: Server) -> None:
    """A broken position, a scripted tower (teaching only) and the end of a game are refused in
    the reader's words, as the lobby refuses them for a game; no game is stored."""
    before = imported_games(server)
    url = "/api/positions/import?lang=de"
    broken = example("mansfeld")
    broken["left"] = [*broken["left"], "trossbube"]  # Anna's card in two places
    reply = server.http.post(url, json={"position": broken})
    assert error(reply) == (422, "server.position")
    assert reply.json()["broken"] == "mansfeld.position.card-once"
    assert reply.json()["message"].startswith("Diese Stellung lässt sich nicht aufbauen: ")
    scripted = server.http.post(url, json={"position": example("wallenstein")})
    assert error(scripted) == (422, "server.position")
    assert scripted.json()["broken"] == "wallenstein.position.tower-script"
    assert "Turm" in scripted.json()["message"]
    done = finished_game(server, "mansfeld", 2, seed=31)
    end = server.http.get(f"/api/games/{done['id']}/position").json()  # the last step: the game is over
    over = server.http.post(url, json={"position": end})
    assert error(over) == (422, "server.position-over")
    assert over.json()["message"].startswith("Diese Stellung ist das Ende einer Partie")
    assert error(server.http.post(url, content=b"{")) == (400, "server.json")
    assert error(server.http.post(url, json={"position": [1]})) == (400, "server.field")
    chess = server.http.post(url, json={"position": dict(broken, game="chess")})
    assert error(chess) == (404, "server.unknown-game")
    seedless = server.http.post(url, json={"position": example("mansfeld"), "seed": -1})
    assert error(seedless) == (400, "server.field")
    # a record that starts from such a position is refused the same way
    game = get_game("wallenstein")
    record = {"game": "wallenstein", "engine": game.engine_version, "seed": 1, "moves": [],
              "position": example("wallenstein")}  # fmt: skip
    refused = server.http.post("/api/records?lang=de", json=record)
    assert error(refused) == (422, "server.position")
    assert refused.json()["broken"] == "wallenstein.position.tower-script"
    assert imported_games(server) == before  # nothing was stored
    assert server.http.get("/api/health").json()["status"] == "ok"


def test_seats_are_named_as_the_position_names_its_players() -> None:
    from feldherr.server.hub import seat_name
    from feldherr.server.lobby import position_names
    from feldherr.server.store import SeatRow

    assert position_names(get_game("mansfeld"), example("mansfeld")) == ["Anna", "Ben"]
    assert position_names(get_game("wallenstein"), example("wallenstein")) == ["", "", ""]
    mansfeld = get_game("mansfeld")
    unnamed = mansfeld.position(mansfeld.new_state({"players": 3}, 5))
    assert position_names(mansfeld, unnamed) == ["", "", ""]  # "Player 1", ...: by colour
    # the game's texts name an imported seat by its name; an import stored before by its colour
    assert seat_name(SeatRow(0, "imported", None, "Anna", None, True, 0.0)) == "Anna"
    assert seat_name(SeatRow(1, "imported", None, "2", None, True, 0.0)) == ""
    assert seat_name(SeatRow(1, "bot", "random", "random", None, True, 0.0)) == ""
