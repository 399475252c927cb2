"""Redis that hangs in the middle of a run (a paused process, a network that drops its packets):
the moves go on at once, without the notices to the other processes, which catch up from the
database as they do for a lost notice."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

from .serverutil import Server, redis_server


def _move(server: Server, game_id: str, tokens: list[str]) -> float:
    """One move of the seat asked now; the seconds its acknowledgement took."""
    for token in tokens:
        auth = {"Authorization": f"Bearer {token}"}
        update = server.http.get(f"/api/games/{game_id}/update", headers=auth).json()
        if update["view"]["decision"]:
            body = {"move": update["view"]["decision"]["moves"][0], "version": update["version"]}
            start = time.monotonic()
            response = server.http.post(f"/api/games/{game_id}/moves", json=body, headers=auth)
            assert response.status_code == 200 and response.json()["applied"], response.text
            return time.monotonic() - start
    raise AssertionError("nobody is asked")


def test_a_hung_redis_holds_no_move_up(tmp_path: Path) -> None:
    """Every move told the other processes on Redis under its table's lock, waiting as long as
    Redis's client lets it: 5 seconds a move while Redis hung, for everyone at every table. Now a
    notice waits half a second at most, none is tried for 2 seconds after that, and the loss and the
    return are logged once each."""
    import redis

    with redis_server() as url:
        server = Server(tmp_path, None, url).start()
        bus = redis.Redis.from_url(url)
        try:
            created = server.create("toy", [{"kind": "hotseat"}, {"kind": "hotseat"}], seed=3)
            tokens = created["hotseat_tokens"]
            assert _move(server, created["id"], tokens) < 2  # Redis answers
            bus.client_pause(10_000, all=False)  # a notice (a write) waits 10 seconds: a hung Redis
            try:
                first = _move(server, created["id"], tokens)
                second = _move(server, created["id"], tokens)
            finally:
                bus.client_unpause()
            assert first < 3 and second < 1.5, (first, second)
            time.sleep(2.2)  # no notice is tried for 2 seconds after a failed one
            assert _move(server, created["id"], tokens) < 2
            logs = server.full_logs()
            assert logs.count("redis publish failed") == 1 and logs.count("redis publish works again") == 1, (
                logs
            )
            assert "Traceback" not in logs
        finally:
            bus.close()
            server.stop()


def test_redis_gone_and_back_is_logged_once_each(tmp_path: Path) -> None:
    """Redis gone for a while: the process's listener tried again every half second and logged
    each try ("redis listener: ConnectionError(...)", two lines a second for as long as Redis was
    away). Now it says so once, and once when it listens again; the moves go on meanwhile, and a
    notice no process of ours wrote is skipped with a line of its own."""
    import redis

    with redis_server() as url:
        port = int(url.rsplit(":", 1)[1].split("/")[0])
        server = Server(tmp_path, None, url).start()
        try:
            created = server.create("toy", [{"kind": "hotseat"}, {"kind": "hotseat"}], seed=3)
            tokens = created["hotseat_tokens"]
            with contextlib.suppress(redis.RedisError):
                redis.Redis.from_url(url).shutdown(nosave=True)
            time.sleep(3)
            assert _move(server, created["id"], tokens) < 2
            assert server.full_logs().count("redis listener lost") == 1
            with redis_server(port):
                deadline = time.time() + 20
                while "redis listener works again" not in server.full_logs():
                    assert time.time() < deadline, server.full_logs()
                    time.sleep(0.2)
                bus = redis.Redis.from_url(url)
                bus.publish("feldherr:game:" + created["id"], "not ours")
                bus.close()
                deadline = time.time() + 10
                while "a notice it cannot read" not in server.full_logs():
                    assert time.time() < deadline
                    time.sleep(0.2)
                assert _move(server, created["id"], tokens) < 2
                logs = server.full_logs()
                assert (
                    logs.count("redis listener lost") == 1 and logs.count("redis listener works again") == 1
                )
                assert "Traceback" not in logs
        finally:
            server.stop()
