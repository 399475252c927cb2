"""Who a request comes from behind reverse proxies (``feldherr.server.proxy``): ``X-Forwarded-For``
is believed from ``--trusted-proxies`` only (by default a proxy on this machine), and its client is
the right-most hop that is not a trusted proxy. A client could write its own ``X-Forwarded-For``
through a proxy that appends to it, or a proxy trusted by uvicorn's ``FORWARDED_ALLOW_IPS``, and
pass for someone else: a fresh address for each request dodged the per-client limits."""

from __future__ import annotations

import ipaddress
from pathlib import Path

import pytest

from feldherr.server.proxy import LOCAL_PROXIES, forwarded_client, parse_networks

from .serverutil import Server

TOY = {"game": "toy", "seats": [{"kind": "hotseat"}] * 2}
LOCAL = parse_networks(",".join(LOCAL_PROXIES))
CHAIN = parse_networks("127.0.0.1, ::1, 10.0.0.0/8")


@pytest.mark.parametrize(
    ("peer", "header", "networks", "client"),
    [
        ("127.0.0.1", "203.0.113.1", LOCAL, "203.0.113.1"),  # the documented nginx and Caddy set-ups
        ("::1", "203.0.113.1", LOCAL, "203.0.113.1"),
        ("::ffff:127.0.0.1", "203.0.113.1", LOCAL, "203.0.113.1"),  # a dual-stack socket
        ("127.0.0.1", None, LOCAL, "127.0.0.1"),
        ("127.0.0.1", "", LOCAL, "127.0.0.1"),
        # a client's own header, appended to by the proxy: the proxy's hop counts, not the client's
        ("127.0.0.1", "198.51.100.7, 203.0.113.1", LOCAL, "203.0.113.1"),
        # a chain of trusted proxies: past each of them to the first hop that is not one
        ("127.0.0.1", "198.51.100.7, 203.0.113.1, 10.1.2.3", CHAIN, "203.0.113.1"),
        ("127.0.0.1", "10.0.0.9, 10.1.2.3", CHAIN, "10.0.0.9"),  # all trusted: the left-most
        ("127.0.0.1", "203.0.113.1:4711, [2001:db8::1]:443", LOCAL, "2001:db8::1"),
        ("127.0.0.1", "198.51.100.7, not-an-address", LOCAL, "not-an-address"),
        # a peer that is no trusted proxy is its own client, whatever it writes
        ("203.0.113.5", "198.51.100.7", LOCAL, "203.0.113.5"),
        ("127.0.0.1", "198.51.100.7", (), "127.0.0.1"),  # --trusted-proxies none
        ("testclient", "198.51.100.7", LOCAL, "testclient"),
    ],
)
def test_the_client_is_the_right_most_untrusted_hop(
    peer: str,
    header: str | None,
    networks: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...],
    client: str,
) -> None:
    assert forwarded_client(peer, header, networks) == client


def test_only_the_last_hops_of_a_huge_header_are_read() -> None:
    """``X-Forwarded-For`` of ten million hops (20 MB, from a peer on this machine, which is
    trusted): the whole header was split and each hop stripped before the last :data:`MAX_HOPS`
    were kept, about 0.4 s of the event loop for each such request. Now only the last hops are split
    off; the client is the same."""
    import time

    header = "198.51.100.7, " + "1," * 10_000_000 + " 203.0.113.1"
    started = time.perf_counter()
    assert forwarded_client("127.0.0.1", header, LOCAL) == "203.0.113.1"
    assert time.perf_counter() - started < 0.05
    assert forwarded_client("127.0.0.1", " ," * 10_000_000, LOCAL) == "127.0.0.1"  # no hop: the peer


def test_the_trusted_proxies_are_read_as_networks() -> None:
    assert parse_networks("none") == () and parse_networks("") == ()
    assert parse_networks("10.0.0.0/8, ::1,192.168.1.7") == (
        ipaddress.ip_network("10.0.0.0/8"),
        ipaddress.ip_network("::1/128"),
        ipaddress.ip_network("192.168.1.7/32"),
    )
    with pytest.raises(ValueError, match=r"proxy\.example"):
        parse_networks("10.0.0.0/8,proxy.example")


def test_a_bad_trusted_proxies_flag_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from feldherr.cli import main

    code = main(["serve", "--trusted-proxies", "10.0.0.0/33", "--port", "1", "--lang", "en"])
    assert code != 0
    err = capsys.readouterr().err
    assert "--trusted-proxies takes addresses or networks such as 127.0.0.1,10.0.0.0/8 (or none)" in err
    assert "'10.0.0.0/33'" in err and "Traceback" not in err


def _created(server: Server, forwarded: str) -> list[int]:
    return [
        server.http.post("/api/games", json=TOY, headers={"x-forwarded-for": forwarded}).status_code
        for _ in range(2)
    ]


def test_forwarded_for_is_believed_from_trusted_proxies_only(tmp_path: Path) -> None:
    """``--trusted-proxies none``: the tests' requests come from 127.0.0.1, and what they write in
    ``X-Forwarded-For`` no longer makes them someone else; so one client gets one burst. uvicorn's
    ``FORWARDED_ALLOW_IPS`` trusts nobody either."""
    flags = ("--create-burst", "2", "--create-every", "600", "--trusted-proxies", "none")
    server = Server(tmp_path, None, None, *flags).start()
    try:
        assert _created(server, "203.0.113.1") == [201, 201]
        assert _created(server, "203.0.113.2") == [429, 429]  # the same client: 127.0.0.1
    finally:
        server.stop()


