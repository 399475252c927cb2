"""Taking a move back through a real server (toy game, SQLite): allowed where the table allows it,
refused with a typed error that changes nothing, stored so that a restart agrees."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from feldherr.core.record import GameRecord

from .serverutil import Client, Server


def _update(server: Server, game_id: str, token: str) -> dict[str, Any]:
    response = server.http.get(f"/api/games/{game_id}/update", headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200, response.text
    return dict(response.json())


def _asked(client: Client, seat: int) -> dict[str, Any]:
    return client.until(lambda m: m["type"] == "update" and m["seat"] == seat and seat in m["asked"])


def test_a_choice_is_taken_back_and_everyone_sees_the_position_before_it(server: Server) -> None:
    created = server.create(
        "toy", [{"kind": "human"}, {"kind": "human"}], options={"variant": "double"}, seed=3
    )
    tokens = [s["token"] for s in created["seats"]]
    me, other = Client(server, created["id"], [tokens[0]]), Client(server, created["id"], [tokens[1]])
    _asked(me, 0)
    other.until(lambda m: m["type"] == "update")
    me.send({"type": "move", "move": ["double", True], "version": 0, "id": "d"})
    me.until(lambda m: m["type"] == "update" and m["version"] == 1)
    told = me.until(lambda m: m["type"] == "undoable")  # right after the update
    assert told["seat"] == 0 and told["version"] == 1
    other.until(lambda m: m["type"] == "update" and m["version"] == 1)
    assert not [m for m in other.messages if m["type"] == "undoable"]  # only the mover is told
    me.send({"type": "undo", "version": 1, "id": "u"})
    ack = me.until(lambda m: m["type"] == "ack" and m.get("id") == "u")
    assert ack["undone"] is True and ack["version"] == 0 and ack["applied"] is True
    back = me.until(lambda m: m["type"] == "update" and m["version"] == 0)
    seen = other.until(lambda m: m["type"] == "update" and m["version"] == 0)
    for update in (back, seen):  # the whole log again, without the line of the move taken back
        keys = [item["entry"]["k"] for item in update["log"]]
        assert keys == ["prize"], keys
    assert 0 in back["asked"]
    assert _update(server, created["id"], tokens[0])["view"] == back["view"]
    assert _update(server, created["id"], tokens[0])["undo"] is False
    # the same undo again: nothing to take back, nothing changes
    me.send({"type": "undo", "version": 0, "id": "again"})
    error = me.until(lambda m: m["type"] == "error" and m.get("id") == "again")
    assert error["code"] == "undo" and error["rule"] == "core.undo.none"
    assert error["text"]["de"] and error["text"]["en"] and "core" not in error["message"]
    assert server.http.get(f"/api/games/{created['id']}").json()["version"] == 0
    # the seat chooses again; the record holds only that choice
    me.send({"type": "move", "move": ["double", False], "version": 0, "id": "k"})
    me.until(lambda m: m["type"] == "ack" and m.get("id") == "k")
    me.close()
    other.close()


def test_refusals_name_the_rule_and_change_nothing(server: Server) -> None:
    created = server.create(
        "toy",
        [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
        options={"players": 3, "variant": "plain"},
        seed=8,
    )
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    heads = [{"Authorization": f"Bearer {t}"} for t in tokens]

    def post(path: str, seat: int, body: Any) -> Any:
        return server.http.post(f"/api/games/{game_id}/{path}", json=body, headers=heads[seat])

    def bid(seat: int) -> Any:
        update = _update(server, game_id, tokens[seat])
        return post(
            "moves", seat, {"move": update["view"]["decision"]["moves"][0], "version": update["version"]}
        )

    assert bid(0).json()["applied"]
    assert bid(1).json()["applied"]
    state = _update(server, game_id, tokens[2])
    # seat 0 after seat 1 moved: its move stands
    moved = post("undo", 0, {"version": 2})
    assert moved.status_code == 422 and moved.json()["rule"] == "core.undo.moved"
    # a stale version and a malformed body
    stale = post("undo", 1, {"version": 1})
    assert stale.status_code == 409 and stale.json()["rule"] == "core.stale"
    for body in ({"version": "2"}, {"version": 2.0}, [], {}):
        assert post("undo", 1, body).status_code == 400
    assert server.http.post(f"/api/games/{game_id}/undo", json={"version": 2}).status_code == 401
    assert _update(server, game_id, tokens[2]) == state
    # seat 1 may (its secret bid while seat 2 still bids), once
    taken = post("undo", 1, {"version": 2})
    assert taken.status_code == 200 and taken.json()["version"] == 1 and taken.json()["undone"] is True
    assert post("undo", 1, {"version": 1}).json()["rule"] == "core.undo.none"
    assert bid(1).json()["applied"]
    # the last bid reveals all bids and draws the next prize: it cannot be taken back
    assert bid(2).json()["applied"]
    drew = _update(server, game_id, tokens[2])
    assert drew["undo"] is False
    chance = post("undo", 2, {"version": 3})
    assert chance.status_code == 422 and chance.json()["rule"] == "core.undo.chance"
    assert "Zufall" in chance.json()["text"]["de"]
    assert _update(server, game_id, tokens[2]) == drew


def test_a_move_taken_back_stays_taken_back_after_a_restart(tmp_path: Path) -> None:
    srv = Server(tmp_path, None, None, "--snapshot-every", "1").start()
    try:
        created = srv.create(
            "toy", [{"kind": "human"}, {"kind": "human"}], options={"variant": "double", "rounds": 2}, seed=3
        )
        game_id = created["id"]
        tokens = [s["token"] for s in created["seats"]]
        head = {"Authorization": f"Bearer {tokens[0]}"}
        assert srv.http.post(
            f"/api/games/{game_id}/moves", json={"move": ["double", True], "version": 0}, headers=head
        ).json()["applied"]
        assert (
            srv.http.post(f"/api/games/{game_id}/undo", json={"version": 1}, headers=head).status_code == 200
        )
        before = _update(srv, game_id, tokens[1])
        srv.kill()
        srv.start()
        after = _update(srv, game_id, tokens[1])
        assert after["version"] == 0 and after["view"] == before["view"] and after["log"] == before["log"]
        client = Client(srv, game_id, tokens)
        final = client.play(timeout=60)
        assert final is not None
        record = GameRecord.from_json(srv.http.get(f"/api/games/{game_id}/record").json())
        assert record.moves[0] == (0, ["double", False])  # play() keeps the prize: the first choice
    finally:
        srv.stop()


def test_malformed_undo_messages_are_refused_and_change_nothing(server: Server) -> None:
    created = server.create(
        "toy", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], options={"variant": "double"}, seed=3
    )
    game_id = created["id"]
    token = created["seats"][0]["token"]
    me = Client(server, game_id, [token])
    _asked(me, 0)
    me.send({"type": "move", "move": ["double", True], "version": 0, "id": "d"})
    me.until(lambda m: m["type"] == "ack")
    me.until(lambda m: m["type"] == "update" and m["version"] == 2)  # the bot has bid: all wait for me
    state = _update(server, game_id, token)
    bad: list[tuple[dict[str, Any], str]] = [
        ({"type": "undo", "id": 1}, "server.field"),
        ({"type": "undo", "version": "1", "id": 2}, "server.field"),
        ({"type": "undo", "version": 1.0, "id": 3}, "server.field"),
        ({"type": "undo", "version": 2, "seat": 1, "id": 4}, "server.seat"),
        ({"type": "undo", "version": 2, "seat": "0", "id": 5}, "server.seat"),
        ({"type": "undo", "version": 2, "id": 7}, "core.undo.moved"),  # the bot moved since
        ({"type": "undo", "version": [1], "id": 6}, "server.field"),
    ]
    for message, rule in bad:
        me.send(message)
        error = me.until(lambda m, i=message["id"]: m["type"] == "error" and m.get("id") == i)
        assert error["rule"] == rule, (message, error)
    watcher = Client(server, game_id, [])
    watcher.send({"type": "undo", "version": 2, "id": "w"})
    assert watcher.until(lambda m: m["type"] == "error")["rule"] == "server.seat"
    # the bot's seat has no token: nobody can take its moves back; the state is as it was
    after = _update(server, game_id, token)
    assert after["version"] == state["version"] and after["view"] == state["view"]
    me.close()
    watcher.close()
