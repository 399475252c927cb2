"""Where the games of a batch run: this process, local worker processes, or a Ray cluster.

A backend turns (job, game indices, job count) into per-game summaries **in index order**; that
order, together with the per-game seeds, is what makes a batch independent of how it was run.
Add a backend by writing a class with ``run`` and entering it in :data:`BACKENDS`.
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import os
import signal
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

from feldherr.core.errors import OptionError
from feldherr.sim.jobs import GameSummary, Job, play_one


class BackendUnavailable(OptionError):
    """The requested backend cannot run here (for instance Ray is not installed)."""


class Backend(Protocol):
    def run(self, job: Job, indices: Sequence[int], jobs: int) -> Iterator[GameSummary]:
        """Play the games ``indices`` of ``job``; yield their summaries in the order given."""
        ...


def effective_jobs(jobs: int, games: int) -> int:
    """``0`` means all cores; never more workers than games."""
    cores = os.cpu_count() or 1
    wanted = cores if jobs == 0 else jobs
    return max(1, min(wanted, games))


def chunk_size(games: int, workers: int) -> int:
    """Big enough to keep IPC cheap, small enough to balance the load and move the progress bar."""
    return max(1, min(64, games // (workers * 8)))


_WORKER_JOB: Job | None = None


def _init_worker(job: Job) -> None:
    global _WORKER_JOB
    _WORKER_JOB = job
    # Ctrl-C is the parent's business: it stops the pool; workers should not print tracebacks.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_in_worker(index: int) -> GameSummary:
    assert _WORKER_JOB is not None, "worker not initialised"
    return play_one(_WORKER_JOB, index)


class LocalBackend:
    """This process for one job, else a :mod:`multiprocessing` pool."""

    def run(self, job: Job, indices: Sequence[int], jobs: int) -> Iterator[GameSummary]:
        workers = effective_jobs(jobs, len(indices))
        if workers == 1:
            for index in indices:
                yield play_one(job, index)
            return
        with multiprocessing.get_context().Pool(workers, initializer=_init_worker, initargs=(job,)) as pool:
            yield from pool.imap(_play_in_worker, indices, chunksize=chunk_size(len(indices), workers))


def _play_chunk(job: Job, indices: Sequence[int]) -> list[GameSummary]:
    return [play_one(job, index) for index in indices]


class RayUnavailable(BackendUnavailable):
    """Ray could not be reached or refused this driver (connection, authentication): one line, in
    German too (:data:`RAY_WORDS`; what Ray or the system said stays as they said it)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, typed={"de": ray_german(message)})


RAY_WORDS: tuple[tuple[str, str], ...] = (
    ("cannot join the Ray cluster at ", "kein Beitritt zum Ray-Cluster unter "),
    ("cannot join a local Ray: ", "kein lokales Ray: "),
    ("nothing answers there (", "dort antwortet nichts ("),
    ("; is the head node started, with this port?)", "; läuft der Kopfknoten, mit diesem Port?)"),
    (
        "that is not a cluster address (HOST:PORT; or auto, or local)",
        "das ist keine Cluster-Adresse (HOST:PORT; oder auto, oder local)",
    ),
    (
        "what answers there is no Ray cluster, or not within ",
        "was dort antwortet, ist kein Ray-Cluster, oder nicht binnen ",
    ),
    (
        "it refused this driver's authentication (Ray's token authentication: set RAY_AUTH_MODE=token "
        "and the cluster's token in RAY_AUTH_TOKEN, or in ~/.ray/auth_token)",
        "er lehnt die Anmeldung dieses Treibers ab (Token-Anmeldung von Ray: RAY_AUTH_MODE=token und "
        "das Token des Clusters in RAY_AUTH_TOKEN oder in ~/.ray/auth_token setzen)",
    ),
)
"""The fixed words of the Ray refusals and their German, phrase by phrase (the addresses and what
Ray or the system answered sit between them, as they are)."""


def ray_german(message: str) -> str:
    """A Ray refusal's words in German (:data:`RAY_WORDS`)."""
    for english, german in RAY_WORDS:
        message = message.replace(english, german)
    return message


