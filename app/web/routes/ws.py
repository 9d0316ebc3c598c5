"""WS /ws/games/{id}: live per-seat views, moves and chat (DESIGN §3)."""
from __future__ import annotations

import asyncio
import json
import logging
import time

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.websockets import WebSocketDisconnected

from app.play.games import chat_message, fan_out, make_move, refresh, resend
from app.play.hub import Conn
from app.play.rooms import GAME_ID, seat_infos
from app.play.store import Stale, StoreError
from app.seats.zombies import hello
from app.web.deps import admin_session
from app.web.origin import origin_allowed
from app.web.schemas import ActionMessage, AuthMessage, ChannelsMessage, ChatMessage, PingMessage, SyncMessage
from app.web.ws_auth import authenticate

router = APIRouter()
log = logging.getLogger("doi.ws")
MESSAGES = {"action": ActionMessage, "chat": ChatMessage, "ping": PingMessage, "auth": AuthMessage,
            "sync": SyncMessage, "channels": ChannelsMessage}
MAX_DEPTH = 16  # frames are flat objects with one nested level at most; anything deeper is refused
VIEW_MODES = ("patch", "full")  # ?views=: patches after a first full view (default), or full views only
GONE = (WebSocketDisconnect, WebSocketDisconnected, OSError)  # the client vanished


def error(message: str, code: str = "invalid") -> str:
    return json.dumps({"type": "error", "message": message, "code": code})


@router.websocket("/ws/games/{gid}")
async def game_socket(ws: WebSocket, gid: str, token: str | None = None, admin: bool = False,
                      views: str = "patch"):
    """`views`: "patch" (the default: a full view, then a JSON Patch per move) or "full" (a full
    view every time, for simple clients)."""
    try:
        await ws.accept()
        if views not in VIEW_MODES:
            await refuse(ws, "Unknown 'views' mode: use 'patch' (the default) or 'full'.", "invalid", 4400)
            return
        conn = await join(ws, gid, token, admin, patches=views == "patch")
    except GONE:
        return
    if conn is None:
        return
    app = ws.app
    try:
        cached = app.state.store.cached(gid)
        if cached and cached[0] > conn.sent_version:  # a move was pushed while this socket joined
            await fan_out(app, gid, cached[0])
        await hello(app, conn)  # app.seats.zombies: the clock frame, and the seat counts as here
        await serve(app, ws, conn)
    except GONE:
        pass
    finally:
        app.state.hub.remove(conn)
        if not app.state.hub.watching(gid):
            app.state.store.release(gid)  # a finished game nobody watches: its copy goes
        await conn.stop()


async def join(ws: WebSocket, gid: str, token: str | None, admin: bool, patches: bool = True) -> Conn | None:
    """Check the socket's origin, token or admin cookie; register it and send the current view and
    chat. None (after an error frame and a close) when it may not watch this game."""
    app = ws.app
    store, hub, settings = app.state.store, app.state.hub, app.state.settings
    if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"), settings.public_url):
        await refuse(ws, "This page's origin may not open the game socket.", "forbidden", 4403)
        return None
    try:
        if not GAME_ID.fullmatch(gid):  # also keeps NUL bytes away from PostgreSQL
            raise StoreError("No such game.", 404, "not_found")
        seat = await store.seat_for_token(gid, token)
        seats = await store.seats(gid)  # (none: no such game, said by `current` below)
        chat = await store.recent_chat(gid)
        # Last: no await between taking the game and posting its view (a move would change it).
        version, status, game = await store.current(gid)
    except StoreError as e:
        await refuse(ws, e.message, e.code, 4404 if e.status == 404 else 4403)
        return None
    if admin:
        if admin_session(app, ws.cookies) is None:
            await refuse(ws, "Admin login required.", "unauthorized", 4403)
            return None
        seat = "admin"
    name = next((s.name for s in seats if s.seat == seat), None) or ("admin" if seat == "admin" else "spectator")
    conn = Conn(ws=ws, game_id=gid, seat=seat or "spectator", name=name, tokens=float(settings.message_burst),
                last_refill=time.monotonic(), sent_version=version, patches=patches)
    hub.add(conn)  # no await from here on: the hub never holds a socket that did not get its view
    conn.post(hub.view_message(gid, game, conn.seat, version, status, seat_infos(seats)))
    for c in chat:
        if conn.reads_spectators() or c.channel != "spectators":
            conn.post(json.dumps(chat_message(c)))
    return conn


