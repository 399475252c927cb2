"""Ray on a cluster (issue 24): ``simulate`` and ``tournament`` take ``--ray auto|local|ADDRESS``,
join a running cluster without asking for resources, and report a cluster that cannot be reached
or refuses the driver's authentication as one line (exit 2, never "internal error").

The two-node test starts a real cluster on this machine (``ray start --head`` and one worker
``ray start --address``), as the recipe of docs/cli.md ("Ray on a cluster") does, and stops
exactly the processes it started (by their ids). It skips, saying why, when the cluster cannot
start within its time budget."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from feldherr.cli import main
from feldherr.sim import backends
from feldherr.sim.backends import RayUnavailable, connect_ray

pytestmark = pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed")

STARTUP_BUDGET = float(os.environ.get("FELDHERR_RAY_STARTUP", "60"))
"""Seconds the two ``ray start`` may take together; beyond it the cluster test skips
(``FELDHERR_RAY_STARTUP`` raises it for a run on a busy machine)."""


class _Refused(Exception):
    pass


def _failing_init(exc: BaseException) -> Any:
    def init(*args: Any, **kwargs: Any) -> None:
        assert "num_cpus" not in kwargs or kwargs.get("address") == "local", "resources asked of a cluster"
        raise exc

    return init


def test_connection_errors_are_one_clear_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import ray

    monkeypatch.setattr(backends, "probe_cluster", lambda ray, address: None)  # ray.init's own failure
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(
        ray, "init", _failing_init(ConnectionError("Could not find any running Ray instance"))
    )
    with pytest.raises(RayUnavailable, match=r"cannot join the Ray cluster at 10\.0\.0\.9:6379"):
        connect_ray("10.0.0.9:6379", 2)
    for command in (
        ["simulate", "mansfeld", "--games", "2", "--quiet", "--ray", "10.0.0.9:6379"],
        ["tournament", "mansfeld", "--bots", "random,random", "--games", "2", "--quiet", "--no-plot",
         "--ray", "10.0.0.9:6379"],
    ):  # fmt: skip
        assert main(command) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "cannot join the Ray cluster at 10.0.0.9:6379" in err
        assert "internal error" not in err and "Traceback" not in err


def test_authentication_errors_name_the_token(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import ray

    auth = getattr(ray.exceptions, "AuthenticationError", _Refused)
    try:
        refused = auth("RPC error: InvalidAuthToken: Authentication token is missing or incorrect.")
    except TypeError:  # a Ray whose error takes other arguments
        refused = _Refused("RPC error: InvalidAuthToken: Authentication token is missing or incorrect.")
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", _failing_init(refused))
    code = main(["simulate", "mansfeld", "--games", "2", "--quiet", "--ray", "auto"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert "refused this driver's authentication" in err and "RAY_AUTH_TOKEN" in err
    assert "internal error" not in err


def _recording_init(calls: list[dict[str, Any]]) -> Any:
    """A ``ray.init`` that records its calls: a cluster is never found, a local Ray always starts."""

    def init(*args: Any, **kwargs: Any) -> None:
        calls.append(kwargs)
        if kwargs.get("address") != "local":
            raise ConnectionError("Failed to connect to Ray cluster")

    return init


def test_a_port_where_nothing_answers_is_one_line_at_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """ray.init would retry a closed port for minutes, a line a second: the port is tried first."""
    import ray

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", _recording_init(calls))
    address = f"127.0.0.1:{_free_port()}"
    start = time.monotonic()
    with pytest.raises(RayUnavailable, match=rf"cluster at {address}: nothing answers there"):
        connect_ray(address, 1)
    assert main(["simulate", "mansfeld", "--games", "2", "--quiet", "--ray", address]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"cannot join the Ray cluster at {address}: nothing answers" in err
    assert calls == [] and time.monotonic() - start < backends.PROBE_SECONDS


def test_auto_with_ray_address_joins_that_cluster_or_fails(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """RAY_ADDRESS names the cluster: auto must not run the games on a local Ray instead."""
    import ray

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", _recording_init(calls))
    address = f"127.0.0.1:{_free_port()}"
    monkeypatch.setenv("RAY_ADDRESS", address)
    with pytest.raises(RayUnavailable, match=rf"cannot join the Ray cluster at {address}"):
        connect_ray("auto", 1)
    monkeypatch.setattr(backends, "probe_cluster", lambda ray, address: None)  # ray.init's own failure
    with pytest.raises(RayUnavailable, match=rf"cannot join the Ray cluster at {address}: ConnectionError"):
        connect_ray("auto", 1)
    assert all(call.get("address") != "local" for call in calls)
    monkeypatch.delenv("RAY_ADDRESS")
    connect_ray("auto", 1)  # no cluster named, none found: a local Ray
    assert calls[-1]["address"] == "local"


def test_a_refused_token_is_named_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cluster that refuses the driver's token: named by Ray's own client of the cluster's
    control service at once (ray.init retries for 20 s, then says only that it failed)."""
    import types

    import ray

    auth = getattr(ray.exceptions, "AuthenticationError", None)
    if auth is None:
        pytest.skip("this Ray has no token authentication")
    asked: list[tuple[Any, ...]] = []

    def standalone(*args: Any) -> None:
        asked.append(args)
        raise auth("RPC error: InvalidAuthToken: Authentication token is missing or incorrect.")

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", _recording_init(calls))
    monkeypatch.setattr(
        ray, "_raylet", types.SimpleNamespace(InnerGcsClient=types.SimpleNamespace(standalone=standalone)),
        raising=False,
    )  # fmt: skip
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        address = f"127.0.0.1:{listening.getsockname()[1]}"
        with pytest.raises(RayUnavailable, match="refused this driver's authentication") as refused:
            connect_ray(address, 1)
    assert "RAY_AUTH_MODE=token" in str(refused.value) and "RAY_AUTH_TOKEN" in str(refused.value)
    assert asked and asked[0][0] == address and calls == []