NO_RAY = (
    "--ray needs Ray, which is not installed here (pip install 'feldherr[ray]'); leave --ray (and "
    "--backend ray) out to run the games in local processes"
)
NO_RAY_DE = (
    "--ray braucht Ray, das hier nicht installiert ist (pip install 'feldherr[ray]'); ohne --ray (und "
    "--backend ray) laufen die Partien in lokalen Prozessen"
)
"""What ``--ray`` and ``--backend ray`` (``ray=``, ``backend="ray"``) say where Ray is missing."""


def connect_ray(address: str, jobs: int) -> Any:
    """Ray, initialised, for ``--ray ADDRESS``.

    ``auto`` joins the cluster of ``RAY_ADDRESS`` where it is set (that cluster or an error, never
    a local Ray instead), else one started on this machine with ``ray start``, or else starts a
    local Ray; ``local`` always starts a new local Ray with ``jobs`` CPUs (``0``: all); any other
    text is the address of a running cluster (``HOST:PORT`` or ``ray://HOST:PORT``). A cluster is
    joined without asking for resources (Ray refuses ``num_cpus`` when connecting): its workers
    bring their own, and must have feldherr and the games installed. A cluster that cannot be
    reached, or refuses the driver (Ray's token authentication: ``RAY_AUTH_MODE=token`` and
    ``RAY_AUTH_TOKEN``), raises :class:`RayUnavailable` with one line saying so, within seconds
    (:func:`probe_cluster`)."""
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError as exc:
        raise BackendUnavailable(NO_RAY, typed={"de": NO_RAY_DE}) from exc
    if ray.is_initialized():
        return ray
    if type(address) is not str or not address.strip():
        raise BackendUnavailable(
            f"--ray takes auto, local or a cluster address, not {address!r:.60}",
            typed={"de": f"--ray braucht auto, local oder eine Cluster-Adresse, nicht {address!r:.60}"},
        )
    if address != "local":
        # auto with RAY_ADDRESS names a cluster as surely as an address does: no local Ray instead
        named = address if address != "auto" else os.environ.get("RAY_ADDRESS", "").strip()
        if named:
            problem = probe_cluster(ray, named)
            if problem is not None:
                raise RayUnavailable(f"cannot join the Ray cluster at {named}: {problem}")
        try:
            ray.init(address=address, log_to_driver=False)
            return ray
        except ConnectionError as exc:
            if address != "auto" or named:
                raise RayUnavailable(_ray_failure(named or address, exc)) from exc
        except Exception as exc:  # authentication, a version mismatch, a bad address: Ray's own types
            raise RayUnavailable(_ray_failure(named or address, exc)) from exc
    # A local Ray whose workers see the modules this process sees.
    path = os.pathsep.join(p for p in sys.path if p)
    try:
        ray.init(
            address="local",
            num_cpus=None if jobs == 0 else jobs,
            _node_ip_address="127.0.0.1",  # a local Ray talks over loopback only
            log_to_driver=False,
            runtime_env={"env_vars": {"PYTHONPATH": path}},
        )
    except Exception as exc:
        raise RayUnavailable(_ray_failure("local", exc)) from exc
    return ray


PROBE_SECONDS = 10.0
"""How long :func:`probe_cluster` waits for a cluster's port, and then for its control service."""


