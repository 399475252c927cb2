"""Hostile clients against a real uvicorn process (SQLite, loopback only): malformed, deep, huge and
wrong-typed input, other seats' and other games' tokens, floods. Every loop is bounded; after each
attack the game is unchanged and the server still answers."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from .serverutil import Client, Server

DEEP = "[" * 20000 + "]" * 20000


def two_humans(server: Server, **body: Any) -> tuple[str, list[str]]:
    created = server.create("toy", [{"kind": "human"}, {"kind": "human"}], seed=3, **body)
    return created["id"], [s["token"] for s in created["seats"]]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def version_of(server: Server, game_id: str, token: str) -> int:
    return int(server.http.get(f"/api/games/{game_id}", headers=bearer(token)).json()["version"])


def assert_one_line_error(response: httpx.Response, status: int, rule: str) -> None:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["type"] == "error" and body["rule"] == rule, body
    for text in body["text"].values():
        assert text and "\n" not in text and "Traceback" not in text


def assert_no_traceback(server: Server) -> None:
    assert "Traceback" not in server.logs()


# -- the four defects of issue 22 -----------------------------------------------------------------
def test_deep_json_is_a_field_error_everywhere(server: Server) -> None:
    game_id, tokens = two_humans(server)
    before = version_of(server, game_id, tokens[0])
    deep_move = json.dumps({"move": json.loads("[" * 200 + "]" * 200), "version": before})
    for path, headers, body in [
        ("/api/games", {}, DEEP),
        (f"/api/games/{game_id}/moves", bearer(tokens[0]), DEEP),
        (f"/api/games/{game_id}/moves", bearer(tokens[0]), deep_move),
        ("/api/records", {}, DEEP),
        ("/api/records", {}, '{"moves": ' + DEEP + "}"),
    ]:
        response = server.http.post(
            path, content=body, headers={"content-type": "application/json", **headers}
        )
        assert_one_line_error(response, 400, "server.depth")
    client = Client(server, game_id, [tokens[0]])
    client.until(lambda m: m["type"] == "update")
    for raw in (DEEP, json.dumps({"type": "move", "move": json.loads("[" * 100 + "]" * 100), "version": 0})):
        client.send(raw)
        error = client.until(lambda m: m["type"] == "error")
        assert error["rule"] == "server.depth" and error["code"] == "bad-json", error
    client.send({"type": "ping", "id": "alive"})
    assert client.until(lambda m: m["type"] == "pong")["id"] == "alive"
    client.close()
    assert version_of(server, game_id, tokens[0]) == before
    assert_no_traceback(server)


def test_a_private_game_is_readable_only_with_one_of_its_tokens(server: Server) -> None:
    created = server.create(
        "toy", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], public=False, seed=8
    )
    game_id, token = created["id"], created["seats"][0]["token"]
    other_id, other_tokens = two_humans(server, public=False)
    paths = [f"/api/games/{game_id}", f"/api/games/{game_id}/update"]
    ended = [
        f"/api/games/{game_id}/record",
        f"/api/games/{game_id}/replay",
        f"/api/games/{game_id}/replay?at=1",
    ]

    def refused(path: str) -> None:
        assert_one_line_error(
            server.http.get(path), 403, "server.private" if "update" not in path else "server.spectators"
        )
        for wrong in ("nope", other_tokens[0]):  # no token of this game: another game's is no key
            assert_one_line_error(server.http.get(path, headers=bearer(wrong)), 401, "server.token")

    for path in paths:  # while it runs
        refused(path)
        assert server.http.get(path, headers=bearer(token)).status_code == 200
    assert all(g["id"] not in (game_id, other_id) for g in server.http.get("/api/games").json()["games"])
    client = Client(server, game_id, [token])
    assert client.play(timeout=60) is not None
    client.close()
    for path in paths + ended:  # and after its end
        refused(path)
        assert server.http.get(path, headers=bearer(token)).status_code == 200, path
    # a public game stays open to all
    public = server.create("toy", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=8)
    assert server.http.get(f"/api/games/{public['id']}").status_code == 200
    assert server.http.get(f"/api/games/{public['id']}/update").status_code == 200


def test_an_oversized_message_gets_the_size_error_then_the_close(server: Server) -> None:
    game_id, tokens = two_humans(server)
    client = Client(server, game_id, [tokens[0]], lang="de")
    client.until(lambda m: m["type"] == "update")
    client.send("x" * 70_000)
    error = client.until(lambda m: m["type"] == "error")
    assert error["rule"] == "server.size" and error["code"] == "too-large"
    assert "65536" in error["text"]["en"] and error["message"] == error["text"]["de"]
    with pytest.raises(Exception):  # noqa: B017 - then the server closes the socket
        client.recv(5)
    assert client.ws.close_code == 1009
    assert server.http.get("/api/health").status_code == 200
