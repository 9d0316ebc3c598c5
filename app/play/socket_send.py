"""The hub writes a game socket's frames as directly as the server allows.

Starlette's `WebSocket.send_text` goes through its state checks and two exception-handling
wrappers (the app's and the route's) before reaching the server's `send`: about 4 us of the ~26 a
frame costs in a loaded server, six frames a move. Those layers add nothing to a text frame on an
accepted socket: accepting, closing and refusing still go through Starlette, and a send that fails
(the client left) raises from the server's `send` as it would through them (`Conn.post` and its
writer treat any failure as a closed socket).

Under uvicorn's websockets-sansio protocol, the server's `send` itself then costs ~10 us a frame
more than the transport's write (issue 14: a coroutine, an event wait, the websockets library's
frame object and its serialiser, its list of writes and a join). A server's text frame is two to
ten bytes of header before the UTF-8 text (RFC 6455 §5.2: unmasked, no extension, as this
server's sockets are: per-message deflate is off), so while the connection is open and its
transport takes writes, `text_sender` writes the frame itself in one transport write. Anything
else (the transport paused for a slow reader, a closing connection, an extension, another
server) goes through the server's `send`, which waits, raises or refuses as it always did."""
from __future__ import annotations

import asyncio

RAW_SEND = "doi.raw_send"  # the scope key under which a websocket keeps the server's `send`


class KeepSocketSend:
    """Pure ASGI middleware: a websocket's scope keeps the server's `send` (`RAW_SEND`)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            scope[RAW_SEND] = send
        await self.app(scope, receive, send)


def text_frame(data: bytes) -> bytes:
    """One final, unmasked text frame carrying `data` (RFC 6455 §5.2), as a server sends it."""
    n = len(data)
    if n < 126:
        return bytes((0x81, n)) + data
    if n < 65536:
        return b"\x81\x7e" + n.to_bytes(2, "big") + data
    return b"\x81\x7f" + n.to_bytes(8, "big") + data


def _sansio_protocol(raw):
    """The uvicorn websockets-sansio protocol behind the server's `send`, when it is one whose
    connection this module knows how to write to (and sends no extension), else None."""
    proto = getattr(raw, "__self__", None)
    conn = getattr(proto, "conn", None)
    try:
        from websockets.protocol import Protocol
    except ImportError:  # pragma: no cover - a websockets without the sans-I/O layer
        return None
    if not isinstance(conn, Protocol) or getattr(conn, "extensions", None) != []:
        return None
    if not all(hasattr(proto, a) for a in ("transport", "writable", "close_sent")):
        return None
    return proto


def text_sender(ws):
    """`send(text)` writes one text frame on `ws`: it returns None when the frame is written, or
    an awaitable that finishes the send (waiting for the socket, or raising if it is gone).

    The frame is written at once where the server's connection allows it (above); else through
    the server's own `send` where KeepSocketSend kept it; else through Starlette's (a socket made
    without the app, e.g. in a test)."""
    raw = getattr(ws, "scope", {}).get(RAW_SEND)
    if raw is None:
        return ws.send_text

    def send(text: str):
        return raw({"type": "websocket.send", "text": text})

    proto = _sansio_protocol(raw)
    if proto is None:
        return send

    from websockets.protocol import OPEN
    conn, writable = proto.conn, proto.writable

    def send_direct(text: str):
        transport = proto.transport
        if conn.state is OPEN and writable.is_set() and not proto.close_sent and not transport.is_closing():
            transport.write(text_frame(text.encode()))
            return None
        return send(text)

    return send_direct


# A client that stopped reading is closed with 1013 "Try Again Later" (the IANA WebSocket close code
# registry: the server ends the connection for a temporary condition, such as casting off a client;
# reconnecting works), not 1011 "Internal Error" (RFC 6455 §7.4.1: an unexpected condition of the
# server), which uvicorn's keepalive sent when no pong came back from behind the unread frames.
STOPPED_READING = 1013
CLOSE_LINGER = 10.0  # seconds the close frame waits behind the unread frames before the connection is cut


def fail_now(ws, code: int = STOPPED_READING, reason: str = "not reading") -> bool:
    """Close `ws` at once with `code`, without waiting for it to take its unread frames: the close
    frame goes in its transport's buffer behind them (a client that reads again gets everything and
    then the code), and the connection is cut after CLOSE_LINGER if it has not taken them by then.
    As uvicorn's keepalive ends a connection, with our code. False when the socket is not one of
    uvicorn's websockets-sansio connections (the reader's own close path ends it then)."""
    raw = getattr(ws, "scope", {}).get(RAW_SEND)
    proto = _sansio_protocol(raw) if raw is not None else None
    if proto is None:
        return False
    transport = proto.transport
    if proto.close_sent or transport.is_closing():
        return True
    proto.conn.fail(code, reason)
    transport.write(b"".join(proto.conn.data_to_send()))
    proto.close_sent = True
    transport.close()
    asyncio.get_running_loop().call_later(CLOSE_LINGER, transport.abort)
    return True

