#!/usr/bin/env python3
"""The server's load benchmark, reproducibly: start the server(s), run `feldherr loadtest`, stop.

    .venv/bin/python scripts/loadtest.py sqlite [SECONDS [THINK]]    one process on SQLite
    .venv/bin/python scripts/loadtest.py postgres [SECONDS [THINK]]  two processes on PostgreSQL + Redis

THINK (seconds, default 0) is how long each scripted player waits before it answers, like a
person at the table; 0 plays as fast as the server answers (a saturation test).

Both: 100 concurrent games of the toy game (2 scripted clients + 1 random bot each, 5 rounds, each
finished game followed by its rematch) and 200 spectator sockets: 400 WebSockets. Results go to
stdout and to loadtest-<mode>.json. PostgreSQL and Redis are started on temporary directories
(bash scripts/services.sh installs them).
"""

from __future__ import annotations

import contextlib
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
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        work = Path(tmp)
        if mode == "sqlite":
            servers = [Server(work, None, None, "--absent-after", "-1").start()]
        elif mode == "postgres":
            pg = stack.enter_context(postgres())
            redis = stack.enter_context(redis_server())
            servers = [Server(work, pg, redis, "--absent-after", "-1").start() for _ in range(2)]
        else:
            raise SystemExit(f"mode is sqlite or postgres, not {mode!r}")
        try:
            urls = [arg for s in servers for arg in ("--url", s.url)]
            command = [
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
