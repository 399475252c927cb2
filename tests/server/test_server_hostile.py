"""Hostile clients against a real uvicorn process (SQLite, loopback only): malformed, deep, huge and
wrong-typed input, other seats' and other games' tokens, floods. Every loop is bounded; after each
attack the game is unchanged and the server still answers."""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

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
    assert "Traceback" not in server.full_logs()


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


# -- the hostile-client suite ----------------------------------------------------------------------
MALFORMED_SOCKET = [
    ("", "server.json"),
    ("{", "server.json"),
    ("null", "server.json"),
    ('"move"', "server.json"),
    ("[]", "server.json"),
    ("\x00\xff", "server.json"),
    ('{"type": "move", "move": NaN, "version": 0}', None),  # Python's JSON reads NaN: a move error
    (json.dumps({"type": None}), "server.type"),
    (json.dumps({"type": ["move"]}), "server.type"),
    (json.dumps({"type": "hello", "tokens": []}), "server.type"),  # hello again
    (json.dumps({"type": "move"}), "server.field"),
    (json.dumps({"type": "move", "move": ["bid", 1], "version": "0"}), "server.field"),
    (json.dumps({"type": "move", "move": ["bid", 1], "version": -1}), "server.field"),
    (json.dumps({"type": "move", "move": ["bid", 1], "version": 2**40}), "server.field"),
    (json.dumps({"type": "move", "move": ["bid", 1], "version": [0]}), "server.field"),
    (json.dumps({"type": "move", "seat": "0", "move": ["bid", 1], "version": 0}), "server.seat"),
    (json.dumps({"type": "move", "seat": 1.0, "move": ["bid", 1], "version": 0}), "server.seat"),
    (json.dumps({"type": "move", "seat": True, "move": ["bid", 1], "version": 0}), "server.seat"),
    (json.dumps({"type": "move", "seat": 1, "move": ["bid", 1], "version": 0}), "server.seat"),
    (json.dumps({"type": "move", "seat": 99, "move": ["bid", 1], "version": 0}), "server.seat"),
    (json.dumps({"type": "lang", "lang": "fr"}), "server.field"),
    (json.dumps({"type": "hello", "tokens": [], "since": {"x": 1}}), "server.type"),  # hello again
    (json.dumps({"type": "lang", "lang": {"en": 1}}), "server.field"),
    (json.dumps({"type": "ping", "id": {"nested": [1, 2]}}), None),  # an odd id is dropped, not echoed
]


def test_malformed_and_wrong_typed_socket_messages_change_nothing(server: Server) -> None:
    game_id, tokens = two_humans(server)
    client = Client(server, game_id, [tokens[0]])
    version = client.until(lambda m: m["type"] == "update")["version"]
    for raw, rule in MALFORMED_SOCKET:
        client.send(raw)
        answer = client.until(lambda m: m["type"] in ("error", "pong"))
        if rule is None:
            assert answer.get("id") is None and answer.get("rule") != "server.internal", answer
            continue
        assert answer["type"] == "error" and answer["rule"] == rule, (raw, answer)
        assert answer["text"]["en"] and answer["text"]["de"]
    for move in (
        None,
        7,
        "bid",
        [],
        ["bid"],
        ["bid", "1"],
        ["bid", 1.5],
        ["bid", 10**30],
        {"bid": 1},
        ["x" * 5000],
    ):
        client.send({"type": "move", "move": move, "version": version})
        error = client.until(lambda m: m["type"] == "error")
        assert error["rule"] != "server.internal" and error["code"] != "internal", (move, error)
    client.send({"type": "ping", "id": 1})
    assert client.until(lambda m: m["type"] == "pong")["id"] == 1
    client.close()
    assert version_of(server, game_id, tokens[0]) == version
    assert_no_traceback(server)


def test_malformed_and_huge_http_bodies(server: Server) -> None:
    game_id, tokens = two_humans(server)
    before = version_of(server, game_id, tokens[0])
    json_headers = {"content-type": "application/json"}
    for body in (
        b"",
        b"\xff\xfe",
        b"nul",
        b"[" * 10,
        b'{"game": 1}',
        b'{"game": "toy", "seats": "x"}',
        b"1e999999",
    ):
        response = server.http.post("/api/games", content=body, headers=json_headers)
        assert 400 <= response.status_code < 500 and response.json()["type"] == "error", body
    moves = f"/api/games/{game_id}/moves"
    for body in (b"[]", b'{"move": ["bid", 1]}', b'{"move": ["bid", 1], "version": 1.0}', b'{"version": 0}'):
        response = server.http.post(moves, content=body, headers={**json_headers, **bearer(tokens[0])})
        assert 400 <= response.status_code < 500 and response.json()["rule"] != "server.internal", body
    huge = b'{"game": "toy", "pad": "' + b"x" * (5 * 1024 * 1024) + b'"}'
    assert_one_line_error(
        server.http.post("/api/games", content=huge, headers=json_headers), 413, "server.size"
    )
    for header in ("Bearer", "Basic abc", "Bearer " + "x" * 500):
        response = server.http.post(
            moves, json={"move": ["bid", 1], "version": 0}, headers={"Authorization": header}
        )
        assert response.status_code == 401, header
    assert version_of(server, game_id, tokens[0]) == before
    assert server.http.get("/api/games?status=nope").status_code == 400
    assert server.http.get("/api/games?limit=abc").status_code == 422
    assert_no_traceback(server)


def test_a_message_beyond_the_frame_limit_is_cut_off_and_the_server_lives(server: Server) -> None:
    game_id, tokens = two_humans(server)
    client = Client(server, game_id, [tokens[0]])
    client.until(lambda m: m["type"] == "update")
    client.send("y" * (2 * 1024 * 1024))  # over the WebSocket layer's limit: closed there (1009)
    with pytest.raises(ConnectionClosed):
        client.until(lambda m: False, timeout=10)
    other = Client(server, game_id, [tokens[1]])
    assert other.until(lambda m: m["type"] == "update")["seat"] == 1
    other.close()


def test_a_message_over_128_kib_is_cut_off_by_the_websocket_layer(server: Server) -> None:
    """A message is buffered whole before it is read: up to 1 MiB per socket, so that a thousand
    clients trickling large messages in could hold a gigabyte. The WebSocket layer now cuts at
    128 KiB (close 1009); 64 to 128 KiB still get the ``server.size`` refusal first."""
    game_id, tokens = two_humans(server)
    client = Client(server, game_id, [tokens[0]])
    client.until(lambda m: m["type"] == "update")
    client.send("z" * (200 * 1024))
    with pytest.raises(ConnectionClosed):
        client.until(lambda m: False, timeout=10)
    assert client.ws.close_code == 1009 and not client.errors
    assert server.http.get("/api/health").status_code == 200


def test_cross_seat_and_cross_game_tokens_are_refused(server: Server) -> None:
    game_a, tokens_a = two_humans(server)
    game_b, tokens_b = two_humans(server)
    for token in (tokens_b[0], tokens_a[0] + "x", tokens_a[0][:-1], tokens_a[0].upper()):
        hello = Client(server, game_a, [token])
        assert hello.welcome["type"] == "error" and hello.welcome["rule"] == "server.token"
        hello.close()
    mixed = Client(server, game_a, [tokens_a[0], tokens_b[1]])  # one good, one from another game
    assert mixed.welcome["rule"] == "server.token"
    mixed.close()
    # seat 0's socket cannot move for seat 1, nor can its token over HTTP
    one = Client(server, game_a, [tokens_a[0]])
    update = one.until(lambda m: m["type"] == "update")
    one.send({"type": "move", "seat": 1, "move": ["bid", 1], "version": update["version"]})
    assert one.until(lambda m: m["type"] == "error")["rule"] == "server.seat"
    response = server.http.post(
        f"/api/games/{game_b}/moves", json={"move": ["bid", 1], "version": 0}, headers=bearer(tokens_a[0])
    )
    assert_one_line_error(response, 401, "server.token")
    response = server.http.post(f"/api/games/{game_b}/rematch", headers=bearer(tokens_a[0]))
    assert response.status_code == 401
    seat1 = server.http.get(f"/api/games/{game_a}/update", headers=bearer(tokens_a[1])).json()
    assert seat1["seat"] == 1 and seat1["view"]["seat"] == 1  # each token sees only its own seat
    one.close()
    for game_id, tokens in ((game_a, tokens_a), (game_b, tokens_b)):
        assert version_of(server, game_id, tokens[0]) == 0
    assert server.http.get("/api/games/no-such-game").status_code == 404
    assert server.http.get("/api/games/" + "x" * 300).status_code == 404


def test_a_flood_is_refused_then_hung_up_and_others_play_on(server: Server) -> None:
    game_id, tokens = two_humans(server)
    flooder = Client(server, game_id, [tokens[1]])
    player = Client(server, game_id, [tokens[0]])
    update = player.until(lambda m: m["type"] == "update" and bool(m["asked"]))
    with pytest.raises(ConnectionClosed):  # the server hangs up on the flood
        try:
            for sent in range(2000):  # bounded: the server hangs up long before
                flooder.send({"type": "ping", "id": sent})
        except ConnectionClosed:  # hung up while the flood was still being sent (a busy machine):
            pass  # what the server said before is still to be read
        flooder.until(lambda m: False, timeout=20)
    assert any(m["rule"] == "server.rate" for m in flooder.errors)
    player.send(
        {"type": "move", "move": update["view"]["decision"]["moves"][0], "version": update["version"]}
    )
    assert player.until(lambda m: m["type"] == "ack")["applied"]
    player.close()
    # many sockets opened and dropped at once do not hurt either
    clients = [Client(server, game_id, []) for _ in range(40)]
    for c in clients:
        c.ws.close()
    assert server.http.get("/api/health").status_code == 200
    assert_no_traceback(server)


