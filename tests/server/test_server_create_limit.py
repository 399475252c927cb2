"""The per-client limit on what stores a game over HTTP (``server.create-rate``): creating a game,
a rematch, importing a record or a position. A hostile client created thousands of public games in
a loop; now each address may ask for ``--create-burst`` at once, then one every ``--create-every``
seconds, refused with 429 in the request's language and nothing stored."""

from __future__ import annotations

import contextlib
import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from .serverutil import Server

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "positions"
TOY = {"game": "toy", "seats": [{"kind": "bot", "bot": "random"}] * 2}
QUIET = {"game": "toy", "seats": [{"kind": "hotseat"}] * 2}
"""A game nobody plays while the test runs (no bots thinking in the test's process)."""


def _stored(client: Any) -> int:
    """The games stored, each once: a bots' game can finish between the lists of running and of
    finished games and would be counted in both."""
    return len(
        {
            game["id"]
            for s in ("open", "running", "finished", "imported")
            for game in client.get("/api/games", params={"status": s}).json()["games"]
        }
    )


def _app(tmp_path: Path, every: float, burst: int) -> Any:
    from feldherr.server import app as app_module
    from feldherr.server.config import Settings

    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", bot_workers=0, create_every=every, create_burst=burst
    )
    return app_module.create_app(settings)


def test_a_burst_then_refused_in_words_with_nothing_stored(tmp_path: Path) -> None:
    """Three at once (creations and imports share them), then 429 in German or English with the
    rule's words and ``Retry-After``; nothing more stored; another address still may."""
    from fastapi.testclient import TestClient

    app = _app(tmp_path, every=600, burst=3)
    position = json.loads((EXAMPLES / "mansfeld-example.json").read_text(encoding="utf-8"))
    record = {"game": "toy", "seed": 1, "moves": []}
    with TestClient(app, client=("203.0.113.7", 4000)) as client:
        assert client.post("/api/games", json=TOY).status_code == 201
        assert client.post("/api/records", json=record).status_code == 201
        assert client.post("/api/positions/import", json={"position": position, "seed": 1}).status_code == 201
        before = _stored(client)
        assert before == 3
        for url, body in (
            ("/api/games", TOY),
            ("/api/records", record),
            ("/api/positions/import", {"position": position, "seed": 2}),
        ):
            refused = client.post(url, json=body, headers={"accept-language": "de-DE,de;q=0.9"})
            assert refused.status_code == 429, refused.text
            out = refused.json()
            assert out["rule"] == "server.create-rate" and out["code"] == "rate"
            assert out["message"] == out["text"]["de"]
            assert out["message"].startswith("Zu viele neue Spiele und Importe von deiner Adresse")
            assert "höchstens 3 auf einmal, dann eines alle 600 Sekunden" in out["message"]
            assert re.search(
                r"nichts wurde gespeichert; bitte in (59\d|600) Sekunden erneut versuchen$", out["message"]
            )
            assert "too many new games" in out["text"]["en"] and "every 600 seconds" in out["text"]["en"]
            assert 590 <= int(refused.headers["retry-after"]) <= 600
        english = client.post("/api/games?lang=en", json=TOY).json()["message"]
        assert english.startswith("too many new games and imports from your address (at most 3 at once")
        assert _stored(client) == before
    with TestClient(app, client=("198.51.100.9", 4000)) as other:  # another address: its own burst
        assert other.post("/api/games", json=TOY).status_code == 201
        assert _stored(other) == before + 1


