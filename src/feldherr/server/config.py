"""Server settings and where the default database lives."""

from __future__ import annotations

import ipaddress
import os
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

from feldherr.server.proxy import LOCAL_PROXIES


def data_dir() -> Path:
    """The user's data directory for feldherr (XDG on Linux, the usual places elsewhere);
    ``FELDHERR_DATA`` overrides it."""
    override = os.environ.get("FELDHERR_DATA")
    if override:
        return Path(override)
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", home / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "feldherr"


def default_db_url() -> str:
    return f"sqlite:///{data_dir() / 'server.sqlite3'}"


def normalize_db_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 (the driver the server extra installs)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


WILDCARDS = ("0.0.0.0", "::", "")


def lan_address() -> str | None:
    """This machine's address on its local network (the one its default route leaves from), or
    None. Nothing is sent: connecting a UDP socket only picks the route."""
    for family, target in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 9))
                address = str(probe.getsockname()[0])
        except OSError:
            continue
        if not ipaddress.ip_address(address).is_loopback:
            return address
    return None


def check_public_url(url: str) -> str:
    """A ``--public-url`` as given (http or https, a host, no query or fragment), without its
    trailing slash; ValueError otherwise."""
    from urllib.parse import urlsplit

    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ValueError(f"--public-url must be an http:// or https:// address, not {url[:80]!r}")
    return url.strip().rstrip("/")


def public_url_for(host: str, port: int, given: str | None = None) -> str | None:
    """The address a friend can reach: ``given`` (``--public-url``) if any; else, when the server
    listens on every interface, this machine's LAN address; else None (the server is reachable only
    where it listens: its own address, e.g. 127.0.0.1, is all a friend could be told)."""
    if given:
        return check_public_url(given)
    if host in WILDCARDS:
        address = lan_address()
        if address is not None:
            shown = f"[{address}]" if ":" in address else address
            return f"http://{shown}:{port}"
    return None


@dataclass
class Settings:
    """What ``feldherr serve`` can be told; the defaults suit one person's machine."""

    db_url: str
    redis_url: str | None = None
    absent_after: float = 60.0
    """Seconds a human seat may owe a decision while nobody holds it before a bot plays for it
    (negative: never)."""
    absent_bot: str | None = None
    """The bot that plays for an absent seat (default: ``heuristic`` where the game has one)."""
    snapshot_every: int = 50
    """Store the state as JSON every this many moves, so a restart need not replay everything."""
    bot_delay: float = 0.0
    """Seconds between two bot moves (lets people follow the bots' play)."""
    max_message: int = 64 * 1024
    """Largest WebSocket message accepted (bytes); a larger one is answered ``server.size``, then
    the socket is closed ..."""
    max_frame: int = 128 * 1024
    """... up to this size; a message larger still is cut off by the WebSocket layer (close code 1009
    without the error message, so that no connection can make the server buffer more: a client
    that trickles a message in holds at most this much; it was 1 MiB, a gigabyte for a thousand
    such clients)."""
    max_body: int = 4 * 1024 * 1024
    """Largest HTTP request body accepted (bytes; a record import is the biggest)."""
    rate: float = 20.0
    """Messages per second a connection may send on average ..."""
    burst: int = 60
    """... and at once."""
    create_burst: int = 20
    """New games (created, rematches) and imports (records, positions) a client may ask for at once
    (its address: an IPv4 address, an IPv6 /64) ..."""
    create_every: float = 10.0
    """... then one every this many seconds (``server.create-rate``, 429); 0: no limit."""
    workers: int = 8
    """Threads for database work (off the event loop)."""
    bot_workers: int | None = None
    """Worker processes the bots think in (None: one per core; 0: in this process, on threads, for
    debugging only: a thinking bot then competes with the server for its interpreter)."""
    readers: int = 2
    """Threads for long read-only work: replays, records, positions, imports."""
    drivers: int = 32
    """Threads that hand bot decisions to the workers and wait for them."""
    analysis_bot: str = "hard@2s"
    """The search the analysis board runs (``POST /api/games/{id}/analysis``): a search bot with a
    time or iteration budget, so that every analysis ends."""
    analysis_slots: int = 2
    """Analyses that may run at once (on the bot workers); one more is refused as busy."""
    public_url: str | None = None
    """The address a friend can reach (``--public-url``, or the LAN address when serving on every
    interface): invite links use it, ``GET /api/server`` tells the client."""
    register: tuple[str, ...] = ()
    """Extra games (``NAME=module:Class``) registered in this process: the workers register them too."""
    fixed_seeds: bool = False
    """Take a creator's seed (and a position's hidden parts) for a game between several people too
    (tests, research): the creator can then know what the others cannot see."""
    unload_after: float = 60.0
    """Seconds a finished game (or one nobody has joined) stays loaded after its last change while
    no connection and no bot uses it; then it is read from the database again when needed."""
    slow_client: float = 10.0
    """Seconds a connection may take to send its request's headers (HTTP) or its hello (WebSocket)
    before it is closed, so that connections that only trickle cannot pile up (slow-loris)."""
    sockets_per_client: int = 100
    """Sockets one client (its address, as for the creation limit) may hold open in this process at
    once; one more is refused with ``server.sockets`` and closed (code 1008), so that one client
    cannot use up the process's file descriptors (a soft limit of 1024 is common). 0: no limit."""
    trusted_proxies: tuple[str, ...] = LOCAL_PROXIES
    """Addresses and networks (CIDR) of the reverse proxies whose ``X-Forwarded-For`` is believed
    (``--trusted-proxies``; by default one on this machine): the client is the right-most address
    in it that is no trusted proxy (:mod:`feldherr.server.proxy`); a request from anywhere else is
    its peer's, whatever it says."""
    queue_limit: int = 500
    """Messages waiting for a slow connection before it is dropped (the client reconnects)."""