async def refuse(ws: WebSocket, message: str, code: str, close_code: int) -> None:
    await ws.send_text(error(message, code))
    await ws.close(code=close_code)


class Silence:
    """Cancels the reading task once it has waited `seconds` for a frame. One timer per silence
    rather than one armed and cancelled around every frame: `waiting` is set while the task waits
    for a frame (the loop time the wait began; 0 while a frame is handled), and when the timer
    comes due early (frames came meanwhile) it is set again for the current wait's end."""

    def __init__(self, seconds: float):
        self.loop = asyncio.get_running_loop()
        self.task = asyncio.current_task()
        self.seconds = seconds
        self.waiting = 0.0
        self.fired = False
        self.timer = self.loop.call_at(self.loop.time() + seconds, self._due)

    def _due(self) -> None:
        now = self.loop.time()
        if self.waiting and now + 0.001 >= self.waiting + self.seconds:  # (call_at may run a hair early)
            self.fired = True
            self.task.cancel()
        else:
            self.timer = self.loop.call_at((self.waiting or now) + self.seconds, self._due)

    def heard(self) -> bool:
        """After a cancel in the wait: True when it was this timer's (the socket fell silent)."""
        return self.fired and self.task.uncancel() == 0

    def stop(self) -> None:
        self.timer.cancel()


async def serve(app, ws: WebSocket, conn: Conn) -> None:
    """Read frames until the client leaves, falls silent or is closed by its writer."""
    settings = app.state.settings
    clock = asyncio.get_running_loop().time
    silence = Silence(settings.idle_timeout)
    try:
        await read_frames(app, ws, conn, settings, clock, silence)
    finally:
        silence.stop()


async def read_frames(app, ws: WebSocket, conn: Conn, settings, clock, silence: Silence) -> None:
    while True:
        silence.waiting = clock()
        try:
            frame = await ws.receive()
        except asyncio.CancelledError:
            if not silence.heard():
                raise
            conn.post(error("Closed after a long silence: reconnect to continue.", "idle"))
            await conn.close(4408)
            return
        silence.waiting = 0.0
        if frame["type"] == "websocket.disconnect":
            return
        if not allow(conn, settings):
            app.state.metrics.errors.labels("rate_limited").inc()
            conn.post(error("Too many messages: slow down.", "rate_limited"))
            continue
        text = frame.get("text")
        if text is None:
            conn.post(error("Send text frames holding JSON objects (binary frames are not read)."))
            continue
        try:
            await handle(app, conn, text, settings.max_message_bytes)
        except GONE:
            raise
        except Exception:  # a frame must never cost the socket: say so, and keep reading
            log.exception("frame failed", extra={"game_id": conn.game_id, "seat": conn.seat})
            conn.post(error("The server could not handle that message; nothing was changed.", "internal"))


def allow(conn: Conn, settings) -> bool:
    """Token bucket: `messages_per_second` sustained, bursts up to `message_burst`."""
    now = time.monotonic()
    conn.tokens = min(float(settings.message_burst), conn.tokens + (now - conn.last_refill) * settings.messages_per_second)
    conn.last_refill = now
    if conn.tokens < 1:
        return False
    conn.tokens -= 1
    return True


def too_deep(value, limit: int = MAX_DEPTH) -> bool:
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if depth > limit:
            return True
        if v.__class__ is dict:
            stack.extend((x, depth + 1) for x in v.values())
        elif v.__class__ is list:
            stack.extend((x, depth + 1) for x in v)
    return False


