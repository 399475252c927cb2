"""Helpers for the server tests: real ``feldherr serve`` processes, WebSocket clients that check
every message they receive, and the services (PostgreSQL, Redis) started on temporary directories."""

from __future__ import annotations

import contextlib
import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from feldherr.core.match import Match
from feldherr.core.record import GameRecord
from feldherr.games import get_game

ROOT = Path(__file__).resolve().parents[2]
CORE_TESTS = ROOT / "tests" / "core"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """One ``feldherr serve`` process (the toy game registered)."""

    def __init__(self, workdir: Path, db: str | None = None, redis: str | None = None, *extra: str) -> None:
        self.workdir = workdir
        self.db = db or f"sqlite:///{workdir / 'server.sqlite3'}"
        self.redis = redis
        self.extra = extra
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        self.http = httpx.Client(base_url=self.url, timeout=30)
        self.starts = 0
        self.prefix: list[str] = []  # e.g. ["taskset", "-c", "0"]: run the server pinned
        self.fixed_seeds = True  # the tests' games are reproducible (--fixed-seeds)

    def start(self) -> Server:
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(CORE_TESTS), os.environ.get("PYTHONPATH", "")]),
        }
        args = [
            *self.prefix,
            sys.executable,
            "-m",
            "feldherr.cli",
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.db,
            "--register",
            "toy=toygame:ToyGame",
            *(["--fixed-seeds"] if self.fixed_seeds else []),
            # the tests create many games from one address; test_server_create_limit.py sets one
            *([] if "--create-every" in self.extra else ["--create-every", "0"]),
            # ... and the load benchmark opens hundreds of sockets from it
            *([] if "--sockets-per-client" in self.extra else ["--sockets-per-client", "0"]),
            *self.extra,
        ]
        if self.redis:
            args += ["--redis", self.redis]
        self.starts += 1
        log = open(self.workdir / f"server-{self.port}-{self.starts}.log", "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(args, env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.time() + 90  # a loaded machine (many test processes) starts it slowly
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.logs()}")
            with contextlib.suppress(httpx.HTTPError):
                if self.http.get("/api/health").status_code == 200:
                    return self
            time.sleep(0.1)
        self.kill()  # not left running: the fixture that called start() never reaches its stop()
        raise RuntimeError(f"server did not start: {self.logs()}")

    def logs(self) -> str:
        return "\n".join(
            p.read_text(errors="replace")[-3000:] for p in self.workdir.glob(f"server-{self.port}-*.log")
        )

    def full_logs(self) -> str:
        """Everything every start of this server wrote (:meth:`logs` keeps only each one's end)."""
        logs = sorted(self.workdir.glob(f"server-{self.port}-*.log"))
        return "\n".join(p.read_text(errors="replace") for p in logs)

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.http.close()

    def create(
        self, game: str = "toy", seats: list[dict[str, Any]] | None = None, **body: Any
    ) -> dict[str, Any]:
        response = self.http.post("/api/games", json={"game": game, "seats": seats, **body})
        assert response.status_code == 201, response.text
        return dict(response.json())

    def wait_status(self, game_id: str, status: str, timeout: float = 60) -> dict[str, Any]:
        deadline = time.time() + timeout
        while time.time() < deadline:
            info = dict(self.http.get(f"/api/games/{game_id}").json())
            if info["status"] == status:
                return info
            time.sleep(0.1)
        raise AssertionError(f"game {game_id} not {status}: {info}")


Check = Callable[[dict[str, Any]], None]


class Client:
    """A WebSocket client of one game; every message it receives goes through the checks."""

    def __init__(
        self,
        server: Server,
        game_id: str,
        tokens: list[str],
        lang: str = "en",
        since: Any = None,
        checks: list[Check] | None = None,
    ) -> None:
        self.game_id = game_id
        self.ws: ClientConnection = connect(f"{server.ws_url}/ws/games/{game_id}", max_size=2**24).__enter__()
        self.checks = checks if checks is not None else []
        self.messages: list[dict[str, Any]] = []
        self.updates: list[dict[str, Any]] = []
        self.acks: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.tokens = tokens
        self.send({"type": "hello", "tokens": tokens, "lang": lang, "since": since})
        self.welcome = self.recv()
        self.seats: list[int] = self.welcome.get("seats", [])

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = 30) -> dict[str, Any]:
        message = json.loads(self.ws.recv(timeout=timeout))
        self.messages.append(message)
        for check in self.checks:
            check(message)
        kind = message["type"]
        if kind == "update":
            self.updates.append(message)
        elif kind == "ack":
            self.acks.append(message)
        elif kind == "error":
            self.errors.append(message)
        return dict(message)

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 30) -> dict[str, Any]:
        deadline = time.time() + timeout
        while True:
            message = self.recv(max(0.1, deadline - time.time()))
            if pred(message):
                return message

    def play(
        self,
        pick: Callable[[list[Any], dict[str, Any]], Any] | None = None,
        stop_after: int | None = None,
        timeout: float = 60,
        backlog: list[dict[str, Any]] | None = None,
    ) -> dict[str, Any] | None:
        """Answer every update that asks one of our seats (the first legal move unless ``pick``
        says otherwise) until the game ends (returns the final update) or ``stop_after`` moves
        were acknowledged (returns None). ``backlog``: messages received already, handled first."""
        deadline = time.time() + timeout
        done = 0
        pending = list(backlog or [])
        ended: set[int | None] = set()
        sent: dict[str, dict[str, Any]] = {}
        while time.time() < deadline:
            message = pending.pop(0) if pending else self.recv(max(0.1, deadline - time.time()))
            if message["type"] == "update":
                if "outcome" in message:
                    ended.add(message["seat"])
                    if ended >= set(self.seats or [None]):
                        return message
                    continue
                view = message["view"]
                assert view["decision"] is None or "moves" in view["decision"], "the view envelope"
                if message["seat"] in message["asked"] and view["decision"]:
                    moves = view["decision"]["moves"]
                    move = pick(moves, message) if pick else moves[0]
                    msg_id = f"{message['seat']}@{message['version']}"
                    sent[msg_id] = {
                        "type": "move",
                        "seat": message["seat"],
                        "move": move,
                        "version": message["version"],
                        "id": msg_id,
                    }
                    self.send(sent[msg_id])
            elif message["type"] == "ack":
                done += message["applied"]
                if stop_after is not None and done >= stop_after:
                    return None
            elif message["type"] == "error" and message["code"] == "rate" and message.get("id") in sent:
                time.sleep(0.2)  # the server's rate limit: wait, then send the move again
                self.send(sent[message["id"]])
            elif message["type"] == "error":
                assert message["code"] in ("stale", "not-your-turn"), message
        raise AssertionError("the game did not end in time")

    def close(self) -> None:
        self.ws.close()


