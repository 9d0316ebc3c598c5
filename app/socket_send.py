"""The hub writes a game socket's frames with the server's own ASGI `send`.

Starlette's `WebSocket.send_text` goes through its state checks and two exception-handling
wrappers (the app's and the route's) before reaching the server's `send`: about 4 us of the ~26 a
frame costs in a loaded server, six frames a move. Those layers add nothing to a text frame on an
accepted socket: accepting, closing and refusing still go through Starlette, and a send that fails
(the client left) raises from the server's `send` as it would through them (`Conn.post` and its
writer treat any failure as a closed socket)."""
from __future__ import annotations

RAW_SEND = "doi.raw_send"  # the scope key under which a websocket keeps the server's `send`


class KeepSocketSend:
    """Pure ASGI middleware: a websocket's scope keeps the server's `send` (`RAW_SEND`)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            scope[RAW_SEND] = send
        await self.app(scope, receive, send)


def text_sender(ws):
    """`send(text)` -> an awaitable writing one text frame on `ws`: the server's own `send` where
    KeepSocketSend kept it, else Starlette's (a socket made without the app, e.g. in a test)."""
    raw = getattr(ws, "scope", {}).get(RAW_SEND)
    if raw is None:
        return ws.send_text

    def send(text: str):
        return raw({"type": "websocket.send", "text": text})
    return send