def quick_action(raw: dict) -> tuple[int, dict] | None:
    """A well-formed action frame's (version, action), checked as `ActionMessage` checks it (exactly
    these three fields, a JSON integer >= 0, an object) without pydantic's model: the frame of every
    move. None: let the model check it and say what is wrong."""
    if len(raw) != 3:
        return None
    version, action = raw.get("version"), raw.get("action")
    if version.__class__ is int and version >= 0 and action.__class__ is dict and raw.get("type") == "action":
        return version, action
    return None


async def handle(app, conn: Conn, text: str, max_bytes: int) -> None:
    if len(text) > max_bytes or len(text.encode()) > max_bytes:
        conn.post(error(f"Message too large (limit {max_bytes} bytes).", "too_large"))
        return
    try:
        raw = orjson.loads(text)
    except orjson.JSONDecodeError:
        conn.post(error(f"Messages must be JSON objects (UTF-8, at most {MAX_DEPTH} levels deep)."))
        return
    if text.count("{") + text.count("[") >= MAX_DEPTH and too_deep(raw):  # fewer brackets: not that deep
        conn.post(error(f"Messages must be JSON objects (UTF-8, at most {MAX_DEPTH} levels deep)."))
        return
    kind = raw.get("type") if isinstance(raw, dict) else None
    if kind == "action":
        move = quick_action(raw)
        if move is not None:
            await act(app, conn, *move)
            return
    model = MESSAGES.get(kind) if isinstance(kind, str) else None
    if model is None:
        conn.post(error("Unknown message type: use 'action', 'chat', 'channels', 'ping', 'auth' or 'sync'."))
        return
    try:
        msg = model.model_validate(raw)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        conn.post(error(f"Invalid '{kind}' message: {where}: {first['msg']}."))
        return
    if isinstance(msg, AuthMessage):
        await authenticate(app, conn, msg.token)
    elif isinstance(msg, PingMessage):
        conn.post(json.dumps({"type": "pong"}))
    elif isinstance(msg, SyncMessage):
        await resend(app, conn)
    elif isinstance(msg, ChatMessage):
        await chat(app, conn, msg)
    elif isinstance(msg, ChannelsMessage):
        await show_channels(app, conn, msg.spectators)
    else:
        await act(app, conn, msg.version, msg.action)


async def chat(app, conn: Conn, msg: ChatMessage) -> None:
    """A line in its channel: spectators write only in their own (the players' talk is the
    players'); a player or an admin in either."""
    watcher = conn.seat == "spectator"
    channel = msg.channel or ("spectators" if watcher else "players")
    if watcher and channel != "spectators":
        conn.post(error("Spectators write in the spectators' channel only.", "forbidden"))
        return
    row = await app.state.store.add_chat(conn.game_id, conn.seat, conn.name, msg.text, channel)
    await app.state.hub.broadcast_chat(conn.game_id, chat_message(row))
    if channel == "players":  # the notifier: players away who want chat notices (the watchers' talk is not news)
        for heard in app.state.listeners.chatted:
            heard(conn.game_id, conn.seat, conn.name, msg.text)


async def show_channels(app, conn: Conn, spectators: bool) -> None:
    """A player shows or hides the spectators' channel. Shown, its recent lines follow at once; the
    flag is set right after they are read, with no await before they are posted, so no line comes
    twice or out of order (one said during that read is stored, and shown on the next reload)."""
    if conn.seat in ("spectator", "admin"):
        return  # they always read it
    if not spectators:
        conn.show_spectators = False
        return
    if conn.show_spectators:
        return
    lines = await app.state.store.recent_chat(conn.game_id)
    conn.show_spectators = True
    for c in lines:
        if c.channel == "spectators":
            conn.post(json.dumps(chat_message(c)))


async def act(app, conn: Conn, version: int, action: dict) -> None:
    if conn.seat in ("spectator", "admin"):
        conn.post(error("Spectators cannot act.", "forbidden"))
        return
    try:
        await make_move(app, conn.game_id, conn.seat, version, action)
    except Stale as e:
        conn.post(error(e.message, "stale"))
        await refresh(app, conn)
    except StoreError as e:
        conn.post(error(e.message, e.code))