def secret_check(seats: list[int] | None) -> Check:
    """Every update is for one of ``seats`` (None: a spectator), its view is that seat's, and its
    log holds only entries that seat may read."""
    allowed = set(seats) if seats else {None}

    def check(message: dict[str, Any]) -> None:
        if message["type"] != "update":
            return
        seat = message["seat"]
        assert seat in allowed, message
        assert message["view"]["seat"] == seat
        for item in message["log"]:
            assert item["entry"].get("to") in (None, seat), item
            assert isinstance(item["text"], str)

    return check


def assert_views_exact(server: Server, client: Client) -> None:
    """Replay the finished game's record: every view the client received is exactly what its seat
    could see at that version (so nothing else leaked), and its log deltas add up to the seat's log."""
    record = GameRecord.from_json(server.http.get(f"/api/games/{client.game_id}/record").json())
    game = get_game(record.game)
    by_version: dict[int, list[dict[str, Any]]] = {}
    for update in client.updates:
        by_version.setdefault(update["version"], []).append(update)
    match = Match(game, record.options, record.seed)

    def compare(version: int) -> None:
        for update in by_version.get(version, []):
            assert update["view"] == json.loads(json.dumps(match.view(update["seat"]))), version

    compare(0)
    for seat, move in record.moves:
        match.submit(seat, move)
        compare(match.version)
    for seat in client.seats or [None]:
        got = [item["entry"] for u in client.updates if u["seat"] == seat for item in u["log"]]
        want = [item["entry"] for item in match.log_since(seat)]
        assert got == json.loads(json.dumps(want))


# -- services ---------------------------------------------------------------------------------------
def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def _as_postgres(args: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return args
    runner = shutil.which("runuser")
    return [runner, "-u", "postgres", "--", *args] if runner else ["su", "postgres", "-c", " ".join(args)]


@contextlib.contextmanager
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL server on a temporary directory; yields its URL."""
    bindir = _pg_bin()
    if bindir is None:
        raise FileNotFoundError("PostgreSQL is not installed (bash scripts/services.sh)")
    root = Path(tempfile.mkdtemp(prefix="feldherr-pg-"))
    data = root / "data"
    port = free_port()
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
    root.chmod(0o755)
    try:
        subprocess.run(
            _as_postgres(
                [str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "feldherr", "--no-sync"]
            ),
            check=True,
            capture_output=True,
        )
        options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        subprocess.run(
            _as_postgres(
                [
                    str(bindir / "pg_ctl"),
                    "-D",
                    str(data),
                    "-o",
                    options,
                    "-w",
                    "-l",
                    str(root / "log"),
                    "start",
                ]
            ),
            check=True,
            capture_output=True,
        )
        import psycopg

        with psycopg.connect(f"postgresql://feldherr@127.0.0.1:{port}/postgres", autocommit=True) as conn:
            conn.execute("CREATE DATABASE feldherr")
        yield f"postgresql://feldherr@127.0.0.1:{port}/feldherr"
    finally:
        subprocess.run(
            _as_postgres([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
            capture_output=True,
        )
        shutil.rmtree(root, ignore_errors=True)


@contextlib.contextmanager
def redis_server(port: int | None = None) -> Iterator[str]:
    """A throwaway Redis on a temporary directory (on ``port``: one started again where another
    was); yields its URL."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise FileNotFoundError("redis-server is not installed (bash scripts/services.sh)")
    port = port or free_port()
    root = Path(tempfile.mkdtemp(prefix="feldherr-redis-"))
    proc = subprocess.Popen(
        [
            binary,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(root),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        import redis

        client = redis.Redis(port=port)
        for _ in range(100):
            with contextlib.suppress(redis.ConnectionError):
                client.ping()
                break
            time.sleep(0.05)
        client.close()
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)
        shutil.rmtree(root, ignore_errors=True)


def run_async(coroutine: Callable[[], Coroutine[Any, Any, Any]], timeout: float = 60) -> Any:
    """``asyncio.run(coroutine())`` in a thread of its own, its result or its exception here: a
    browser test run earlier by the same pytest worker may hold a running event loop in this
    thread (Playwright's sync API), where ``asyncio.run`` refuses to start."""
    import asyncio

    done: list[Any] = []
    failed: list[BaseException] = []

    def in_thread() -> None:
        try:
            done.append(asyncio.run(coroutine()))
        except BaseException as err:  # re-raised below, in the test's thread
            failed.append(err)

    thread = threading.Thread(target=in_thread)
    thread.start()
    thread.join(timeout)
    assert not thread.is_alive(), f"the coroutine did not end within {timeout} s"
    if failed:
        raise failed[0]
    return done[0]