def test_backend_ray_is_a_deprecated_alias_of_ray_auto(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import ray

    seen: list[dict[str, Any]] = []

    def init(*args: Any, **kwargs: Any) -> None:
        seen.append(kwargs)
        raise ConnectionError("no cluster")

    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", init)
    code = main(["simulate", "mansfeld", "--games", "2", "--quiet", "--backend", "ray"])
    err = capsys.readouterr().err
    assert "--backend ray is deprecated" in err
    # auto: first joins a running cluster without resources, then starts a local Ray (refused here too)
    assert seen[0] == {"address": "auto", "log_to_driver": False}
    assert seen[1]["address"] == "local" and code == 2


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _ours(marker: str) -> list[int]:
    """The ids of the processes whose command line names our cluster's directory."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if marker in cmdline and int(entry.name) != os.getpid():
            pids.append(int(entry.name))
    return pids


@pytest.fixture
def two_node_cluster() -> Iterator[tuple[str, dict[str, str]]]:
    """(address, the environment of a driver with the cluster's token): a head and one worker
    node with token authentication (a fresh token in ``RAY_AUTH_TOKEN``; no file is written)."""
    ray_cli = shutil.which("ray", path=str(Path(sys.executable).parent)) or shutil.which("ray")
    if ray_cli is None:
        pytest.skip("the ray command is not installed")
    temp = tempfile.mkdtemp(prefix="feldherr-ray-")
    port = _free_port()
    address = f"127.0.0.1:{port}"
    env = {
        **os.environ,
        "RAY_USAGE_STATS_ENABLED": "0",
        "RAY_AUTH_MODE": "token",
        "RAY_AUTH_TOKEN": secrets.token_hex(32),
    }
    env.pop("RAY_ADDRESS", None)
    common = ["--num-cpus=1", "--disable-usage-stats", "--node-ip-address=127.0.0.1"]  # loopback only
    start = time.monotonic()
    try:
        head = [
            ray_cli,
            "start",
            "--head",
            f"--port={port}",
            "--include-dashboard=false",
            f"--temp-dir={temp}",
        ]
        worker = [ray_cli, "start", f"--address={address}"]
        for command in (head + common, worker + common):
            left = STARTUP_BUDGET - (time.monotonic() - start)
            try:
                done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=max(left, 1))
            except subprocess.TimeoutExpired:
                pytest.skip(
                    f"the two-node Ray cluster did not start within {STARTUP_BUDGET:.0f} s (busy machine)"
                )
            if done.returncode != 0:
                last = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["?"]
                pytest.skip(f"ray start failed on this machine: {last[0][:200]}")
        yield address, env
    finally:
        for pid in _ours(temp):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
        time.sleep(1)
        for pid in _ours(temp):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        shutil.rmtree(temp, ignore_errors=True)


@pytest.mark.slow
def test_simulate_and_tournament_join_a_two_node_cluster(
    two_node_cluster: tuple[str, dict[str, str]],
) -> None:
    """The recipe of docs/cli.md: the driver joins the cluster by its address (no resources
    passed, the cluster's token in its environment) and gets the same results as one local
    process; without the token it gets one line naming the authentication."""
    address, env = two_node_cluster
    base = [sys.executable, "-m", "feldherr.cli"]
    args = ["mansfeld", "--players", "2", "--games", "6", "--seed", "3", "--quiet", "--json"]
    local = subprocess.run([*base, "simulate", *args], env=env, capture_output=True, text=True, timeout=120)
    on_cluster = subprocess.run(
        [*base, "simulate", *args, "--jobs", "2", "--ray", address],
        env=env, capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    assert on_cluster.returncode == 0, on_cluster.stderr
    assert json.loads(on_cluster.stdout)["digest"] == json.loads(local.stdout)["digest"]
    with_address = {**env, "RAY_ADDRESS": address}  # the failure: RAY_ADDRESS with --jobs 2
    tour = subprocess.run(
        [*base, "tournament", "mansfeld", "--bots", "random,heuristic", "--games", "4", "--quiet", "--json",
         "--no-plot", "--jobs", "2", "--ray", "auto"],
        env=with_address, capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    assert tour.returncode == 0, tour.stderr
    assert json.loads(tour.stdout)["games"] == 4
    stranger = {**env, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": "0" * 64}
    refused = subprocess.run(
        [*base, "simulate", *args, "--ray", address],
        env=stranger,
        capture_output=True,
        text=True,
        timeout=180,
    )
    # one line, naming the authentication (before ray.init, which would retry for 20 s)
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.count("\n") == 1, refused.stderr
    assert refused.stderr.startswith(f"feldherr: error: cannot join the Ray cluster at {address}")
    assert "refused this driver's authentication" in refused.stderr


@pytest.mark.parametrize("command", ["simulate", "tournament"])
@pytest.mark.parametrize("address", ["foo", "foo:abc"])
def test_a_text_that_is_no_address_is_one_line_without_a_bar(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: str, address: str
) -> None:
    """`--ray foo` said Ray's "ValueError: Invalid address format: foo", after a progress bar that
    had started (twice) before the cluster was joined."""
    import ray

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", _recording_init(calls))
    extra = ["--bots", "random,random", "--no-plot"] if command == "tournament" else ["--players", "2"]
    assert main([command, "mansfeld", *extra, "--games", "2", "--ray", address]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"feldherr: error: cannot join the Ray cluster at {address}: that is not a cluster address "
        "(HOST:PORT; or auto, or local)\n"
    )
    assert calls == []