def test_the_steady_rate_and_ipv6_networks(tmp_path: Path) -> None:
    """After the burst, one more every ``every`` seconds; the addresses of one IPv6 /64 are one
    client (a household gets the network whole), and an IPv4-mapped address is its IPv4 one. The
    steady rate's games have no bots: the bots thinking in the test's own process made each creation
    slow enough on a busy machine for the next token to come in time ([201, 201, 201])."""
    from fastapi.testclient import TestClient

    with TestClient(_app(tmp_path, every=0.5, burst=2), client=("192.0.2.5", 4000)) as client:
        assert [client.post("/api/games", json=QUIET).status_code for _ in range(3)] == [201, 201, 429]
        refused = client.post("/api/games?lang=en", json=QUIET).json()["message"]
        assert "then one every 0.5 seconds" in refused and "try again in a second" in refused
        german = client.post("/api/games?lang=de", json=QUIET).json()["message"]
        assert "dann eines alle 0,5 Sekunden" in german
        time.sleep(0.6)
        assert [client.post("/api/games", json=QUIET).status_code for _ in range(2)] == [201, 429]
    (tmp_path / "v6").mkdir()
    app = _app(tmp_path / "v6", every=600, burst=2)
    with TestClient(app, client=("2001:db8:1:2::1", 4000)) as one:
        assert [one.post("/api/games", json=TOY).status_code for _ in range(3)] == [201, 201, 429]
    with TestClient(app, client=("2001:db8:1:2:ffff::77", 4000)) as same_network:
        assert same_network.post("/api/games", json=TOY).status_code == 429
    with TestClient(app, client=("2001:db8:1:3::1", 4000)) as next_network:
        assert next_network.post("/api/games", json=TOY).status_code == 201
    with TestClient(app, client=("192.0.2.5", 4000)) as v4:
        assert [v4.post("/api/games", json=TOY).status_code for _ in range(3)] == [201, 201, 429]
    with TestClient(app, client=("::ffff:192.0.2.5", 4000)) as mapped:
        assert mapped.post("/api/games", json=TOY).status_code == 429