def probe_cluster(ray: Any, address: str) -> str | None:
    """Why the Ray cluster at ``address`` (``HOST:PORT``) cannot be joined, found within seconds,
    or None where it may be (or where the address is of another form, whose trouble ``ray.init``
    names). ``ray.init`` would retry a port where nothing answers for minutes, and a cluster that
    refuses the driver's token for about 20 s, writing a line of its own every second and then
    reporting only that it failed to connect; so the port is tried first, and then Ray's own
    client of the cluster's control service (GCS), which names a refused token at once. That
    client is internal to Ray: where it is missing or answers otherwise, ``ray.init`` decides."""
    host, sep, port = address.strip().rpartition(":")
    host = host.strip("[]")
    if "://" not in address and not (sep and host and port.isdigit()):
        return "that is not a cluster address (HOST:PORT; or auto, or local)"  # Ray: "Invalid address format"
    if "://" in address:
        return None
    try:
        with socket.create_connection((host, int(port)), timeout=PROBE_SECONDS) as connection:
            peer = connection.getpeername()[0]
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
        return f"nothing answers there ({why}; is the head node started, with this port?)"
    client = getattr(getattr(getattr(ray, "_raylet", None), "InnerGcsClient", None), "standalone", None)
    exceptions = getattr(ray, "exceptions", None)
    refused: Any = getattr(exceptions, "AuthenticationError", None)
    if client is None or not isinstance(refused, type) or not issubclass(refused, BaseException):
        return None
    silent = getattr(exceptions, "RpcError", None)
    gcs = f"[{peer}]:{port}" if ":" in peer else f"{peer}:{port}"
    try:
        with _native_stderr_silenced():  # Ray's C++ client writes its own warning line
            client(gcs, None, int(PROBE_SECONDS * 1000))
    except refused as exc:
        return _refused(exc)
    except Exception as exc:  # Ray's internal client: any other failure is ray.init's to report
        if isinstance(silent, type) and isinstance(exc, silent):
            text = " ".join(str(exc).split())[:200]
            return f"what answers there is no Ray cluster, or not within {PROBE_SECONDS:.0f} s ({text})"
    return None


@contextlib.contextmanager
def _native_stderr_silenced() -> Iterator[None]:
    """File descriptor 2 (where native code writes) to the null device for the block."""
    sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:  # no standard error to silence
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _refused(exc: BaseException) -> str:
    text = " ".join(str(exc).split())[:300] or type(exc).__name__
    return (
        "it refused this driver's authentication (Ray's token authentication: set RAY_AUTH_MODE=token "
        f"and the cluster's token in RAY_AUTH_TOKEN, or in ~/.ray/auth_token): {text}"
    )


def _ray_failure(address: str, exc: BaseException) -> str:
    """One line: where, and Ray's first line of why (authentication named as such)."""
    text = " ".join(str(exc).split())[:300] or type(exc).__name__
    where = "a local Ray" if address == "local" else f"the Ray cluster at {address}"
    if "auth" in text.lower() or "token" in text.lower() or "unauthenticated" in text.lower():
        return f"cannot join {where}: {_refused(exc)}"
    return f"cannot join {where}: {type(exc).__name__}: {text}"


class RayBackend:
    """Ray tasks, one per chunk of games, on the Ray of :func:`connect_ray` (``address``: ``auto``,
    ``local`` or a cluster's address; a Ray already initialised in this process is used as it is)."""

    def __init__(self, address: str = "auto") -> None:
        self.address = address
        try:
            self.ray: Any = importlib.import_module("ray")
        except ImportError as exc:
            raise BackendUnavailable(NO_RAY, typed={"de": NO_RAY_DE}) from exc

    def run(self, job: Job, indices: Sequence[int], jobs: int) -> Iterator[GameSummary]:
        ray = connect_ray(self.address, jobs)
        workers = max(1, int(ray.available_resources().get("CPU", 1)))
        size = chunk_size(len(indices), workers)
        remote = ray.remote(_play_chunk)
        job_ref = ray.put(job)
        futures = [remote.remote(job_ref, list(indices[i : i + size])) for i in range(0, len(indices), size)]
        for future in futures:
            yield from ray.get(future)


BACKENDS: dict[str, Callable[[], Backend]] = {"local": LocalBackend, "ray": RayBackend}


def get_backend(name: str, ray: str | None = None) -> Backend:
    """The backend ``name``; ``ray`` (an address for :func:`connect_ray`) picks Ray there."""
    if ray is not None:
        return RayBackend(ray)
    if name not in BACKENDS:
        raise OptionError(f"unknown backend {name!r} (known: {', '.join(sorted(BACKENDS))})")
    return BACKENDS[name]()