# -- found by the hostile-client review (branch hostile) ------------------------------------------
def _games_count(server: Server) -> int:
    return len(server.http.get("/api/games", params={"limit": 200}).json()["games"])


def test_a_lone_surrogate_is_refused_and_the_socket_lives(server: Server) -> None:
    """JSON's escapes allow ``"\\ud800"``, UTF-8 cannot carry it: as a player's name it reached the
    database (an internal error with a traceback), as a message id it killed the socket's sender
    (the pong never came, the connection hung). Now: ``server.unicode``, nothing stored."""
    before = _games_count(server)
    json_headers = {"content-type": "application/json"}
    for body in (
        '{"game": "toy", "seats": [{"kind": "human", "name": "\\ud800"}, {"kind": "human"}]}',
        '{"game": "toy", "seats": [{"kind": "human", "name": "Anna"}, {"kind": "human"}], "\\udfff": 1}',
    ):
        response = server.http.post("/api/games", content=body.encode(), headers=json_headers)
        assert_one_line_error(response, 400, "server.unicode")
    assert_one_line_error(
        server.http.post("/api/records", content=b'{"game": "\\ud800"}', headers=json_headers),
        400,
        "server.unicode",
    )
    assert _games_count(server) == before
    game_id, tokens = two_humans(server)
    client = Client(server, game_id, [tokens[0]], lang="de")
    client.until(lambda m: m["type"] == "update")
    for raw in (
        '{"type": "ping", "id": "\\ud800"}',
        '{"type": "\\udbff"}',
        '{"type": "hello", "tokens": ["\\ud800"]}',
    ):
        client.send(raw)
        error = client.until(lambda m: m["type"] == "error")
        assert error["rule"] == "server.unicode" and error["message"] == error["text"]["de"], error
    client.send({"type": "ping", "id": "alive"})
    assert client.until(lambda m: m["type"] == "pong")["id"] == "alive"
    client.close()
    hello = Client(server, game_id, [])
    hello.send('{"type": "ping", "id": "\\ud800x"}')
    assert hello.until(lambda m: m["type"] == "error")["rule"] == "server.unicode"
    hello.close()
    assert version_of(server, game_id, tokens[0]) == 0
    assert_no_traceback(server)


def test_odd_addresses_get_the_servers_refusal_without_echoing_them(server: Server) -> None:
    """An unknown game's refusal once read "there is no game <script>" (the address's id, whatever
    it held, in a text a person reads); a huge ``offset`` overflowed SQLite (an internal error);
    the web client's terms and data answered an empty ``{}`` for no such game."""
    for game_id in ("%3Cscript%3Ealert(1)", "no-such-game", "x" * 300):
        for lang in ("en", "de"):
            response = server.http.get(f"/api/games/{game_id}", params={"lang": lang})
            assert_one_line_error(response, 404, "server.game")
            message = response.json()["message"]
            assert "script" not in message and "no-such" not in message and "xxx" not in message, message
    response = server.http.get("/api/games", params={"offset": 10**21})
    assert response.status_code == 200 and response.json() == {"games": []}, response.text
    for path in ("/api/web/terms/nope", "/api/web/data/toy/nope", "/api/web/data/nope/board"):
        assert_one_line_error(server.http.get(path), 404, "server.route")
    assert_no_traceback(server)


@pytest.mark.parametrize(
    "name",
    [
        "a\nb",
        "\x00",
        "Anna\x1b[31m",
        "\u202eanna",
        "Bert\u2066",
        "tab\there",
        "x\u2028y",
        "\ue000",
        "   ",
        "Anna\ufff9Bert\ufffaBoss\ufffb",  # interlinear annotation: "Bert" with "Boss" as a note
        "Anna\ufffb",
    ],
)
def test_a_name_with_unprintable_characters_is_refused(server: Server, name: str) -> None:
    """A player's name is shown to every other player: line breaks, control characters, direction
    marks (which turn the line around them), separators, private-use characters, interlinear
    annotation marks (which print as nothing, or draw a part of the name as a note) and a name of
    spaces only were all accepted and shown."""
    before = _games_count(server)
    body = {"game": "toy", "seats": [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": name}]}
    for lang in ("en", "de"):
        response = server.http.post("/api/games", params={"lang": lang}, json=body)
        assert_one_line_error(response, 422, "server.seats")
        message = response.json()["message"]
        assert ("Platz 2" if lang == "de" else "seat 2") in message and name not in message, message
    assert _games_count(server) == before


def test_a_name_is_kept_as_typed_less_its_surrounding_spaces(server: Server) -> None:
    names = ["  Anna ", "Zoë 👩\u200d👩\u200d👧", "שרה", "<b>Bert</b> & {x}"]
    seats = [{"kind": "human", "name": n} for n in names[:2]]
    created = server.create("toy", seats, seed=1)
    assert [s["name"] for s in created["seats"]] == ["Anna", "Zoë 👩\u200d👩\u200d👧"]
    created = server.create("toy", [{"kind": "human", "name": n} for n in names[2:]], seed=1)
    assert [s["name"] for s in created["seats"]] == names[2:]  # shown as text by the browser, never as HTML


SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
PY_LITERAL = re.compile(r"'[^']*'|\[|\]|\{|\}|\bNone\b|\bTrue\b|\bFalse\b|\bnan\b|\binf\b|\d\.0\b")


@pytest.mark.parametrize(
    ("game", "options", "said_en"),
    [
        ("toy", {"players": "2"}, "the option “Players” must be a whole number from 2 to 4"),
        ("toy", {"players": True}, "the option “Players” must be a whole number from 2 to 4"),
        ("mansfeld", {"players": 2.0}, "the option “Players” must be a whole number from 2 to 4"),
        ("toy", {"players": 2, "rounds": 1e9}, "must be a whole number from 1 to 5"),
        ("elgrande", {"players": 2, "deck": []}, "must be one of “2023 edition”, “Classic deck”"),
        ("elgrande", {"players": 2, "variant": [["x"]]}, "takes only “Short game”, “Neue Regentschaft”"),
        ("wallenstein", {"players": 3, "tower_params": "x"}, "“Cube tower parameters” has a value"),
        ("wallenstein", {"players": 3, "tower_params": {"a": 1}}, "“Cube tower parameters” has a value"),
        ("wallenstein", {"players": 3, "tower": "nope"}, "“Cube tower model” must be one of “Standard"),
    ],
)
def test_an_option_refusal_names_no_literal_and_no_code_name(
    server: Server, game: str, options: dict[str, Any], said_en: str
) -> None:
    """The English refusal was the core's own message: "option players must be a whole number from
    2 to 4, not '2'", "option tower_params must be a JSON object, not 'x'", "... not [['x']]": a
    Python literal and the option's code name in a text a person reads. Now both languages come
    from the catalogue, the option named by its title."""
    before = _games_count(server)
    for lang in ("en", "de"):
        response = server.http.post(
            "/api/games", params={"lang": lang}, json={"game": game, "options": options}
        )
        assert_one_line_error(response, 422, "server.options")
        message = response.json()["message"]
        assert not PY_LITERAL.search(message) and not SNAKE.search(message), message
        if lang == "en":
            assert said_en in message, message
    assert _games_count(server) == before


SEAT_OR_INDEX = re.compile(r"\b(seat|move|Platz|Zug) \d|\[[a-z]+\.[a-z.-]+\]")


@pytest.mark.parametrize(
    ("record", "part"),
    [
        ({"game": "toy", "options": {"players": 2}, "seed": 1, "moves": [[0, ["fly"]]]}, "replay"),
        ({"game": "toy", "options": {"players": 2}, "seed": 1, "moves": [[5, ["bid", 1]]]}, "replay"),
        ({"game": "toy", "options": {"players": "x"}, "seed": 1, "moves": []}, "replay"),
        ({"game": "toy", "options": {"players": 2}, "seed": 1, "moves": [], "engine": 999}, "replay"),
        ({"game": "nope", "seed": 1, "moves": []}, "read"),
        ({"game": "toy", "seed": -1, "moves": []}, "read"),
        ({"game": "toy", "seed": 1, "moves": [[0]]}, "read"),
        ({"game": "toy", "seed": 1, "moves": [], "engine": "x"}, "read"),
        ([], "read"),
    ],
)
def test_a_bad_record_is_refused_in_words_without_quoting_it(server: Server, record: Any, part: str) -> None:
    """The lobby shows a refused import's message. Its English text was the core's own: "move 0
    (['fly'] by seat 0) is illegal: [toy.move] not a toy move: ['fly']", "unknown game 'nope'": a
    Python literal, a seat's number, an index and a rule id. Now the catalogue's words."""
    before = _games_count(server)
    for lang in ("en", "de"):
        response = server.http.post("/api/records", params={"lang": lang}, json=record)
        assert_one_line_error(response, 422, "server.record")
        message = response.json()["message"]
        assert not PY_LITERAL.search(message) and not SEAT_OR_INDEX.search(message), message
        assert ("replay" if part == "replay" else "read as") in response.json()["text"]["en"]
    assert _games_count(server) == before


def _open_fds(server: Server) -> int:
    assert server.proc is not None
    return len(os.listdir(f"/proc/{server.proc.pid}/fd"))


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="counts descriptors in /proc (Linux)")
def test_slow_clients_are_closed_and_leave_nothing_behind(tmp_path: Path) -> None:
    """Slow-loris: a socket that never says hello and an HTTP request whose headers only trickle in
    were held open for good (200 and 100 of them still open after 45 seconds, each a descriptor),
    and so was a request whose body never came. Now each gets ``--slow-client`` seconds (a body
    three times that); a request that arrived in time, a keep-alive connection
    between requests and a socket that said hello are left alone."""
    server = Server(tmp_path, None, None, "--slow-client", "1.5").start()
    try:
        game_id, tokens = two_humans(server)
        baseline = _open_fds(server)
        silent = [connect(f"{server.ws_url}/ws/games/{game_id}") for _ in range(20)]
        trickling = []
        for _ in range(20):
            raw = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            raw.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
            trickling.append(raw)
        slow_body = socket.create_connection(("127.0.0.1", server.port), timeout=15)
        slow_body.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b'Content-Length: 1000\r\n\r\n{"game": '
        )
        player = Client(server, game_id, [tokens[0]])  # says hello at once: stays
        keep = httpx.Client(base_url=server.url, timeout=10)
        assert keep.get("/api/health").status_code == 200
        for _ in range(6):  # a header line every half second: never complete
            time.sleep(0.5)
            for raw in trickling:
                with contextlib.suppress(OSError):
                    raw.sendall(b"X-Slow: 1\r\n")
        for ws in silent:
            error = json.loads(ws.recv(timeout=10))
            assert error["rule"] == "server.hello" and error["text"]["de"], error
            with pytest.raises(ConnectionClosed):
                ws.recv(timeout=10)
            assert ws.close_code == 1008
        for raw in trickling:
            with contextlib.suppress(ConnectionResetError):
                assert raw.recv(100) == b""  # closed by the server
            raw.close()
        assert keep.get("/api/health").status_code == 200  # within uvicorn's keep-alive: not cut
        answer = ""  # the body, 3 x --slow-client seconds late: refused
        while "server.slow" not in answer and (chunk := slow_body.recv(4096)):
            answer += chunk.decode()
        assert answer.startswith("HTTP/1.1 408") and '"rule":"server.slow"' in answer, answer
        slow_body.close()
        player.send({"type": "ping", "id": "still here"})
        assert player.until(lambda m: m["type"] == "pong")["id"] == "still here"
        player.close()
        keep.close()
        deadline = time.time() + 10
        while _open_fds(server) > baseline and time.time() < deadline:
            time.sleep(0.2)
        assert _open_fds(server) <= baseline
        assert_no_traceback(server)
    finally:
        server.stop()


