#!/usr/bin/env python3
"""The server's load benchmark, reproducibly: start the server(s), run `feldherr loadtest`, stop.

    .venv/bin/python scripts/loadtest.py sqlite [SECONDS [THINK]]    one process on SQLite
    .venv/bin/python scripts/loadtest.py postgres [SECONDS [THINK]]  two processes on PostgreSQL + Redis
    .venv/bin/python scripts/loadtest.py real-sqlite [SECONDS]        the real games, one process
    .venv/bin/python scripts/loadtest.py real-postgres [SECONDS]      the real games, two processes

THINK (seconds, default 0) is how long each scripted player waits before it answers, like a
person at the table; 0 plays as fast as the server answers (a saturation test).

Both: 100 concurrent games of the toy game (2 scripted clients + 1 random bot each, 5 rounds, each
finished game followed by its rematch) and 200 spectator sockets: 400 WebSockets. Results go to
stdout and to loadtest-<mode>.json. PostgreSQL and Redis are started on temporary directories
(bash scripts/services.sh installs them).

The real-game modes: 100 concurrent games cycling through Wallenstein (4 seats), El Grande (4)
and Mansfeld (2-4 seats, drawn), half the seats scripted clients that think 1-3 s (drawn, seeded)
and pick a random legal move, the others ``medium`` bots; 200 spectators. With two or more cores
the server(s) and their bot workers run on core 0 and the load client on core 1 (``taskset``);
PostgreSQL and Redis are not pinned.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "core"))

from tests.server.serverutil import Server, postgres, redis_server  # noqa: E402


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "sqlite"
    seconds = sys.argv[2] if len(sys.argv) > 2 else "180"
    think = sys.argv[3] if len(sys.argv) > 3 else "0"
    real = mode.startswith("real-")
    base = mode.removeprefix("real-")
    pin = shutil.which("taskset") is not None and (os.cpu_count() or 1) >= 2
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        work = Path(tmp)
        if base == "sqlite":
            servers = [Server(work, None, None, "--absent-after", "-1")]
        elif base == "postgres":
            pg = stack.enter_context(postgres())
            redis = stack.enter_context(redis_server())
            # two processes: one bot worker each, as many bot workers in all as the one SQLite process has
            workers = ("--bot-workers", "1") if real else ()
            servers = [Server(work, pg, redis, "--absent-after", "-1", *workers) for _ in range(2)]
        else:
            raise SystemExit(f"mode is sqlite, postgres, real-sqlite or real-postgres, not {mode!r}")
        for server in servers:
            server.prefix = ["taskset", "-c", "0"] if pin else []
            server.start()
        try:
            urls = [arg for s in servers for arg in ("--url", s.url)]
            client = ["taskset", "-c", "1"] if pin else []
            if real:
                command = [
                    *client,
                    sys.executable,
                    "-m",
                    "feldherr.cli",
                    "loadtest",
                    *urls,
                    "--mix",
                    "real",
                    "--bot",
                    "medium",
                    "--games",
                    "100",
                    "--watchers",
                    "200",
                    "--seconds",
                    seconds,
                    "--think",
                    "1",
                    "3",
                    "--seed",
                    "1",
                    "--json",
                    str(ROOT / f"loadtest-{mode}.json"),
                ]
                return subprocess.run(command, check=False).returncode
            command = [
                *client,
                sys.executable,
                "-m",
                "feldherr.cli",
                "loadtest",
                *urls,
                "--games",
                "100",
                "--players",
                "2",
                "--bots",
                "1",
                "--watchers",
                "200",
                "--seconds",
                seconds,
                "--think",
                think,
                "--options",
                '{"rounds": 5}',
                "--json",
                str(ROOT / f"loadtest-{mode}.json"),
            ]
            return subprocess.run(command, check=False).returncode
        finally:
            for server in servers:
                server.stop()


if __name__ == "__main__":
    raise SystemExit(main())