def test_no_limit_when_every_is_zero(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    with TestClient(_app(tmp_path, every=0, burst=1)) as client:
        assert {client.post("/api/games", json=TOY).status_code for _ in range(5)} == {201}


def test_a_real_server_limits_each_client_behind_a_proxy(tmp_path: Path) -> None:
    """``feldherr serve --create-burst 2 --create-every 600``: a client behind a reverse proxy on
    this machine is told apart by the proxy's ``X-Forwarded-For`` (uvicorn's proxy headers), a
    rematch counts as a creation, and the refusal is the same over a real process."""
    server = Server(tmp_path, None, None, "--create-burst", "2", "--create-every", "600").start()
    try:
        anna = {"x-forwarded-for": "203.0.113.1"}
        bert = {"x-forwarded-for": "203.0.113.2"}
        body = {"game": "toy", "seats": [{"kind": "hotseat"}, {"kind": "bot", "bot": "random"}]}
        first = server.http.post("/api/games", json=body, headers=anna)
        assert first.status_code == 201, first.text
        assert server.http.post("/api/games", json=TOY, headers=anna).status_code == 201
        refused = server.http.post("/api/games", json=TOY, headers=anna)
        assert refused.status_code == 429 and refused.json()["rule"] == "server.create-rate"
        assert server.http.post("/api/games", json=TOY, headers=bert).status_code == 201
        game = first.json()
        token = game["hotseat_tokens"][0]
        rematch = server.http.post(
            f"/api/games/{game['id']}/rematch", headers={**anna, "authorization": f"Bearer {token}"}
        )
        assert rematch.status_code == 429, rematch.text
        assert _stored(server.http) == 3
    finally:
        server.stop()


@pytest.mark.parametrize("flag", ["--create-burst", "--create-every"])
def test_the_flags_are_checked(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    from feldherr.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["serve", flag, "-1", "--port", "1"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {flag}: must be" in err and "Traceback" not in err


def _anna(server: Server) -> int:
    body = {**TOY, "public": False}
    return server.http.post("/api/games", json=body, headers={"x-forwarded-for": "203.0.113.1"}).status_code


def test_several_processes_on_one_redis_share_the_limit(tmp_path: Path) -> None:
    """Two processes on one Redis (and one database): a client gets the burst once, not once per
    process; the refusal comes from either. Redis gone in the middle of the run: each process
    counts on its own again (logged once), refusing nobody for it and failing no request; Redis
    back: the shared count again."""
    import redis

    from .serverutil import redis_server

    db = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    flags = ("--create-burst", "3", "--create-every", "600")
    with redis_server() as url:
        port = int(url.rsplit(":", 1)[1].split("/")[0])
        first = Server(tmp_path, db, url, *flags).start()
        second = Server(tmp_path, db, url, *flags)
        try:
            second.start()
            assert [_anna(first), _anna(second), _anna(first)] == [201, 201, 201]
            for server in (second, first):
                refused = server.http.post(
                    "/api/games?lang=de", json=TOY, headers={"x-forwarded-for": "203.0.113.1"}
                )
                assert refused.status_code == 429, refused.text
                assert refused.json()["rule"] == "server.create-rate"
                assert "höchstens 3 auf einmal" in refused.json()["message"]
                assert 590 <= int(refused.headers["retry-after"]) <= 600
            bert = second.http.post("/api/games", json=TOY, headers={"x-forwarded-for": "203.0.113.2"})
            assert bert.status_code == 201, bert.text

            with contextlib.suppress(redis.RedisError):
                redis.Redis.from_url(url).shutdown(nosave=True)
            time.sleep(0.3)
            # each process's own count: Anna's burst there is whole, nobody is refused for Redis
            assert [_anna(first) for _ in range(4)] == [201, 201, 201, 429]
            assert [_anna(second) for _ in range(4)] == [201, 201, 201, 429]
            for server in (first, second):
                logs = server.logs()
                assert logs.count("creation limit: Redis unreachable") == 1, logs
                assert "Traceback" not in logs and "server.internal" not in logs

            with redis_server(port):  # back on its address: the shared count again (a fresh bucket)
                time.sleep(5.5)  # the processes ask Redis again 5 seconds after its failure
                assert [_anna(first), _anna(second), _anna(first), _anna(second)] == [201, 201, 201, 429]
                for server in (first, second):
                    assert server.logs().count("creation limit: Redis is back") == 1
        finally:
            second.stop()
            first.stop()


def test_the_shared_bucket_refills_at_the_steady_rate() -> None:
    """The Redis bucket (the same script every process runs): two at once, then one every half
    second, the wait it names, and each address its own bucket."""
    import asyncio

    from starlette.requests import Request

    from feldherr.server.app import CreateLimit
    from feldherr.server.protocol import ServerError

    from .serverutil import redis_server, run_async

    def request(host: str) -> Request:
        return Request({"type": "http", "client": (host, 4000), "headers": []})

    async def takes(limit: CreateLimit, host: str, n: int) -> list[float]:
        """0 for each one taken, the ``Retry-After`` of each refused."""
        out: list[float] = []
        for _ in range(n):
            try:
                await limit.check(request(host))
                out.append(0)
            except ServerError as err:
                assert err.rule == "server.create-rate"
                out.append(float(err.headers["Retry-After"]))
        return out

    async def run(url: str) -> None:
        one, other = CreateLimit(0.5, 2), CreateLimit(0.5, 2)  # two processes' limits
        one.share(url)
        other.share(url)
        try:
            assert await takes(one, "192.0.2.5", 1) + await takes(other, "192.0.2.5", 2) == [0, 0, 1]
            assert await takes(other, "192.0.2.6", 1) == [0]
            await asyncio.sleep(0.6)
            assert await takes(one, "192.0.2.5", 2) == [0, 1]
            assert await takes(other, "192.0.2.5", 1) == [1]
            assert one.clients == {} and other.clients == {}  # nothing counted in the processes
        finally:
            await one.close()
            await other.close()

    with redis_server() as url:
        run_async(lambda: run(url))


def test_the_shared_bucket_takes_the_largest_limits_the_flags_allow() -> None:
    """``--create-burst 1000000000 --create-every 604800`` (both within the flags' ranges): the
    bucket's expiry, worked out in the script, became a number Redis writes as "6.048e+17", which
    ``PEXPIRE`` refused; every request was counted in its own process and the log said Redis could
    not be reached. Now the expiry is a whole number of milliseconds from Python."""
    from starlette.requests import Request

    from feldherr.server.app import CreateLimit

    from .serverutil import redis_server, run_async

    async def run(url: str) -> None:
        limit = CreateLimit(604800.0, 10**9)
        limit.share(url)
        try:
            await limit.check(Request({"type": "http", "client": ("192.0.2.7", 4000), "headers": []}))
            assert limit.clients == {}, "counted in the process, not in Redis"
        finally:
            await limit.close()

    with redis_server() as url:
        run_async(lambda: run(url))
