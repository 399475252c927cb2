"""The server through real HTTP and WebSocket connections to a real uvicorn process (SQLite)."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from gamelist import real_games

from feldherr.core.record import GameRecord

from .serverutil import Client, Server, assert_views_exact, secret_check


def test_health_and_catalogue(server: Server) -> None:
    printed = server.logs()
    assert f"open http://127.0.0.1:{server.port}/" in printed and "database: sqlite:///" in printed
    health = server.http.get("/api/health").json()
    assert health["status"] == "ok" and health["database"] == "sqlite" and "toy" in health["games"]
    toy = next(g for g in server.http.get("/api/catalog").json() if g["name"] == "toy")
    assert [o["name"] for o in toy["options"]] == ["players", "rounds", "variant"]
    # random, the game's own, and the search strengths every game gets (feldherr.bots entry points)
    assert toy["bots"] == ["easy", "hard", "heuristic", "ismcts", "medium", "random"]


@pytest.mark.parametrize("name", ["toy", *real_games()])
def test_a_full_game_with_bots_and_one_client(server: Server, name: str) -> None:
    game = server.http.get("/api/catalog").json()
    players = next(g for g in game if g["name"] == name)["min_players"]
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    created = server.create(name, seats, options={"players": players}, seed=11)
    client = Client(server, created["id"], [created["seats"][0]["token"]], checks=[secret_check([0])])
    final = client.play(timeout=120)
    assert final is not None and final["outcome"]["winners"]
    assert server.wait_status(created["id"], "finished")["outcome"] == final["outcome"]
    assert_views_exact(server, client)
    client.close()


def test_two_clients_and_a_spectator_never_see_secrets(server: Server) -> None:
    created = server.create("toy", [{"kind": "human"}, {"kind": "human"}], options={"rounds": 5}, seed=5)
    a = Client(server, created["id"], [created["seats"][0]["token"]], checks=[secret_check([0])])
    b = Client(server, created["id"], [created["seats"][1]["token"]], lang="de", checks=[secret_check([1])])
    watcher = Client(server, created["id"], [], checks=[secret_check(None)])
    assert watcher.welcome["spectator"] is True
    clients = [a, b]
    finished = set()
    deadline = time.time() + 60
    while len(finished) < 2 and time.time() < deadline:
        for index, client in enumerate(clients):
            if index in finished:
                continue
            try:
                message = client.recv(0.05)
            except TimeoutError:
                continue
            if message["type"] == "update" and "outcome" in message:
                finished.add(index)
            elif message["type"] == "update" and message["asked"]:
                move = message["view"]["decision"]["moves"][-1]
                client.send({"type": "move", "move": move, "version": message["version"]})
    assert finished == {0, 1}
    watcher.until(lambda m: m["type"] == "update" and "outcome" in m)
    assert any("Platz" in item["text"] or "Runde" in item["text"] for u in b.updates for item in u["log"])
    for client in (a, b, watcher):
        assert_views_exact(server, client)
        client.close()


def test_wrong_and_missing_tokens(server: Server) -> None:
    created = server.create("toy", [{"kind": "human"}, {"kind": "human"}], public=False)
    game_id = created["id"]
    bad = Client(server, game_id, ["not-a-token"])
    assert bad.welcome["type"] == "error" and bad.welcome["rule"] == "server.token"
    assert "Schlüssel" in bad.welcome["text"]["de"]
    assert bad.welcome["wrong"] == [0]
    # among a device's keys the wrong ones are named by their places: the others it keeps
    good = created["seats"][1]["token"]
    mixed = Client(server, game_id, [good, "copied-wrong", good + "x", created["seats"][0]["token"]])
    assert mixed.welcome["rule"] == "server.token" and mixed.welcome["wrong"] == [1, 2]
    for client in (bad, mixed):
        client.close()
    nobody = Client(server, game_id, [])  # a private game has no spectators
    assert nobody.welcome["rule"] == "server.spectators"
    one = Client(server, game_id, [created["seats"][0]["token"]])
    update = one.until(lambda m: m["type"] == "update")
    one.send({"type": "move", "seat": 1, "move": ["bid", 1], "version": update["version"]})
    assert one.until(lambda m: m["type"] == "error")["rule"] == "server.seat"
    assert (
        server.http.post(f"/api/games/{game_id}/moves", json={"move": ["bid", 1], "version": 0}).status_code
        == 401
    )
    wrong = server.http.post(
        f"/api/games/{game_id}/moves",
        json={"move": ["bid", 1], "version": 0},
        headers={"Authorization": "Bearer nope"},
    )
    assert wrong.status_code == 401 and wrong.json()["rule"] == "server.token"
    assert server.http.get(f"/api/games/{game_id}/update").status_code == 403
    assert server.http.get("/api/games/nosuchgame/update").status_code == 404
    assert (
        server.http.get(f"/api/games/{game_id}/record").status_code == 403
    )  # not finished: moves stay secret
    one.close()


def test_malformed_input_changes_nothing(server: Server) -> None:
    created = server.create("toy", [{"kind": "human"}, {"kind": "human"}], seed=2)
    client = Client(server, created["id"], [created["seats"][0]["token"]], lang="de")
    update = client.until(lambda m: m["type"] == "update")
    version = update["version"]
    for raw, rule in [
        ("not json", "server.json"),
        ("[1, 2]", "server.json"),
        (json.dumps({"type": "launch"}), "server.type"),
        (json.dumps({"type": "move", "move": ["bid", 1], "version": 1.0}), "server.field"),
        (json.dumps({"type": "move", "move": ["bid", 1], "version": True}), "server.field"),
        (json.dumps({"type": "move", "move": {"x": [[[]]]}, "version": version}), "toy.move"),
        (json.dumps({"type": "move", "move": ["bid", 1e308], "version": version}), "toy.move"),
        (json.dumps({"type": "move", "move": ["double", True], "version": version + 5}), "core.stale"),
        ("x" * 70_000, None),
    ]:
        if rule is None:  # over the socket's size limit: the size error, then the close
            client.send(raw)
            assert client.until(lambda m: m["type"] == "error")["rule"] == "server.size"
            with pytest.raises(Exception):  # noqa: B017 - closed by the server
                client.recv(5)
            break
        client.send(raw)
        error = client.until(lambda m: m["type"] == "error")
        assert error["rule"] == rule, error
        assert error["text"]["en"] and error["text"]["de"] and error["message"] == error["text"]["de"]
    info = server.http.get(f"/api/games/{created['id']}").json()
    assert info["version"] == version
    assert server.http.get("/api/health").status_code == 200
    for body in (
        b"{",
        b"[]",
        b'{"game": "nope"}',
        b'{"game": "toy", "options": {"players": 9}}',
        b'{"game": "toy", "seats": [{"kind": "alien"}, {}]}',
        b'{"game": "toy", "options": []}',
    ):
        response = server.http.post("/api/games", content=body)
        assert 400 <= response.status_code < 500, body
        assert response.json()["type"] == "error"


def test_rate_is_bounded(server: Server) -> None:
    created = server.create("toy", [{"kind": "human"}, {"kind": "human"}])
    client = Client(server, created["id"], [created["seats"][0]["token"]])
    for i in range(150):
        client.send({"type": "ping", "id": i})
    got = [client.until(lambda m: m["type"] in ("pong", "error")) for _ in range(150)]
    refused = [m for m in got if m["type"] == "error"]
    assert refused and all(m["rule"] == "server.rate" and m["code"] == "rate" for m in refused), refused
    assert refused[0]["text"]["en"].startswith(  # the limit in words, and when to send again
        "too many messages: at most 60 at once, then 20 a second on average; this one was not taken; "
        "send it again in a second"
    ), refused[0]
    assert refused[0]["text"]["de"].startswith(
        "Zu viele Nachrichten: höchstens 60 auf einmal, dann im Schnitt 20 pro Sekunde; "
    ), refused[0]
    assert sum(m["type"] == "pong" for m in got) >= 40
    client.close()


def test_duplicate_submission_is_applied_once(server: Server) -> None:
    created = server.create(
        "toy", [{"kind": "human"}, {"kind": "human"}], options={"variant": "plain"}, seed=4
    )
    token = created["seats"][0]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    update = server.http.get(f"/api/games/{created['id']}/update", headers=headers).json()
    move = update["view"]["decision"]["moves"][0]
    first = server.http.post(
        f"/api/games/{created['id']}/moves", json={"move": move, "version": 0}, headers=headers
    )
    again = server.http.post(
        f"/api/games/{created['id']}/moves", json={"move": move, "version": 0}, headers=headers
    )
    assert first.json() == {"type": "ack", "seat": 0, "version": 1, "applied": True, "duplicate": False}
    assert again.json() == {"type": "ack", "seat": 0, "version": 1, "applied": False, "duplicate": True}
    # over the socket too: the same move twice, one ack applied, one duplicate
    client = Client(server, created["id"], [created["seats"][1]["token"]])
    upd = client.until(lambda m: m["type"] == "update")
    move = upd["view"]["decision"]["moves"][0]
    for _ in range(2):
        client.send({"type": "move", "move": move, "version": upd["version"], "id": "m"})
    acks = [client.until(lambda m: m["type"] == "ack") for _ in range(2)]
    assert [(a["applied"], a["duplicate"]) for a in acks] == [(True, False), (False, True)]
    assert server.http.get(f"/api/games/{created['id']}").json()["version"] == 2


def test_reconnect_misses_nothing(server: Server) -> None:
    created = server.create(
        "toy", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], options={"rounds": 5}, seed=9
    )
    token = created["seats"][0]["token"]
    first = Client(server, created["id"], [token])
    first.play(stop_after=3)
    last = first.updates[-1]["version"]
    seen = [item for u in first.updates for item in u["log"]]
    first.close()
    second = Client(server, created["id"], [token], since={"0": last})
    final = second.play(timeout=60)
    assert final is not None
    seen += [item for u in second.updates for item in u["log"]]
    full = server.http.get(
        f"/api/games/{created['id']}/update", headers={"Authorization": f"Bearer {token}"}
    ).json()
    assert [i["entry"] for i in seen] == [i["entry"] for i in full["log"]]
    assert [i["version"] for i in seen] == sorted(i["version"] for i in seen)


def test_hot_seat_one_connection_several_seats(server: Server) -> None:
    created = server.create(
        "toy", [{"kind": "hotseat"}, {"kind": "hotseat"}, {"kind": "bot"}], options={"players": 3}
    )
    assert created["status"] == "running" and len(created["hotseat_tokens"]) == 2
    client = Client(server, created["id"], created["hotseat_tokens"], checks=[secret_check([0, 1])])
    assert client.seats == [0, 1]
    first = [client.until(lambda m: m["type"] == "update") for _ in range(2)]
    assert {u["seat"] for u in first} == {0, 1}
    assert all(u["turn"] in (None, *u["asked"]) for u in first)
    final = client.play(timeout=60, backlog=first)
    assert final is not None
    assert_views_exact(server, client)


def test_absent_player_is_replaced_by_a_bot_while_a_friend_waits(tmp_path: Path) -> None:
    srv = Server(tmp_path, None, None, "--absent-after", "0.5").start()
    try:
        created = srv.create("toy", [{"kind": "human"}, {"kind": "human"}], options={"rounds": 5})
        stays = Client(srv, created["id"], [created["seats"][0]["token"]])
        leaves = Client(srv, created["id"], [created["seats"][1]["token"]])
        leaves.until(lambda m: m["type"] == "update")
        leaves.close()  # and never comes back: the friend at the table need not wait for ever
        final = stays.play(timeout=60)
        assert final is not None
        assert any(m["type"] == "table" and m["stand_ins"] == [1] for m in stays.messages)
        info = srv.wait_status(created["id"], "finished", timeout=30)
        assert info["outcome"] is not None
        stays.close()
    finally:
        srv.stop()


def test_a_stand_in_plays_only_until_the_player_returns(tmp_path: Path) -> None:
    srv = Server(tmp_path, None, None, "--absent-after", "0.5", "--bot-delay", "0.3").start()
    try:
        created = srv.create("toy", [{"kind": "human"}, {"kind": "human"}], options={"rounds": 5}, seed=6)
        token = created["seats"][0]["token"]
        client = Client(srv, created["id"], [token])
        seen = client.until(lambda m: m["type"] == "update")["version"]
        client.close()
        # the friend stays at the table and plays; the stand-in bids for the one who left
        friend = Client(srv, created["id"], [created["seats"][1]["token"]])
        assert friend.play(stop_after=3, timeout=30) is None
        deadline = time.time() + 20
        while srv.http.get(f"/api/games/{created['id']}").json()["version"] < seen + 3:
            assert time.time() < deadline
            time.sleep(0.1)
        back = Client(srv, created["id"], [token], since={"0": seen})
        first = back.until(lambda m: m["type"] == "update")
        assert first["stand_ins"] == []
        assert any(item["entry"]["k"] == "bid" for item in first["log"])  # the stand-in's secret bid, for us
        done: list[Any] = []  # both play on to the end
        other = threading.Thread(target=lambda: done.append(friend.play(timeout=60)))
        other.start()
        final = back.play(timeout=60, backlog=[first])
        other.join(70)
        assert final is not None and done and done[0] is not None
        assert all(u["stand_ins"] == [] for u in back.updates)
        assert any(a["applied"] for a in back.acks)  # the player made moves again
    finally:
        srv.stop()


def test_lists_rematch_records_and_replays(server: Server) -> None:
    created = server.create("toy", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=21)
    assert any(g["id"] == created["id"] for g in server.http.get("/api/games?status=open").json()["games"])
    token = created["seats"][0]["token"]
    client = Client(server, created["id"], [token])
    client.play()
    client.close()
    finished = server.http.get("/api/games?status=finished").json()["games"]
    assert any(g["id"] == created["id"] and g["outcome"] for g in finished)
    record = server.http.get(f"/api/games/{created['id']}/record").json()
    assert GameRecord.from_json(record).final_digest
    step = server.http.get(f"/api/games/{created['id']}/replay", params={"at": 2, "lang": "de"}).json()
    assert step["at"] == 2 and step["view"]["version"] == 2 and step["total"] == len(record["moves"])
    assert step["view"]["hand"] is None  # a spectator's view
    imported = server.http.post("/api/records", json=record)
    assert imported.status_code == 201
    again = server.http.get(f"/api/games/{imported.json()['id']}/record").json()
    assert again["moves"] == record["moves"] and again["final_digest"] == record["final_digest"]
    broken = dict(record, moves=[*record["moves"][:-1], [0, ["bid", 99]]])
    assert server.http.post("/api/records", json=broken).status_code == 422
    headers = {"Authorization": f"Bearer {token}"}
    rematch = server.http.post(f"/api/games/{created['id']}/rematch", headers=headers).json()
    same = server.http.post(f"/api/games/{created['id']}/rematch", headers=headers).json()
    assert rematch["id"] == same["id"] and rematch["seat"] == 0 and rematch["token"] != token
    info = server.http.get(f"/api/games/{rematch['id']}").json()
    assert info["rematch_of"] == created["id"] and [s["kind"] for s in info["seats"]] == ["human", "bot"]


@pytest.mark.slow
def test_sigkill_mid_game_loses_no_acknowledged_move(tmp_path: Path) -> None:
    srv = Server(tmp_path, None, None, "--snapshot-every", "4").start()
    try:
        created = srv.create(
            "toy",
            [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
            options={"players": 3, "rounds": 5},
            seed=13,
        )
        tokens = [s["token"] for s in created["seats"][:2]]
        client = Client(srv, created["id"], tokens)
        client.play(stop_after=5)
        acked = {(a["seat"], a["version"]) for a in client.acks if a["applied"]}
        srv.kill()
        srv.start()
        record = srv.http.get(f"/api/games/{created['id']}/update").json()
        assert record["version"] >= max(v for _, v in acked)
        again = Client(srv, created["id"], tokens, since={"0": 0, "1": 0})
        final = again.play(timeout=60)
        assert final is not None
        moves = GameRecord.from_json(srv.http.get(f"/api/games/{created['id']}/record").json()).moves
        for seat, version in acked:  # every acknowledged move is in the record, where it was made
            assert moves[version - 1][0] == seat
    finally:
        srv.stop()


def test_language_switch_resends_the_whole_log(server: Server) -> None:
    created = server.create("toy", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=1)
    client = Client(server, created["id"], [created["seats"][0]["token"]])
    english = client.until(lambda m: m["type"] == "update")
    assert english["log"] and english["log"][0]["text"].startswith("Round")
    client.send({"type": "lang", "lang": "de"})
    german = client.until(lambda m: m["type"] == "update")
    assert [i["entry"] for i in german["log"]] == [i["entry"] for i in english["log"]]
    assert german["log"][0]["text"].startswith("Runde")
    client.close()


def test_the_public_url_is_told_and_used_for_invites(tmp_path: Path) -> None:
    srv = Server(tmp_path, None, None, "--public-url", "https://games.example.org/").start()
    try:
        assert srv.http.get("/api/server").json()["public_url"] == "https://games.example.org"
        created = srv.create("toy", [{"kind": "human"}, {"kind": "human"}])
        assert created["seats"][0]["invite"].startswith(
            f"https://games.example.org/play/{created['id']}#token="
        )
        assert "friends open: https://games.example.org/" in srv.logs()
    finally:
        srv.stop()


def test_the_public_url_defaults(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    from feldherr.server import config

    assert server.http.get("/api/server").json() == {
        "version": server.http.get("/api/health").json()["version"],
        "public_url": None,  # listening on 127.0.0.1: no friend can reach it
        "url": server.url,
    }
    monkeypatch.setattr(config, "lan_address", lambda: "192.168.1.20")
    assert config.public_url_for("0.0.0.0", 8000) == "http://192.168.1.20:8000"
    assert config.public_url_for("::", 8000, "http://box.local:8000/") == "http://box.local:8000"
    monkeypatch.setattr(config, "lan_address", lambda: None)
    assert config.public_url_for("0.0.0.0", 8000) is None
    for bad in ("games.example.org", "ftp://x", "https://x/?a=1", "https://"):
        with pytest.raises(ValueError):
            config.check_public_url(bad)