def test_a_chain_of_trusted_proxies_names_the_client_before_them(tmp_path: Path) -> None:
    """``--trusted-proxies 127.0.0.1,203.0.113.0/24``: a second proxy at 203.0.113.9 in front of
    the local one; each client is told apart by the hop before it, and a client's own header in
    front of that changes nothing."""
    flags = ("--create-burst", "2", "--create-every", "600", "--trusted-proxies", "127.0.0.1,203.0.113.0/24")
    server = Server(tmp_path, None, None, *flags).start()
    try:
        assert _created(server, "198.51.100.1, 203.0.113.9") == [201, 201]
        assert _created(server, "192.0.2.77, 198.51.100.1, 203.0.113.9") == [429, 429]  # a forged hop
        assert _created(server, "198.51.100.2, 203.0.113.9") == [201, 201]  # another client
    finally:
        server.stop()


def test_the_middleware_sets_client_and_scheme_from_trusted_proxies_only() -> None:
    """A socket behind the local TLS proxy (Caddy sends ``X-Forwarded-Proto``) is ``wss`` from its
    client; the same headers from a peer that is no trusted proxy change nothing."""
    from typing import Any

    from feldherr.server.proxy import ForwardedFor

    from .serverutil import run_async

    seen: dict[str, Any] = {}

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        seen.update(client=scope["client"], scheme=scope["scheme"])

    headers = [(b"x-forwarded-for", b"198.51.100.7, 203.0.113.1"), (b"x-forwarded-proto", b"https")]
    middleware = ForwardedFor(app)
    for peer, kind, scheme, client, now in (
        ("127.0.0.1", "websocket", "ws", "203.0.113.1", "wss"),
        ("127.0.0.1", "http", "http", "203.0.113.1", "https"),
        ("203.0.113.5", "websocket", "ws", "203.0.113.5", "ws"),
    ):
        scope = {"type": kind, "client": (peer, 5000), "scheme": scheme, "headers": headers}
        run_async(lambda scope=scope: middleware(scope, None, None))
        assert seen["client"][0] == client and seen["scheme"] == now


@pytest.mark.parametrize(
    ("forwarded", "protos", "trusted", "scheme"),
    [
        # one proxy that sets the header: its word
        ("203.0.113.1", ["https"], LOCAL_PROXIES, "https"),
        # a client's own entry, appended to by the proxy: the proxy's entry counts, not the client's
        ("203.0.113.1", ["https, http"], LOCAL_PROXIES, "http"),
        ("198.51.100.7, 203.0.113.1", ["http, https"], LOCAL_PROXIES, "https"),
        # two header lines are one list, as for X-Forwarded-For: the last line is the proxy's
        ("203.0.113.1", ["http", "https"], LOCAL_PROXIES, "https"),
        # two trusted proxies, each appending: the entry of the one the client reached
        ("198.51.100.1, 10.1.2.3", ["https, http"], ("127.0.0.1", "10.0.0.0/8"), "https"),
        ("198.51.100.1, 10.1.2.3", ["http, https, http"], ("127.0.0.1", "10.0.0.0/8"), "https"),
        # the outer proxy sets it once, the inner one passes it on: its only entry
        ("198.51.100.1, 10.1.2.3", ["https"], ("127.0.0.1", "10.0.0.0/8"), "https"),
        # 10.1.2.3 not trusted: it is the client, and the local proxy's entry counts, not its own
        ("198.51.100.1, 10.1.2.3", ["https, http"], LOCAL_PROXIES, "http"),
        # no word the server knows: the peer's own scheme
        ("203.0.113.1", ["gopher"], LOCAL_PROXIES, "http"),
        ("203.0.113.1", [], LOCAL_PROXIES, "http"),
        (None, ["https"], LOCAL_PROXIES, "https"),  # a trusted peer that names no client
    ],
)
def test_the_scheme_is_read_along_the_same_chain_of_trusted_proxies(
    forwarded: str | None, protos: list[str], trusted: tuple[str, ...], scheme: str
) -> None:
    """``X-Forwarded-Proto`` is a list that each proxy appends to, like ``X-Forwarded-For``: the
    scheme is the entry at the client's position from the right (the left-most where there are
    fewer), and every header line counts, not only the first. The server's own peer is the local
    proxy."""
    from typing import Any

    from feldherr.server.proxy import ForwardedFor

    from .serverutil import run_async

    seen: dict[str, Any] = {}

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        seen.update(scheme=scope["scheme"])

    headers = [(b"x-forwarded-for", forwarded.encode())] if forwarded is not None else []
    headers += [(b"x-forwarded-proto", proto.encode()) for proto in protos]
    middleware = ForwardedFor(app, trusted)
    for kind, before in (("http", "http"), ("websocket", "ws")):
        scope = {"type": kind, "client": ("127.0.0.1", 5000), "scheme": before, "headers": headers}
        run_async(lambda scope=scope: middleware(scope, None, None))
        assert seen["scheme"] == (scheme if kind == "http" else scheme.replace("http", "ws"))