@pytest.mark.slow
def test_unused_games_leave_memory_and_come_back_when_used(tmp_path: Path) -> None:
    """Every game a process ever loaded stayed in memory: 300 games of bots created in a loop grew
    the server from 106 to 151 MB for good. Now a finished game, or one nobody has joined, leaves
    memory once unused for ``--unload-after`` seconds, and is read from the database again when
    someone asks for it; a game with a person at the table stays."""
    server = Server(tmp_path, None, None, "--unload-after", "1").start()
    try:
        bots = [server.create("toy", [{"kind": "bot", "bot": "random"}] * 2, seed=i) for i in range(8)]
        waiting = [
            server.create("toy", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=i)
            for i in range(4)
        ]
        joined_id, tokens = two_humans(server)
        player = Client(server, joined_id, [tokens[0]])
        player.until(lambda m: m["type"] == "update")
        player.close()  # claimed, then gone: its absence rule needs the table
        for game in bots:
            server.wait_status(game["id"], "finished")
        deadline = time.time() + 20
        while server.http.get("/api/health").json()["loaded"] > 1 and time.time() < deadline:
            time.sleep(0.2)
        assert server.http.get("/api/health").json()["loaded"] == 1  # the joined game only
        finished = server.http.get(f"/api/games/{bots[0]['id']}/replay", params={"at": 2}).json()
        assert finished["at"] == 2 and finished["total"] > 2
        token = waiting[0]["seats"][0]["token"]
        client = Client(server, waiting[0]["id"], [token])  # joined now: loaded again, and played
        assert client.play(timeout=60) is not None
        client.close()
        assert server.http.get("/api/health").json()["loaded"] >= 1
        assert_no_traceback(server)
    finally:
        server.stop()


@pytest.mark.parametrize("since", [-1, 1.5, "0", [0], {"0": -1}, {"x": 1}, True])
def test_a_bad_since_in_the_hello_is_refused_in_words(server: Server, since: Any) -> None:
    """The refusal of a malformed ``since`` read "field since must be {seat: version}" / "{Platz:
    Stand}": a JSON-like literal in a text a person may read."""
    game_id, tokens = two_humans(server)
    for lang in ("en", "de"):
        client = Client(server, game_id, [tokens[0]], lang=lang, since=since)
        error = client.welcome
        assert error["type"] == "error" and error["rule"] == "server.field", error
        assert not PY_LITERAL.search(error["message"]) and error["message"] == error["text"][lang], error
        client.close()


