"""Who a request comes from behind reverse proxies: ``X-Forwarded-For`` honoured only from the
proxies the server is told to trust (``--trusted-proxies``; by default one on this machine,
127.0.0.1 and ::1, as in the nginx and Caddy set-ups of ``docs/server.md``).

A proxy appends the address it was reached from to ``X-Forwarded-For``; everything to the left of
that was written by whoever sent the request, so a client could put any address there to pass for
someone else (and dodge the per-client limits). The client is therefore the right-most address that
is not a trusted proxy: walking the header from the right, from the peer the server sees, past each
trusted hop, to the first hop that is not trusted. A request whose peer is not a trusted proxy is
taken as coming from its peer, whatever its headers say; so is its scheme (``X-Forwarded-Proto``).
uvicorn's own proxy headers (and its ``FORWARDED_ALLOW_IPS``) are switched off by ``feldherr
serve``: this is the one place that reads these headers."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import Any

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address

LOCAL_PROXIES = ("127.0.0.1", "::1")
"""The proxies trusted unless ``--trusted-proxies`` says otherwise: one on this machine."""

MAX_HOPS = 32
"""Hops of ``X-Forwarded-For`` read at most (from the right): a longer chain is a client's doing."""


def parse_networks(text: str) -> tuple[Network, ...]:
    """``--trusted-proxies``: addresses and CIDR networks separated by commas (``10.0.0.0/8,
    ::1``); ``none`` (or nothing) trusts no proxy. ValueError naming the first entry that is
    neither."""
    if text.strip().lower() in ("", "none"):
        return ()
    out = []
    for item in text.split(","):
        entry = item.strip()
        try:
            out.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            raise ValueError(entry[:60]) from None
    return tuple(out)


def _address(text: str) -> Address | None:
    """A hop of ``X-Forwarded-For`` as an address (a port after it, ``1.2.3.4:80`` or
    ``[::1]:80``, dropped; an IPv4-mapped IPv6 address as its IPv4 one), else None."""
    text = text.strip()
    if text.startswith("[") and "]" in text:
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:
        text = text.split(":", 1)[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _trusted(address: Address | None, networks: Iterable[Network]) -> bool:
    return address is not None and any(address in network for network in networks)


def forwarded_client(peer: str, forwarded: str | None, networks: tuple[Network, ...]) -> str:
    """The client of a request that reached the server from ``peer`` with ``X-Forwarded-For``
    ``forwarded`` (its lines joined by commas; None: no header): the right-most hop that is not a
    trusted proxy, the peer itself when the peer is not trusted or names nobody. A hop that is no
    address is not trusted, and so is the client (as written, for the limits to count it by)."""
    if not forwarded or not _trusted(_address(peer), networks):
        return peer
    hops = [hop.strip() for hop in forwarded.rsplit(",", MAX_HOPS)[-MAX_HOPS:]]  # not the whole header
    client = peer
    for hop in reversed(hops):
        if not hop:
            continue
        client = hop
        address = _address(hop)
        if not _trusted(address, networks):
            return str(address) if address is not None else hop[:100]
    return str(_address(client) or client)  # every hop a trusted proxy: the left-most one


class ForwardedFor:
    """ASGI middleware: each HTTP request's and socket's ``client`` (and scheme) as
    :func:`forwarded_client` finds it, for everything that reads ``request.client``."""

    def __init__(self, app: Any, trusted: Iterable[str] = LOCAL_PROXIES) -> None:
        self.app = app
        self.networks = tuple(ipaddress.ip_network(item, strict=False) for item in trusted)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket") and self.networks:
            peer = scope.get("client")
            if peer is not None and _trusted(_address(str(peer[0])), self.networks):
                scope = dict(scope)
                forwarded = [v.decode("latin-1") for k, v in scope["headers"] if k == b"x-forwarded-for"]
                if forwarded:
                    scope["client"] = (forwarded_client(str(peer[0]), ", ".join(forwarded), self.networks), 0)
                proto = next((v for k, v in scope["headers"] if k == b"x-forwarded-proto"), None)
                scheme = proto.decode("latin-1").strip().lower() if proto is not None else ""
                if scheme in ("http", "https"):
                    scope["scheme"] = scheme.replace("http", "ws") if scope["type"] == "websocket" else scheme
        await self.app(scope, receive, send)
