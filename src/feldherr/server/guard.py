"""A deadline for a connection's request headers (slow-loris).

uvicorn bounds how long a connection may sit idle between two requests (``timeout_keep_alive``),
but not how long it may take to send a request's headers: a client that sends one header line
every few seconds holds its connection, its file descriptor and its buffer for as long as it likes,
and a few hundred such clients use up the process's descriptors. :func:`guarded` wraps uvicorn's
HTTP protocol: a connection must complete a request's headers within ``seconds`` of opening and
of each response's end, or it is closed. A request being answered (however long it takes) and a
connection upgraded to a WebSocket (which has its own deadline for the hello) are not touched.

Bytes that are no HTTP request (a control character in a header, TLS spoken to plain HTTP) are
refused by uvicorn before the application sees them; the refusal is ``server.not-http`` in both
languages, as JSON like every other, not uvicorn's English text.

A WebSocket's handshake is read a second time by the websockets library, whose limits are tighter
than the HTTP parser's (at most 128 header lines of 8192 bytes each): a handshake over them was
refused by the library in its own English words ("431 Request Header Fields Too Large"), and with
uvicorn's websockets protocol (0.35 and later) that refusal was never even sent, the connection
held open until the client left. :func:`websocket_protocol` answers it in our words instead:
``server.headers-too-large`` (431), ``server.address-too-long`` (414) for a request line over the
limit, ``server.not-http`` (400) for a handshake the library cannot read, then the close; and the
library's refusal of a handshake it reads (a method other than GET, no ``Sec-WebSocket-Key``), its
status and headers kept, says ``server.not-websocket`` instead of "Failed to open a WebSocket
connection: ...".
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from feldherr.server.protocol import ServerError, error_reply


def _refusal_body(err: ServerError) -> bytes:
    """The JSON body of a refusal with ``err`` (both languages), as the protocols below write it."""
    return json.dumps(error_reply(err, None), ensure_ascii=False, separators=(",", ":")).encode()


def refusal(err: ServerError, phrase: str) -> bytes:
    """A whole HTTP response refusing with ``err`` as JSON (both languages), closing the connection."""
    body = _refusal_body(err)
    return (
        f"HTTP/1.1 {err.status} {phrase}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    ).encode() + body


NOT_HTTP = refusal(ServerError("server.not-http", 400, "bad-http"), "Bad Request")
"""The whole response refusing bytes that are no HTTP request."""


def guarded(base: type[asyncio.Protocol], seconds: float) -> type[asyncio.Protocol]:
    """``base`` (an uvicorn HTTP protocol class) with the header deadline."""

    class Guarded(base):  # type: ignore[valid-type,misc]
        _deadline: asyncio.TimerHandle | None = None
        _armed_for: Any = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None
            super().connection_lost(exc)

        def send_400_response(self, msg: str) -> None:
            """uvicorn's answer to what its parser cannot read: ``server.not-http``, then the close."""
            self.transport.write(NOT_HTTP)
            self.transport.close()

        def _arm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            self._armed_for = getattr(self, "cycle", None)
            self._deadline = asyncio.get_running_loop().call_later(seconds, self._expired)

        def _expired(self) -> None:
            self._deadline = None
            transport = getattr(self, "transport", None)
            if transport is None or transport.is_closing() or transport.get_protocol() is not self:
                return  # gone, or a WebSocket now
            cycle = getattr(self, "cycle", None)
            if cycle is not self._armed_for:
                return  # a request's headers came in time: the response's end arms the next deadline
            if cycle is not None and not getattr(cycle, "response_complete", True):
                self._arm()  # a request (a pipelined one) is being answered: never cut
                return
            transport.close()

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{base.__name__}"
    return Guarded


def websocket_protocol() -> type[asyncio.Protocol] | str:
    """uvicorn's WebSocket protocol on the websockets library (what ``ws="auto"`` picks) with a
    handshake the library refuses before the application sees it (over its limits, or unreadable)
    answered in our words; ``"auto"`` where this uvicorn has no such protocol (before 0.35)."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
        from websockets import http11
        from websockets.datastructures import Headers
        from websockets.exceptions import HeaderLineTooLong, RequestLineTooLong, TooManyHeaders
        from websockets.server import ServerProtocol
    except ImportError:  # pragma: no cover - an older uvicorn: its own protocol, its own words
        return "auto"

    class WordedServerProtocol(ServerProtocol):
        def accept(self, request: http11.Request) -> http11.Response:
            """The library's answer to a handshake, its refusal (a method other than GET, no
            ``Sec-WebSocket-Key``...) in our words: its status and headers, our body."""
            response = super().accept(request)
            if response.status_code == 101:
                return response
            body = _refusal_body(ServerError("server.not-websocket", response.status_code, "bad-websocket"))
            kept = [
                (k, v)
                for k, v in response.headers.raw_items()
                if k.lower() not in ("content-length", "content-type")
            ]
            headers = Headers(
                [*kept, ("Content-Type", "application/json"), ("Content-Length", str(len(body)))]
            )
            return http11.Response(response.status_code, response.reason_phrase, headers, body)

    class WordedWebSockets(WebSocketsSansIOProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.conn.__class__ = WordedServerProtocol  # (made by uvicorn; a subclass, no new fields)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            exc = self.conn.handshake_exc
            if exc is None or self.handshake_initiated or self.transport.is_closing():
                return  # read, or refused later (by the application, or the upgrade's own checks)
            self.conn.data_to_send()  # the library's own refusal, never sent: dropped
            if isinstance(exc, RequestLineTooLong):
                err = ServerError("server.address-too-long", 414, "too-large", size=http11.MAX_LINE_LENGTH)
                phrase = "URI Too Long"
            elif isinstance(exc, HeaderLineTooLong | TooManyHeaders):
                err = ServerError(
                    "server.headers-too-large",
                    431,
                    "too-large",
                    count=http11.MAX_NUM_HEADERS,
                    size=http11.MAX_LINE_LENGTH,
                )
                phrase = "Request Header Fields Too Large"
            else:
                err, phrase = ServerError("server.not-http", 400, "bad-http"), "Bad Request"
            self.transport.write(refusal(err, phrase))
            self.transport.close()

    WordedWebSockets.__name__ = WordedWebSockets.__qualname__ = "WordedWebSockets"
    return WordedWebSockets


__all__ = ["guarded", "refusal", "websocket_protocol"]
