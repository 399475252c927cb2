"""Who a request comes from behind reverse proxies: ``X-Forwarded-For`` honoured only from the
proxies the server is told to trust (``--trusted-proxies``; by default one on this machine,
127.0.0.1 and ::1, as in the nginx and Caddy set-ups of ``docs/server.md``).

A proxy appends the address it was reached from to ``X-Forwarded-For``; everything to the left of
that was written by whoever sent the request, so a client could put any address there to pass for
someone else (and dodge the per-client limits). The client is therefore the right-most address that
is not a trusted proxy: walking the header from the right, from the peer the server sees, past each
trusted hop, to the first hop that is not trusted. A request whose peer is not a trusted proxy is
taken as coming from its peer, whatever its headers say; so is its scheme.

``X-Forwarded-Proto`` (the scheme the client used, ``https`` behind a TLS proxy) is read along the
same chain: a proxy that appends to ``X-Forwarded-For`` appends the scheme it was reached by to
``X-Forwarded-Proto``, so the entry that counts is the one at the client's position, counted from
the right (the last for the client one proxy names, the second-last for the client before two
trusted proxies); what a client wrote to the left of that is ignored. Where the header has fewer
entries than that (proxies that set it once and pass it on, as Caddy or nginx's ``proxy_set_header
X-Forwarded-Proto $scheme`` in front of another trusted proxy), its left-most entry counts, written
by the first trusted proxy. Several header lines are one list, as for ``X-Forwarded-For``; an entry
other than ``http`` or ``https`` leaves the scheme as the peer's.
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
    return _client_hop(peer, forwarded, networks)[0]


def _client_hop(peer: str, forwarded: str | None, networks: tuple[Network, ...]) -> tuple[str, int]:
    """:func:`forwarded_client` and the client's position in ``forwarded`` from the right (1: the
    last entry; 1 too where the header names nobody, the trusted peer's own entry); 0 where the
    peer is not trusted."""
    if not _trusted(_address(peer), networks):
        return peer, 0
    if not forwarded:
        return peer, 1
    hops = [hop.strip() for hop in forwarded.rsplit(",", MAX_HOPS)[-MAX_HOPS:]]  # not the whole header
    client, position = peer, 1
    for i, hop in enumerate(reversed(hops), 1):
        if not hop:
            continue
        client, position = hop, i
        address = _address(hop)
        if not _trusted(address, networks):
            return (str(address) if address is not None else hop[:100]), position
    return str(_address(client) or client), position  # every hop a trusted proxy: the left-most one


def forwarded_scheme(proto: str | None, position: int) -> str | None:
    """The scheme ``X-Forwarded-Proto`` ``proto`` (its lines joined by commas) gives a client at
    ``position`` (from :func:`_client_hop`): its entry at that position from the right, the
    left-most entry where there are fewer; None where the peer is not trusted (``position`` 0),
    there is no header or that entry is neither ``http`` nor ``https``."""
    if not proto or position < 1:
        return None
    entries = proto.rsplit(",", MAX_HOPS)[-MAX_HOPS:]
    scheme = entries[-min(position, len(entries))].strip().lower()
    return scheme if scheme in ("http", "https") else None


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
                client, position = _client_hop(str(peer[0]), ", ".join(forwarded), self.networks)
                if forwarded:
                    scope["client"] = (client, 0)
                proto = [v.decode("latin-1") for k, v in scope["headers"] if k == b"x-forwarded-proto"]
                scheme = forwarded_scheme(", ".join(proto), position)
                if scheme is not None:
                    scope["scheme"] = scheme.replace("http", "ws") if scope["type"] == "websocket" else scheme
        await self.app(scope, receive, send)