def test_a_large_body_is_read_off_the_event_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading a client's JSON (parse, depth and text checks) ran on the event loop for every
    body: about a second for a 0.9 MB record on the shared machine, during which no socket of any
    game was served (two clients posting such bodies: ping round trips of 622 ms median, 3.6 s at
    worst; 14 ms and 178 ms now). Bodies over 16 KiB are now read on a thread."""
    import asyncio

    from fastapi.testclient import TestClient

    from feldherr.server import app as app_module
    from feldherr.server.config import Settings

    where: list[bool] = []
    original = app_module.read_json

    def spy(text: Any) -> Any:
        try:
            asyncio.get_running_loop()
            where.append(True)  # on the event loop
        except RuntimeError:
            where.append(False)
        return original(text)

    monkeypatch.setattr(app_module, "read_json", spy)
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", bot_workers=0)
    headers = {"content-type": "application/json"}
    small = json.dumps({"game": "toy", "seed": 1, "moves": []})
    large = json.dumps({"game": "toy", "seed": 1, "moves": [[0, ["bid", 1]]] * 3000})
    with TestClient(app_module.create_app(settings)) as client:
        assert client.post("/api/records", content=small, headers=headers).status_code == 201
        assert client.post("/api/records", content=large, headers=headers).status_code == 422
        deep = "[" * 100 + "]" * 100 + " " * 20000
        assert client.post("/api/records", content=deep, headers=headers).json()["rule"] == "server.depth"
    assert where == [True, False, False]


def test_replays_and_records_wait_for_their_own_threads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A replay replays the game up to its step for each request (200 ms for a finished
    Wallenstein game on the shared machine), on the same eight threads that commit every move:
    twelve clients asking for replays over and over held a player's acknowledgement up from 2 ms
    to 324 ms (median) while the moves queued for a thread; 49 ms now. Replays, records, positions
    and imports run on their own reader threads, and so does a spectator's first update (the
    whole log: twelve spectators reconnecting to a long game over and over held a player's
    acknowledgement up from 2 to 261 ms median; 49 ms now)."""
    import threading

    from fastapi.testclient import TestClient

    from feldherr.server import app as app_module
    from feldherr.server.config import Settings

    threads: dict[str, str] = {}

    def spy(name: str) -> Any:
        original = getattr(app_module, name)

        def run(*args: Any) -> Any:
            threads[name] = threading.current_thread().name
            return original(*args)

        return run

    for name in ("_replay_at", "_position_at", "_finished_record", "_update"):
        monkeypatch.setattr(app_module, name, spy(name))
    from feldherr.server.hub import Hub

    attach = Hub.attach

    def spied_attach(self: Hub, *args: Any) -> None:
        threads["attach"] = threading.current_thread().name
        attach(self, *args)

    monkeypatch.setattr(Hub, "attach", spied_attach)
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", bot_workers=0)
    with TestClient(app_module.create_app(settings)) as client:
        body = {"game": "mansfeld", "seats": [{"kind": "bot", "bot": "random"}] * 2, "seed": 4}
        game_id = client.post("/api/games", json=body).json()["id"]
        deadline = time.time() + 60
        while client.get(f"/api/games/{game_id}").json()["status"] != "finished":
            assert time.time() < deadline
            time.sleep(0.05)
        assert client.get(f"/api/games/{game_id}/replay", params={"at": 1}).status_code == 200
        assert client.get(f"/api/games/{game_id}/position", params={"at": 1}).status_code == 200
        assert client.get(f"/api/games/{game_id}/record").status_code == 200
        assert client.get(f"/api/games/{game_id}/update").status_code == 200  # a spectator's
        with client.websocket_connect(f"/ws/games/{game_id}") as ws:
            ws.send_json({"type": "hello", "tokens": []})
            assert ws.receive_json()["type"] == "welcome"
        assert threads["attach"].startswith("feldherr-read")
        human = {"game": "toy", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
        mine = client.post("/api/games", json=human).json()
        token = mine["seats"][0]["token"]
        for since, pool in ((None, "feldherr-read"), (0, "feldherr_")):  # a reconnect: the moves' threads
            with client.websocket_connect(f"/ws/games/{mine['id']}") as ws:
                ws.send_json({"type": "hello", "tokens": [token], "since": since})
                assert ws.receive_json()["type"] == "welcome"
            assert threads["attach"].startswith(pool), (since, threads)
    assert set(threads) == {"_replay_at", "_position_at", "_finished_record", "_update", "attach"}
    assert all(name.startswith("feldherr-read") for key, name in threads.items() if key != "attach"), threads


def test_a_creator_cannot_choose_the_chance_of_a_game_between_people(tmp_path: Path) -> None:
    """The lobby let the creator of a game with friends give its seed: the creator could then
    replay the seed at home (``Match(game, options, seed)``) and read every hand and deck order
    the others hold. A game between people on different devices now draws its own chance; a seed
    (or a position with hidden parts) is refused with ``server.seed``, nothing stored. A game of
    one person against bots keeps its seed (a reproducible game); ``--fixed-seeds`` (tests,
    research) takes it anyway."""
    server = Server(tmp_path)
    server.fixed_seeds = False
    server.start()
    try:
        before = _games_count(server)
        two = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bert"}]
        hot = [{"kind": "hotseat", "name": "Anna"}, {"kind": "human", "name": "Bert"}]
        for seats in (two, hot):
            for lang in ("en", "de"):
                response = server.http.post(
                    "/api/games", params={"lang": lang}, json={"game": "toy", "seats": seats, "seed": 7}
                )
                assert_one_line_error(response, 422, "server.seed")
        root = Path(__file__).resolve().parents[2]
        position = json.loads((root / "docs" / "positions" / "mansfeld-example.json").read_text())
        secret = {**position, "hidden": {"dice": [6, 6, 6]}}  # the creator's own dice to come
        people = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bert"}]
        response = server.http.post(
            "/api/games", json={"game": "mansfeld", "position": secret, "seats": people}
        )
        assert_one_line_error(response, 422, "server.seed")
        assert _games_count(server) == before
        open_position = server.http.post(
            "/api/games", json={"game": "mansfeld", "position": position, "seats": people}
        )
        assert open_position.status_code == 201, open_position.text  # what lies open: fine
        created = server.create("toy", two)  # without a seed: the server's own chance
        assert created["status"] == "open"
        mine = server.create("toy", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=7)
        both = server.create("toy", [{"kind": "hotseat"}, {"kind": "hotseat"}], seed=7)  # one device
        assert mine["status"] == "open" and both["status"] == "running"
    finally:
        server.stop()


def test_a_position_a_game_cannot_read_is_refused_not_an_internal_error(server: Server) -> None:
    """El Grande's example position with one of its ``permanent_stacks`` left out made the game's
    ``from_position`` fail with an IndexError: an internal error (500) and a traceback on
    ``POST /api/positions``, ``/api/positions/import`` and a game from it. A game's failure on a
    position is now the server's ``server.position`` refusal (the game should refuse it in its own
    words: reported to the games)."""
    root = Path(__file__).resolve().parents[2]
    position = json.loads((root / "docs" / "positions" / "elgrande-example.json").read_text())
    position["permanent_stacks"] = position["permanent_stacks"][:-1]
    before = _games_count(server)
    seats = [{"kind": "human", "name": f"P{i}"} for i in range(position["options"]["players"])]
    for path, body in (
        ("/api/positions", {"position": position}),
        ("/api/positions/import", {"position": position}),
        ("/api/games", {"game": "elgrande", "position": position, "seats": seats}),
    ):
        for lang in ("en", "de"):
            response = server.http.post(path, params={"lang": lang}, json=body)
            assert_one_line_error(response, 422, "server.position")
            assert not PY_LITERAL.search(response.json()["message"]), response.json()
    assert _games_count(server) == before
    assert_no_traceback(server)


def test_a_pipelined_request_answered_slowly_is_not_cut(tmp_path: Path) -> None:
    """The header deadline must never cut a request being answered, also one that came pipelined
    behind another (its headers were read before the first answer ended): an analysis of two
    seconds behind a health check, with one second for headers."""
    server = Server(tmp_path, None, None, "--slow-client", "1", "--analysis-bot", "medium@2s").start()
    try:
        created = server.create("toy", [{"kind": "bot", "bot": "random"}] * 2, seed=5)
        server.wait_status(created["id"], "finished")
        seat = server.http.get(f"/api/games/{created['id']}/replay", params={"at": 0}).json()["view"]
        body = json.dumps({"at": 0, "seat": seat["to_move"][0]}).encode()
        raw = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        raw.sendall(
            b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n"
            + f"POST /api/games/{created['id']}/analysis HTTP/1.1\r\nHost: x\r\n".encode()
            + f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
        answer = b""
        while answer.count(b"HTTP/1.1 200") < 2 or b'"iterations"' not in answer:
            chunk = raw.recv(65536)
            assert chunk, answer  # closed before the analysis was answered
            answer += chunk
        raw.close()
    finally:
        server.stop()


@pytest.mark.parametrize("name", ["A\nB", "\u202eevil", "\x00", "  ", "x" * 41, " " * 50 + "Anna"])
def test_a_position_naming_a_player_unprintably_is_refused(server: Server, name: str) -> None:
    """A position's player names were taken as they came: an imported position (public: anyone
    replays it) named its seat "A\\nB", "\\u202eevil" (the line turned around), NUL, spaces only or
    300 characters. Now the same rule as a seat's name, ``server.position`` with
    ``core.position.name``, nothing stored."""
    root = Path(__file__).resolve().parents[2]
    raw = (root / "docs" / "positions" / "mansfeld-example.json").read_text()
    position = json.loads(raw.replace('"Anna"', json.dumps(name)))
    before = _games_count(server)
    for path in ("/api/positions", "/api/positions/import"):
        for lang in ("en", "de"):
            response = server.http.post(path, params={"lang": lang}, json={"position": position})
            assert_one_line_error(response, 422, "server.position")
            assert response.json()["broken"] == "core.position.name"
            assert name.strip() not in response.json()["message"] or not name.strip()
    assert _games_count(server) == before
    fine = json.loads(raw.replace('"Anna"', json.dumps("Anna <b>&</b>")))
    assert server.http.post("/api/positions/import", json={"position": fine}).status_code == 201


@pytest.mark.parametrize(
    ("ben", "said_en", "said_de"),
    [
        (
            "\u0391nna",  # a Greek Α inside a Latin word
            "in the name \u0391nna, a word mixes Latin letters with look-alike letters of another",
            "Im Namen \u0391nna mischt ein Wort lateinische Buchstaben",
        ),
        ("ANNA", "two of its players are named Anna (the players' names must differ)", "Zwei ihrer"),
        (
            "\u0391\u039d\u039d\u0391",  # ΑΝΝΑ, wholly Greek
            "its players Anna and \u0391\u039d\u039d\u0391 have names that look alike",
            "Ihre Spieler Anna und \u0391\u039d\u039d\u0391 haben gleich aussehende Namen",
        ),
        ("Ann\u200da", "its players Anna and Ann\u200da have names that look alike", "gleich aussehende"),
        # spaces around a name print as nothing: "Anna" twice at the table
        ("Anna" + " " * 30, "two of its players are named Anna (the players' names", "Zwei ihrer"),
        ("Anna\u00a0", "two of its players are named Anna (the players' names", "Zwei ihrer"),
    ],
)
def test_a_position_naming_two_players_alike_is_refused(
    server: Server, ben: str, said_en: str, said_de: str
) -> None:
    """A position's player names were checked for printable characters only: an imported or
    analysed position could seat "Anna" next to a Greek "ΑΝΝΑ", an "Αnna" with a Greek Α or "ANNA",
    which the lobby refuses at a table. Now the same checks, ``server.position`` with
    ``core.position.name`` in words, nothing stored; "Ben" stays fine."""
    root = Path(__file__).resolve().parents[2]
    raw = (root / "docs" / "positions" / "mansfeld-example.json").read_text()
    position = json.loads(raw.replace('"Ben"', json.dumps(ben)))
    before = _games_count(server)
    for path in ("/api/positions", "/api/positions/import"):
        response = server.http.post(path, params={"lang": "en"}, json={"position": position})
        assert_one_line_error(response, 422, "server.position")
        assert response.json()["broken"] == "core.position.name"
        assert response.json()["text"]["en"].startswith(f"this position cannot be set up: {said_en}")
        assert said_de in response.json()["text"]["de"]
    body = {"game": "mansfeld", "position": position, "seats": [{"kind": "human"}, {"kind": "bot"}]}
    response = server.http.post("/api/games", json=body)
    assert_one_line_error(response, 422, "server.position")
    record = {"game": "mansfeld", "position": position, "seed": 1, "moves": []}  # a record from it
    response = server.http.post("/api/records", json=record)
    assert_one_line_error(response, 422, "server.position")
    assert response.json()["broken"] == "core.position.name"
    assert _games_count(server) == before
    fine = json.loads(raw)
    assert server.http.post("/api/positions/import", json={"position": fine}).status_code == 201


# -- found by the second hostile-client review (branch hostile) -----------------------------------
ODD_TEXTS = ["Evil\nSecond line", "\u202eemag", "<img src=x onerror=alert(1)>", "wallenstein_v2", "x" * 60]


@pytest.mark.parametrize("name", ODD_TEXTS)
def test_an_unknown_game_is_refused_without_echoing_its_name(server: Server, name: str) -> None:
    """``server.unknown-game`` read "unknown game {game}" with the name as the client sent it: a
    line break (two lines where one is promised), a direction override that turns the line
    around, HTML, a code name. Now it names the games the server has, by their titles."""
    root = Path(__file__).resolve().parents[2]
    position = json.loads((root / "docs" / "positions" / "mansfeld-example.json").read_text())
    before = _games_count(server)
    for path, body in (
        ("/api/games", {"game": name, "seats": [{"kind": "human"}] * 2}),
        ("/api/positions", {"position": {**position, "game": name}}),
        ("/api/positions/import", {"position": {**position, "game": name}}),
        ("/api/games", {"game": name, "position": position, "seats": [{"kind": "human"}] * 2}),
    ):
        for lang in ("en", "de"):
            response = server.http.post(path, params={"lang": lang}, json=body)
            assert_one_line_error(response, 404, "server.unknown-game")
            message = response.json()["message"]
            assert name.strip()[:20] not in message and "Ernst von Mansfeld" in message, message
            assert ("this server has" if lang == "en" else "auf diesem Server") in message
    assert _games_count(server) == before


def test_an_unknown_message_type_is_shown_back_only_as_a_word(server: Server) -> None:
    """``server.type`` showed the message's type as it came (up to 40 characters of anything): a
    line break or a direction mark in a one-line refusal."""
    game_id, tokens = two_humans(server)
    client = Client(server, game_id, [tokens[0]], lang="de")
    client.until(lambda m: m["type"] == "update")
    for kind, shown in [
        ("fly", "fly"),
        ("a\nb", "(kein Wort)"),
        ("\u202eyalp", "(kein Wort)"),
        ("<b>", "(kein Wort)"),
    ]:
        client.send({"type": kind, "id": "k"})
        error = client.until(lambda m: m["type"] == "error")
        assert error["rule"] == "server.type" and error["message"].endswith(shown), error
        assert "\n" not in error["message"] and "\u202e" not in error["message"]
        assert error["text"]["en"].endswith(shown if shown == "fly" else "(not a word)")
    client.close()


def test_names_and_languages_are_limited_since_each_sends_the_whole_log(server: Server) -> None:
    """A player's ``name`` message sends every connection of the game its whole log again (so
    that every line names the player anew), and a ``lang`` message sends the whole log to the
    connection. Within the general limit (20 a second) one player renaming over and over made
    every other connection at the table download the whole log about 18 times a second (1 MB a
    second each for a Wallenstein game at version 230, a ping of another game 0.9 -> 11 ms). Now
    a connection may send 5 of them at once, then one every 2 seconds; the others are refused
    with ``server.rate`` (code ``rate``) and their ``id``, in words that name the limit and the
    seconds until the next one, in both languages, and change nothing."""
    game_id, tokens = two_humans(server)
    renamer = Client(server, game_id, [tokens[0]], lang="de")
    other = Client(server, game_id, [tokens[1]])
    renamer.until(lambda m: m["type"] == "update")
    other.until(lambda m: m["type"] == "update")
    for n in range(12):
        renamer.send({"type": "name", "name": f"Anna {n}", "id": f"n{n}"})
    answers = [renamer.until(lambda m: m["type"] in ("ack", "error")) for _ in range(12)]
    named = [a for a in answers if a["type"] == "ack"]
    refused = [a for a in answers if a["type"] == "error"]
    assert 5 <= len(named) <= 8 and all(a["rule"] == "server.rate" for a in refused), answers
    assert {a["id"] for a in refused} == {f"n{n}" for n in range(12)} - {a["id"] for a in named}
    said = refused[0]
    assert said["code"] == "rate" and said["message"] == said["text"]["de"]
    assert said["text"]["de"].startswith(
        "Zu viele Namen, Sprachwechsel und zurückgenommene Züge (jede dieser Nachrichten sendet das "
        "ganze Spiel neu): höchstens 5 auf einmal, dann eine alle 2 Sekunden; diese Nachricht wurde "
        "nicht angenommen; bitte in "
    ), said
    assert said["text"]["en"].startswith(
        "too many names, language changes and moves taken back (each sends the whole game again): "
        "at most 5 at once, then one every 2 seconds; this one was not taken; send it again in "
    ), said
    assert said["text"]["en"].endswith(("in a second", "in 2 seconds")), said
    assert "{" not in said["text"]["en"] + said["text"]["de"], said
    kept = named[-1]["named"]
    info = server.http.get(f"/api/games/{game_id}").json()
    assert info["seats"][0]["name"] == kept  # the refused names changed nothing
    renamer.send({"type": "ping", "id": "after"})
    renamer.until(lambda m: m["type"] == "pong")
    tables = [m for m in other.messages if m["type"] == "table"]
    while True:  # what the other player was sent: one table (and whole log) per name taken
        try:
            message = other.recv(1)
        except TimeoutError:
            break
        if message["type"] == "table":
            tables.append(message)
    assert len(tables) == len(named), tables
    for n in range(8):
        renamer.send({"type": "lang", "lang": "en" if n % 2 else "de", "id": f"l{n}"})
    errors = [renamer.until(lambda m: m["type"] == "error") for _ in range(8 - 5)]
    assert all(e["rule"] == "server.rate" and "at most 5 at once" in e["text"]["en"] for e in errors), errors
    time.sleep(2.2)  # one more after a pause
    renamer.send({"type": "name", "name": "Anna", "id": "late"})
    assert renamer.until(lambda m: m["type"] in ("ack", "error") and m.get("id") == "late")["type"] == "ack"
    renamer.close()
    other.close()
    assert version_of(server, game_id, tokens[0]) == 0


def test_taking_a_move_back_over_and_over_is_limited(server: Server) -> None:
    """Each move taken back sends every connection of the game its whole log again: a player
    putting a card into the plan and taking it back in a loop made the others download the whole
    log that often. An ``undo`` counts like a name: 5 at once, then one every 2 seconds; a refused
    one is ``server.rate`` with its ``id`` and takes nothing back."""
    created = server.create(
        "toy", [{"kind": "human"}, {"kind": "human"}], options={"variant": "double"}, seed=3
    )
    tokens = [s["token"] for s in created["seats"]]
    me = Client(server, created["id"], [tokens[0]])
    me.until(lambda m: m["type"] == "update" and 0 in m["asked"])
    refused = None
    for n in range(10):
        me.send({"type": "move", "move": ["double", n % 2 == 0], "version": 0, "id": f"m{n}"})
        assert (
            me.until(lambda m, n=n: m["type"] in ("ack", "error") and m.get("id") == f"m{n}")["type"] == "ack"
        )
        me.send({"type": "undo", "version": 1, "id": f"u{n}"})
        answer = me.until(lambda m, n=n: m["type"] in ("ack", "error") and m.get("id") == f"u{n}")
        if answer["type"] == "error":
            refused = answer
            break
    assert refused is not None and refused["rule"] == "server.rate" and refused["code"] == "rate", refused
    assert refused["message"].startswith("too many names, language changes and moves taken back"), refused
    assert "then one every 2 seconds" in refused["message"], refused
    assert 5 <= n <= 8, n
    assert version_of(server, created["id"], tokens[0]) == 1  # the refused undo took nothing back
    me.close()


def test_a_flood_of_syncs_is_refused_in_words_and_a_reconnect_still_syncs(server: Server) -> None:
    """Each ``sync`` sends the connection's updates again, made under the game's lock on a moves'
    thread: 50 sockets sending 20 a second (within the general limit) raised another player's move
    acknowledgement from a median of 1.9 ms to 9.4 ms. A connection may sync 5 times at once, then
    once every 2 seconds; the others are refused ``server.sync-rate`` with their ``id``, in words
    that name the limit, in both languages. A reconnect (a new socket's hello, what the browser
    does) is no sync: it gets its updates and may sync again."""
    game_id, tokens = two_humans(server)
    syncer = Client(server, game_id, [tokens[0]], lang="de")
    syncer.until(lambda m: m["type"] == "update")
    for n in range(12):
        syncer.send({"type": "sync", "id": f"s{n}"})
    syncer.send({"type": "ping", "id": "after"})
    answers: list[dict[str, Any]] = []
    while (message := syncer.recv())["type"] != "pong":
        answers.append(message)
    sent = [m for m in answers if m["type"] == "update"]
    refused = [m for m in answers if m["type"] == "error"]
    assert 5 <= len(sent) <= 8 and len(sent) + len(refused) == 12, answers
    assert all(e["rule"] == "server.sync-rate" and e["code"] == "rate" for e in refused), refused
    assert {e["id"] for e in refused} <= {f"s{n}" for n in range(12)} and len(
        {e["id"] for e in refused}
    ) == len(refused)
    said = refused[0]
    assert said["message"] == said["text"]["de"]
    assert said["text"]["de"].startswith(
        "Das Spiel wird höchstens 5-mal auf einmal neu gesendet, dann einmal alle 2 Sekunden"
    )
    assert said["text"]["en"].startswith(
        "the game is sent again at most 5 times at once, then once every 2 seconds"
    )
    assert (
        "Sekunde" in said["text"]["de"].rsplit(";", 1)[1] and "second" in said["text"]["en"].rsplit(";", 1)[1]
    )
    syncer.close()
    again = Client(server, game_id, [tokens[0]], lang="en")  # the browser's reconnect: a new hello
    again.until(lambda m: m["type"] == "update")
    again.send({"type": "sync", "id": "fresh"})
    assert again.until(lambda m: m["type"] in ("update", "error"))["type"] == "update"
    time.sleep(2.2)  # and the limited socket's allowance comes back with time
    for n in range(5):
        again.send({"type": "sync", "id": f"t{n}"})
    kinds = [again.until(lambda m: m["type"] in ("update", "error"))["type"] for _ in range(5)]
    assert kinds.count("update") >= 4, kinds
    again.close()
    assert version_of(server, game_id, tokens[0]) == 0


@pytest.mark.parametrize("odd", ["a\nb", "\u202eevil", "\x1b[2J", "x\u2028y", "\ue000"])
def test_a_position_refusal_shows_no_unprintable_character_it_was_sent(server: Server, odd: str) -> None:
    """A position refusal names the field it found wrong and the value it found there: an unknown
    field's key and a text value were shown as sent, a line break, a direction override (which
    turns the line around), a terminal escape, a line separator inside a one-line refusal. Now
    each such character reads as U+FFFD; the rest of the words stay."""
    root = Path(__file__).resolve().parents[2]
    for example in ("mansfeld-example.json", "elgrande-example.json"):
        base = json.loads((root / "docs" / "positions" / example).read_text())
        unknown = {**base, f"note{odd}": 1}
        wrong_value = json.loads(json.dumps(base))
        wrong_value["players"][0]["score" if "score" in base["players"][0] else "age"] = f"many{odd}"
        for position in (unknown, wrong_value):
            for lang in ("en", "de"):
                response = server.http.post(
                    "/api/positions", params={"lang": lang}, json={"position": position}
                )
                assert_one_line_error(response, 422, "server.position")
                for text in response.json()["text"].values():
                    assert not any(ch in text for ch in "\n\u202e\x1b\u2028\ue000"), text
                    # a key reads with U+FFFD; a text value as JSON writes it ("a\\nb") or with U+FFFD
                    assert "\ufffd" in text or (position is wrong_value and "\\" in text), text


@pytest.mark.parametrize("game", ["toy", "elgrande"])
def test_an_unknown_option_is_named_without_unprintable_characters(server: Server, game: str) -> None:
    """ "this game has no option “{option}”" showed the option's key as sent: a line break, a
    direction override or a terminal escape inside a one-line refusal (creating a game, and a
    position's options)."""
    odd = "note\n\u202e\x1b[2J"
    root = Path(__file__).resolve().parents[2]
    position = json.loads((root / "docs" / "positions" / "elgrande-example.json").read_text())
    position["options"] = {**position["options"], odd: 1}
    asks = [("/api/games", {"game": game, "options": {odd: 1}})]
    if game == "elgrande":
        asks.append(("/api/positions", {"position": position}))
    for path, body in asks:
        for lang in ("en", "de"):
            response = server.http.post(path, params={"lang": lang}, json=body)
            assert_one_line_error(
                response, 422, "server.options" if path == "/api/games" else "server.position"
            )
            for text in response.json()["text"].values():
                assert "note\ufffd\ufffd\ufffd[2J" in text and not any(ch in text for ch in "\n\u202e\x1b"), (
                    text
                )


def test_analyses_never_keep_the_bots_waiting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The analysis board searched on the bots' worker processes, and each request replayed the
    game before it asked for a slot: forty anonymous clients asking for analyses over and over
    kept every worker busy and every driver thread replaying, and a game of two random bots took
    186 s instead of half a second. Now the analyses have worker processes of their own, and one
    more than the slots is refused at once, before any replay (4.4 s under the same flood, on the
    shared 2-core machine)."""
    import threading

    from fastapi.testclient import TestClient

    from feldherr.server import analysis as analysis_module
    from feldherr.server import app as app_module
    from feldherr.server.config import Settings
    from feldherr.server.workers import BotPool

    used: dict[str, set[int]] = {}
    original_run = BotPool.run

    def spied_run(self: BotPool, fn: Any, task: Any, what: str) -> Any:
        used.setdefault(fn.__name__, set()).add(id(self))
        return original_run(self, fn, task, what)

    monkeypatch.setattr(BotPool, "run", spied_run)
    started, go = threading.Event(), threading.Event()
    original_analysis = analysis_module.run_analysis

    def held_analysis(task: Any) -> Any:
        started.set()
        assert go.wait(30)
        return original_analysis(task)

    monkeypatch.setattr(analysis_module, "run_analysis", held_analysis)
    replays: list[str] = []
    original_record = app_module._finished_record

    def counted_record(*args: Any) -> Any:
        replays.append(args[1])
        return original_record(*args)

    monkeypatch.setattr(app_module, "_finished_record", counted_record)
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        bot_workers=0,
        analysis_bot="medium@20i",
        analysis_slots=1,
    )
    with TestClient(app_module.create_app(settings)) as client:
        body = {"game": "toy", "seats": [{"kind": "bot", "bot": "random"}] * 2, "seed": 4}
        game_id = client.post("/api/games", json=body).json()["id"]
        deadline = time.time() + 60
        while client.get(f"/api/games/{game_id}").json()["status"] != "finished":
            assert time.time() < deadline
            time.sleep(0.05)
        seat = client.get(f"/api/games/{game_id}/replay", params={"at": 0}).json()["view"]["to_move"][0]
        answers: list[httpx.Response] = []
        first = threading.Thread(
            target=lambda: answers.append(
                client.post(f"/api/games/{game_id}/analysis", json={"at": 0, "seat": seat})
            )
        )
        first.start()
        assert started.wait(30)
        before = len(replays)
        busy = client.post(f"/api/games/{game_id}/analysis", json={"at": 0, "seat": seat})
        assert busy.status_code == 503 and busy.json()["rule"] == "server.analysis-busy"
        assert len(replays) == before  # refused before the game was replayed
        go.set()
        first.join(30)
        assert answers and answers[0].status_code == 200, answers
        # another bot game meanwhile: its bots thought on their own workers
        game_id = client.post("/api/games", json=body).json()["id"]
        while client.get(f"/api/games/{game_id}").json()["status"] != "finished":
            assert time.time() < deadline
            time.sleep(0.05)
    analyses = used.get("held_analysis", set()) | used.get("run_analysis", set())
    assert analyses and used["think"] and not analyses & used["think"], used


def test_the_lobby_and_loading_a_game_never_take_a_moves_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lobby's list, a game's facts and the catalogue ran on the eight threads that commit
    every move: forty anonymous clients listing games held a player's acknowledgement up from 6.5
    to 713 ms (median; 13.6 ms now). So did loading a game nobody holds (a replay of its record)
    for a move, an undo, a rematch, a seat's update or a reconnecting socket, before the token was
    even checked: any token, a finished game's address, and a move waited (47 -> 25 ms median,
    583 -> 189 ms at worst, under twenty such clients). These now run on the reader threads."""
    import threading

    from fastapi.testclient import TestClient

    from feldherr.server import app as app_module
    from feldherr.server import lobby
    from feldherr.server.config import Settings
    from feldherr.server.hub import Hub
    from feldherr.server.store import Store

    threads: dict[str, set[str]] = {}

    def note(name: str) -> None:
        threads.setdefault(name, set()).add(threading.current_thread().name.rstrip("_0123456789"))

    original_list, original_load = Store.list_games, Hub._load

    def spied_list(self: Store, *args: Any) -> Any:
        note("list")
        return original_list(self, *args)

    def spied_load(self: Hub, game_id: str) -> Any:
        note("load")
        return original_load(self, game_id)

    original_catalogue = lobby.catalogue

    def spied_catalogue() -> Any:
        note("catalogue")
        return original_catalogue()

    monkeypatch.setattr(Store, "list_games", spied_list)
    monkeypatch.setattr(Hub, "_load", spied_load)
    monkeypatch.setattr(app_module, "catalogue", spied_catalogue)
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", bot_workers=0, unload_after=0.2)
    with TestClient(app_module.create_app(settings)) as client:
        body = {"game": "toy", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "seed": 2}
        created = client.post("/api/games", json=body).json()
        game_id, token = created["id"], created["seats"][0]["token"]
        finished = client.post("/api/games", json={**body, "seats": [{"kind": "bot", "bot": "random"}] * 2})
        done_id = finished.json()["id"]
        deadline = time.time() + 60
        while client.get(f"/api/games/{done_id}").json()["status"] != "finished":
            assert time.time() < deadline
            time.sleep(0.05)
        assert client.get("/api/games").status_code == 200
        assert client.get("/api/catalog").status_code == 200
        while client.get("/api/health").json()["loaded"] > 1:  # the finished game leaves memory
            assert time.time() < deadline
            time.sleep(0.1)
        bogus = {"Authorization": "Bearer not-a-token"}
        for path in (f"/api/games/{done_id}/moves", f"/api/games/{done_id}/rematch"):
            response = client.post(path, json={"move": ["bid", 1], "version": 0}, headers=bogus)
            assert response.status_code == 401 and response.json()["rule"] == "server.token"
            while client.get("/api/health").json()["loaded"] > 1:
                time.sleep(0.1)
        with client.websocket_connect(f"/ws/games/{done_id}") as ws:
            ws.send_json({"type": "hello", "tokens": ["not-a-token"], "since": 3})
            assert ws.receive_json()["rule"] == "server.token"
        update = client.get(f"/api/games/{game_id}/update", headers={"Authorization": f"Bearer {token}"})
        assert update.status_code == 200
    assert set(threads) == {"list", "load", "catalogue"}, threads
    assert all(names == {"feldherr-read"} for names in threads.values()), threads


def test_a_seats_whole_log_is_made_on_a_reader_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat's update without ``since`` over HTTP, and a socket's hello with ``since`` 0, hold
    the whole log (a long render for a long game), and both ran on the threads that commit
    moves: any player could pull the whole log over and over there. Now an update from more than
    16 versions back is made on a reader thread; a reconnect that missed a few moves stays quick."""
    import threading

    from fastapi.testclient import TestClient

    from feldherr.server import app as app_module
    from feldherr.server.config import Settings
    from feldherr.server.hub import Hub

    where: list[tuple[str, str]] = []
    original_update, original_attach = app_module._update, Hub.attach

    def spied_update(*args: Any) -> Any:
        where.append(("update", threading.current_thread().name.rstrip("_0123456789")))
        return original_update(*args)

    def spied_attach(self: Hub, *args: Any) -> None:
        where.append(("hello", threading.current_thread().name.rstrip("_0123456789")))
        original_attach(self, *args)

    monkeypatch.setattr(app_module, "_update", spied_update)
    monkeypatch.setattr(Hub, "attach", spied_attach)
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", bot_workers=0)
    with TestClient(app_module.create_app(settings)) as client:
        body = {"game": "toy", "options": {"players": 4, "rounds": 5}, "seats": [{"kind": "hotseat"}] * 4}
        created = client.post("/api/games", json=body).json()
        game_id, tokens = created["id"], created["hotseat_tokens"]
        version = 0
        while version <= 20:  # a game long enough
            update = client.get(f"/api/games/{game_id}/update", params={"since": version}).json()
            seat = update["view"]["to_move"][0]
            move = client.get(
                f"/api/games/{game_id}/update",
                params={"since": version},
                headers={"Authorization": f"Bearer {tokens[seat]}"},
            ).json()["view"]["decision"]["moves"][0]
            answer = client.post(
                f"/api/games/{game_id}/moves",
                json={"move": move, "version": version},
                headers={"Authorization": f"Bearer {tokens[seat]}"},
            )
            version = answer.json()["version"]
        where.clear()
        seat0 = {"Authorization": f"Bearer {tokens[0]}"}
        for params in ({}, {"since": 0}, {"since": version - 2}):
            assert client.get(f"/api/games/{game_id}/update", params=params, headers=seat0).status_code == 200
        for since in (0, version - 2):
            with client.websocket_connect(f"/ws/games/{game_id}") as ws:
                ws.send_json({"type": "hello", "tokens": [tokens[0]], "since": since})
                assert ws.receive_json()["type"] == "welcome"
    assert where == [
        ("update", "feldherr-read"),
        ("update", "feldherr-read"),
        ("update", "feldherr"),
        ("hello", "feldherr-read"),
        ("hello", "feldherr"),
    ], where


def test_an_analysis_keeps_its_slot_until_it_ends_whoever_waits_for_it() -> None:
    """The server takes an analysis's slot before replaying the game (``take``) and hands it to the
    analysis (``run(..., held=True)``), which gives it back when it ends or fails: a client that
    goes away while its analysis runs does not free a slot that a worker still fills."""
    from feldherr.core.match import Match
    from feldherr.core.record import GameRecord
    from feldherr.games import get_game
    from feldherr.server.analysis import Analyser, Ask
    from feldherr.server.protocol import ServerError

    game = get_game("mansfeld")
    seat = Match(game, {"players": 2}, 4).to_move()[0]
    record = GameRecord("mansfeld", {"players": 2}, 4, [])
    analyser = Analyser("medium@20i", 1, 0)
    analyser.take()
    with pytest.raises(ServerError) as busy:
        analyser.take()
    assert busy.value.rule == "server.analysis-busy"
    assert analyser.run(None, "g", record, ["", ""], Ask(0, seat, "en"), held=True)["moves"]
    analyser.take()  # given back by the analysis that held it
    with pytest.raises(ServerError):
        analyser.run(None, "g", record, ["", ""], Ask(99, seat, "en"), held=True)  # a step past the end
    analyser.take()  # given back on a refusal too
    analyser.release()
    analyser.close()


def test_a_move_over_http_is_no_larger_than_a_sockets_message(server: Server) -> None:
    """A move, an undo and an analysis request over HTTP took bodies up to 4 MiB (the limit for
    records): a 3 MB move against an old version was read, canonicalised and compared under the
    table's lock, about 4 s of a move's thread each. They now take what a socket message may hold
    (64 KiB), ``server.size`` (413) beyond, and nothing changes."""
    game_id, tokens = two_humans(server)
    huge = {"move": ["bid", "x" * 100_000], "version": 0}
    for path in (
        f"/api/games/{game_id}/moves",
        f"/api/games/{game_id}/undo",
        f"/api/games/{game_id}/analysis",
    ):
        for lang in ("en", "de"):
            response = server.http.post(path, params={"lang": lang}, json=huge, headers=bearer(tokens[0]))
            assert_one_line_error(response, 413, "server.size")
            assert "65536" in response.json()["message"]
    assert version_of(server, game_id, tokens[0]) == 0
    update = server.http.get(f"/api/games/{game_id}/update", headers=bearer(tokens[0])).json()
    if 0 in update["asked"]:
        move = update["view"]["decision"]["moves"][0]
        response = server.http.post(
            f"/api/games/{game_id}/moves", json={"move": move, "version": 0}, headers=bearer(tokens[0])
        )
        assert response.status_code == 200 and response.json()["applied"], response.text


def test_a_client_gone_in_the_middle_of_its_message_leaves_no_traceback(tmp_path: Path) -> None:
    """A body cut off by the client hanging up (a declared length, a chunked body), and a socket
    message cut off in its frame: nothing is stored, the server answers the next client, and it logs
    no traceback (starlette's ``ClientDisconnect`` from the body's stream was an "Exception in ASGI
    application" with its traceback)."""
    server = Server(tmp_path).start()
    try:
        listed = server.http.get("/api/games").json()["games"]
        start = b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        for cut in (
            start + b'Content-Length: 500\r\n\r\n{"game": "toy", "se',
            start + b'Transfer-Encoding: chunked\r\n\r\n5\r\n{"gam\r\n',
            b"POST /api/records HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n" + b" " * 40000,
        ):
            with socket.create_connection(("127.0.0.1", server.port)) as raw:
                raw.sendall(cut)
                time.sleep(0.2)  # the server is reading the body now
        with socket.create_connection(("127.0.0.1", server.port)) as raw:
            raw.sendall(
                b"GET /ws/games/x HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
            )
            assert raw.recv(100).startswith(b"HTTP/1.1 101")
            raw.sendall(b"\x81\xfe\x01\x00\x00\x00\x00\x00" + b'{"type": "hel')  # 256 bytes announced
        time.sleep(0.5)
        assert server.http.get("/api/health").status_code == 200
        assert server.http.get("/api/games").json()["games"] == listed
        logs = server.full_logs()
        assert "Traceback" not in logs and "Exception in ASGI application" not in logs, logs
    finally:
        server.stop()


INVISIBLE = [
    "\u200b",
    "\u2060\u200b\ufeff",
    "\u3164",
    "\u2800\u2800",
    "\u00ad",
    "\u0301Anna",
    "A" + "\u0301" * 30,
    "A" + ("\u0301" * 4 + "\u200d") * 7,  # a joiner between the marks: still one letter's stack
    "\u200d\u0301Anna",  # a joiner at the start: the mark is still drawn on the text before
    "\u2060\u0301Anna",
]


@pytest.mark.parametrize("name", INVISIBLE)
def test_a_name_that_shows_nothing_or_stacks_marks_is_refused(server: Server, name: str) -> None:
    """A zero-width space, a joiner, a Hangul filler, a blank Braille pattern or a soft hyphen were
    taken as a name (a seat's at creation, at the table, a position's player): every other player
    read no name at all; a combining mark at the start was drawn on the text before the name, thirty
    on one letter over the lines around it. Now each is refused as the other unprintable names are,
    in the reader's language; nothing is stored and the name stays; accents, scripts that stack two
    or three marks, and emoji with their joiners and variation selectors stay fine."""
    before = _games_count(server)
    body = {"game": "toy", "seats": [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": name}]}
    response = server.http.post("/api/games", params={"lang": "de"}, json=body)
    assert_one_line_error(response, 422, "server.seats")
    assert "Platz 2" in response.json()["message"] and "Buchstaben" in response.json()["message"]
    root = Path(__file__).resolve().parents[2]
    raw = (root / "docs" / "positions" / "mansfeld-example.json").read_text()
    position = json.loads(raw.replace('"Anna"', json.dumps(name)))
    response = server.http.post("/api/positions/import", params={"lang": "en"}, json={"position": position})
    assert_one_line_error(response, 422, "server.position")
    assert response.json()["broken"] == "core.position.name"
    assert _games_count(server) == before
    game_id, tokens = two_humans(server)
    client = Client(server, game_id, [tokens[1]], lang="de")
    client.send({"type": "name", "name": name, "id": "n"})
    error = client.until(lambda m: m["type"] == "error")
    assert error["rule"] == "server.name" and error["code"] == "bad-name" and error["id"] == "n"
    assert error["message"] == error["text"]["de"] and "Buchstaben" in error["message"]
    fine = "Nguyễn Thị Ánh 👍🏽 ❤️ 1️⃣ हिन्दी"
    client.send({"type": "name", "name": fine, "id": "ok"})
    assert client.until(lambda m: m["type"] == "ack")["named"] == fine
    client.close()
    seats = server.http.get(f"/api/games/{game_id}").json()["seats"]
    assert [s["name"] for s in seats] == ["", fine]


@pytest.mark.parametrize("options", ["[" * 5000, '{"a":' * 3000, '{"players": NaN}', '{"players": 1e999}'])
def test_the_forms_options_are_read_by_the_one_json_reader(server: Server, options: str) -> None:
    """``GET /api/positions/form/{game}?options=JSON`` parsed its query with ``json.loads`` of its
    own: options nested a few thousand deep were a ``RecursionError``, an internal error (500) with
    a traceback in the log, and the connection closed. Now they are read as every body is: no
    options, ``server.options`` (422) in the request's language."""
    response = server.http.get(
        "/api/positions/form/elgrande", params={"players": 3, "options": options, "lang": "de"}
    )
    assert_one_line_error(response, 422, "server.options")
    assert response.json()["message"] == response.json()["text"]["de"]
    assert server.http.get("/api/positions/form/elgrande", params={"players": 3}).status_code == 200
    assert_no_traceback(server)


@pytest.mark.parametrize("word", ["NaN", "Infinity", "-Infinity", "1e999", "-1e400"])
def test_nan_and_infinity_are_not_json(server: Server, word: str) -> None:
    """Python's JSON reader takes ``NaN``, ``Infinity`` and ``-Infinity`` (and reads ``1e999`` as
    infinity); JSON has none of them. A position with ``"format": NaN`` was refused with "must be 1,
    not NaN" / "nicht -Infinity" in the player's words. Now every body and socket message holding
    one is ``server.json`` (400), nothing stored and nothing moved."""
    root = Path(__file__).resolve().parents[2]
    raw = (root / "docs" / "positions" / "mansfeld-example.json").read_text()
    position = raw.replace('"format": 1', f'"format": {word}')
    assert position != raw
    before = _games_count(server)
    for path, body in (
        ("/api/positions/import", '{"position": ' + position + "}"),
        ("/api/positions", '{"position": ' + position + "}"),
        ("/api/games", '{"game": "toy", "options": {"players": ' + word + "}}"),
        ("/api/records", '{"game": "toy", "seed": ' + word + ', "moves": []}'),
    ):
        response = server.http.post(
            path, content=body, params={"lang": "de"}, headers={"content-type": "application/json"}
        )
        assert_one_line_error(response, 400, "server.json")
        assert response.json()["message"] == "Die Nachricht ist kein gültiges JSON"
    assert _games_count(server) == before
    game_id, tokens = two_humans(server)
    before_version = version_of(server, game_id, tokens[0])
    moved = server.http.post(
        f"/api/games/{game_id}/moves",
        content='{"move": ["bid", ' + word + '], "version": 0}',
        headers={"content-type": "application/json", **bearer(tokens[0])},
    )
    assert_one_line_error(moved, 400, "server.json")
    client = Client(server, game_id, [tokens[0]], lang="de")
    client.send('{"type": "move", "move": ["double", true], "version": ' + word + ', "id": "n"}')
    error = client.until(lambda m: m["type"] == "error")
    assert error["rule"] == "server.json" and error["message"] == error["text"]["de"]
    client.send({"type": "ping", "id": "alive"})
    assert client.until(lambda m: m["type"] == "pong")["id"] == "alive"
    client.close()
    assert version_of(server, game_id, tokens[0]) == before_version


def test_one_client_holds_a_bounded_number_of_sockets(tmp_path: Path) -> None:
    """One client opened a thousand sockets to a public game and said hello on each (a spectator's
    hello costs nothing): the process held them all, as many file descriptors, and every move was
    sent to each; with the common soft limit of 1024 descriptors nobody else could connect. Now a
    client (its address, as for the creation limit) holds ``--sockets-per-client`` at once: one more
    is refused with ``server.sockets`` in its language and closed (1008); another address, and the
    same one after it closed one, still gets in."""
    server = Server(tmp_path, None, None, "--sockets-per-client", "5").start()
    try:
        game_id, tokens = two_humans(server)
        url = f"{server.ws_url}/ws/games/{game_id}?lang=de"

        def hello(headers: dict[str, str] | None = None) -> tuple[Any, dict[str, Any]]:
            ws = connect(url, additional_headers=headers or {}).__enter__()
            with contextlib.suppress(ConnectionClosed):  # a refused one is told at once, then closed
                ws.send(json.dumps({"type": "hello", "tokens": []}))
            return ws, json.loads(ws.recv(timeout=10))

        held = []
        for _ in range(5):
            ws, welcome = hello()
            assert welcome["type"] == "welcome"
            held.append(ws)
        refused, error = hello()
        assert error["rule"] == "server.sockets" and error["code"] == "sockets", error
        assert error["message"] == error["text"]["de"] and "höchstens 5 gleichzeitig" in error["message"]
        with pytest.raises(ConnectionClosed):
            refused.recv(timeout=10)
        assert refused.close_code == 1008
        other, welcome = hello({"x-forwarded-for": "203.0.113.9"})  # another client
        assert welcome["type"] == "welcome"
        other.close()
        held.pop().close()
        deadline = time.time() + 10
        while True:  # its place is free once the server has seen it close
            again, answer = hello()
            if answer["type"] == "welcome" or time.time() > deadline:
                break
            again.close()
            time.sleep(0.1)
        assert answer["type"] == "welcome", answer
        for ws in [*held, again]:
            ws.close()
        time.sleep(0.5)
        player = Client(server, game_id, [tokens[0]])  # the sockets closed: their places are free
        assert player.welcome["type"] == "welcome"
        player.close()
        assert_no_traceback(server)
    finally:
        server.stop()


def raw_answer(server: Server, request_bytes: bytes) -> tuple[bytes, bytes, bytes]:
    """The server's whole answer to ``request_bytes`` sent on a socket of its own, read to the
    close (a timeout fails the test): the answer, its head and its body."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
        raw.sendall(request_bytes)
        answer = b""
        while chunk := raw.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return answer, head, body


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: \x00\x01\r\n\r\n",  # a NUL in a header
        b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 1.2.3.4\x0b\r\n\r\n",
        b"GET /api/\x00health HTTP/1.1\r\nHost: x\r\n\r\n",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 40,  # TLS spoken to plain HTTP
    ],
)
def test_bytes_that_are_no_http_request_are_refused_in_words(server: Server, request_bytes: bytes) -> None:
    """A control character in a header, a NUL in the path or a TLS greeting were answered by
    uvicorn itself: 400 with "Invalid HTTP request received." in English, as plain text. Now the
    refusal is ``server.not-http`` as JSON in both languages, as every other one, and the connection
    is closed; the server goes on."""
    answer, head, body = raw_answer(server, request_bytes)
    assert head.startswith(b"HTTP/1.1 400 "), answer
    assert b"content-type: application/json" in head.lower(), head
    refusal = json.loads(body)
    assert refusal["type"] == "error" and refusal["rule"] == "server.not-http", refusal
    assert refusal["text"]["en"] == "the request is not valid HTTP"
    assert refusal["text"]["de"] == "Die Anfrage ist kein gültiges HTTP"
    assert server.http.get("/api/health").status_code == 200
    assert_no_traceback(server)


HANDSHAKE = (
    b"GET /ws/games/abc HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
)


@pytest.mark.parametrize(
    ("request_bytes", "status", "rule", "en", "de"),
    [
        (
            HANDSHAKE + b"X-Big: " + b"a" * 9000 + b"\r\n\r\n",  # a header line over websockets' limit
            431,
            "server.headers-too-large",
            "the request's headers are too large for a game's connection: at most 128 header lines of "
            "8192 bytes each",
            "Die Kopfzeilen der Anfrage sind für eine Spielverbindung zu groß: höchstens 128 Kopfzeilen "
            "mit je 8192 Bytes",
        ),
        (
            HANDSHAKE + b"".join(b"X-H%d: 1\r\n" % i for i in range(200)) + b"\r\n",  # too many lines
            431,
            "server.headers-too-large",
            None,
            None,
        ),
        (
            HANDSHAKE.replace(b"/ws/games/abc", b"/ws/games/" + b"a" * 9000) + b"\r\n",
            414,
            "server.address-too-long",
            "the address of the request is too long for a game's connection: its first line may hold at "
            "most 8192 bytes",
            "Die Adresse der Anfrage ist für eine Spielverbindung zu lang: ihre erste Zeile darf höchstens "
            "8192 Bytes lang sein",
        ),
        # a body announced on the handshake: valid HTTP, no handshake websockets can read
        (
            HANDSHAKE + b"Content-Length: 3\r\n\r\n",
            400,
            "server.not-http",
            "the request is not valid HTTP",
            None,
        ),
    ],
)
def test_a_websocket_handshake_over_the_librarys_limits_is_refused_in_words(
    server: Server, request_bytes: bytes, status: int, rule: str, en: str | None, de: str | None
) -> None:
    """A handshake that uvicorn's HTTP parser takes but the websockets library reading it again
    refuses (a header line over 8192 bytes, over 128 header lines, a request line over 8192 bytes,
    a body) got no answer at all: the library's own English "431 Request Header Fields Too Large"
    was never sent and the connection stayed open until the client left (a descriptor held for
    good). Now it is refused at once in our words, as JSON in both languages, and closed."""
    answer, head, body = raw_answer(server, request_bytes)
    assert head.startswith(f"HTTP/1.1 {status} ".encode()), answer[:300]
    assert b"content-type: application/json" in head.lower(), head
    refusal = json.loads(body)
    assert refusal["type"] == "error" and refusal["rule"] == rule, refusal
    assert (
        refusal["text"]["en"] == (en or refusal["text"]["en"])
        and refusal["text"]["de"] != refusal["text"]["en"]
    )
    if de is not None:
        assert refusal["text"]["de"] == de
    assert b"Failed to open" not in answer and b"Too Large\r\n" not in body
    assert server.http.get("/api/health").status_code == 200
    assert_no_traceback(server)


@pytest.mark.parametrize(
    ("request_bytes", "status", "header"),
    [
        (HANDSHAKE.replace(b"GET", b"POST") + b"\r\n", 405, b"allow: get"),
        (HANDSHAKE.replace(b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n", b"") + b"\r\n", 400, None),
    ],
)
def test_a_handshake_the_websockets_library_refuses_is_refused_in_our_words(
    server: Server, request_bytes: bytes, status: int, header: bytes | None
) -> None:
    """A handshake by POST or without ``Sec-WebSocket-Key`` was refused by the websockets library
    in its English plain text ("Failed to open a WebSocket connection: ..."); now its status and
    headers stay, the body is ``server.not-websocket`` as JSON in both languages."""
    answer, head, body = raw_answer(server, request_bytes)
    assert head.startswith(f"HTTP/1.1 {status} ".encode()), answer[:300]
    assert b"content-type: application/json" in head.lower(), head
    assert header is None or header in head.lower(), head
    refusal = json.loads(body)
    assert refusal["rule"] == "server.not-websocket" and refusal["code"] == "bad-websocket", refusal
    assert refusal["text"]["de"].startswith("Diese Adresse öffnet die Verbindung eines Spiels")
    assert refusal["text"]["en"].startswith("this address opens a game's connection")
    assert b"Failed to open" not in answer
    assert_no_traceback(server)
