"""WS /ws/games/{id}: live per-seat views, moves and chat (DESIGN §3)."""
from __future__ import annotations

import asyncio
import json
import logging
import time

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from engine import IllegalAction

from ..hub import Conn, view_message
from ..rooms import seat_infos
from ..schemas import ActionMessage, ChatMessage, PingMessage
from ..security import ADMIN_COOKIE, ADMIN_MAX_AGE
from ..store import Stale, StoreError
from .push import push_game

router = APIRouter()
log = logging.getLogger("doi.ws")
MESSAGES = {"action": ActionMessage, "chat": ChatMessage, "ping": PingMessage}


def error(message: str, code: str = "invalid") -> str:
    return json.dumps({"type": "error", "message": message, "code": code})


@router.websocket("/ws/games/{gid}")
async def game_socket(ws: WebSocket, gid: str, token: str | None = None, admin: bool = False):
    app = ws.app
    store, hub, settings = app.state.store, app.state.hub, app.state.settings
    await ws.accept()
    try:
        seat = await store.seat_for_token(gid, token)
        row, game = await store.load(gid)
    except StoreError as e:
        await ws.send_text(error(e.message, e.code))
        await ws.close(code=4404 if e.status == 404 else 4403)
        return
    if admin:
        data = app.state.signer.loads(ws.cookies.get(ADMIN_COOKIE), max_age=ADMIN_MAX_AGE)
        if not data or "admin" not in data:
            await ws.send_text(error("Admin login required.", "unauthorized"))
            await ws.close(code=4403)
            return
        seat = "admin"
    seats = await store.seats(gid)
    name = next((s.name for s in seats if s.seat == seat), None) or ("admin" if seat == "admin" else "spectator")
    conn = Conn(ws=ws, game_id=gid, seat=seat or "spectator", name=name, tokens=float(settings.message_burst),
                last_refill=time.monotonic())
    hub.add(conn)
    conn.start()
    try:
        conn.sent_version = row.version
        await conn.send(view_message(game, conn.seat, row.version, row.status, seat_infos(seats)))
        for c in await store.recent_chat(gid):
            await conn.send(json.dumps({"type": "chat", "seat": c.seat, "name": c.name, "text": c.text,
                                        "at": c.at.isoformat()}))
        while True:
            try:
                async with asyncio.timeout(settings.idle_timeout):
                    text = await ws.receive_text()
            except TimeoutError:
                conn.post(error("Closed after a long silence: reconnect to continue.", "idle"))
                await conn.close(4408)
                break
            if not allow(conn, settings):
                app.state.metrics.errors.labels("rate_limited").inc()
                await conn.send(error("Too many messages: slow down.", "rate_limited"))
                continue
            await handle(app, conn, text, settings.max_message_bytes)
    except WebSocketDisconnect:
        pass
    finally:
        hub.remove(conn)
        await conn.stop()


def allow(conn: Conn, settings) -> bool:
    """Token bucket: `messages_per_second` sustained, bursts up to `message_burst`."""
    now = time.monotonic()
    conn.tokens = min(float(settings.message_burst), conn.tokens + (now - conn.last_refill) * settings.messages_per_second)
    conn.last_refill = now
    if conn.tokens < 1:
        return False
    conn.tokens -= 1
    return True


async def handle(app, conn: Conn, text: str, max_bytes: int) -> None:
    store = app.state.store
    if len(text.encode()) > max_bytes:
        await conn.send(error(f"Message too large (limit {max_bytes} bytes).", "too_large"))
        return
    try:
        raw = json.loads(text)
    except ValueError:
        await conn.send(error("Messages must be JSON objects."))
        return
    kind = raw.get("type") if isinstance(raw, dict) else None
    model = MESSAGES.get(kind) if isinstance(kind, str) else None
    if model is None:
        await conn.send(error("Unknown message type: use 'action', 'chat' or 'ping'."))
        return
    try:
        msg = model.model_validate(raw)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        await conn.send(error(f"Invalid '{kind}' message: {where}: {first['msg']}."))
        return
    if isinstance(msg, PingMessage):
        await conn.send(json.dumps({"type": "pong"}))
    elif isinstance(msg, ChatMessage):
        if conn.seat in ("spectator",):
            await conn.send(error("Spectators cannot chat at the table.", "forbidden"))
            return
        row = await store.add_chat(conn.game_id, conn.seat, conn.name, msg.text)
        await app.state.hub.broadcast(conn.game_id, {"type": "chat", "seat": row.seat, "name": row.name,
                                                     "text": row.text, "at": row.at.isoformat()})
    else:
        await act(app, conn, msg)


async def act(app, conn: Conn, msg: ActionMessage) -> None:
    store = app.state.store
    if conn.seat in ("spectator", "admin"):
        await conn.send(error("Spectators cannot act.", "forbidden"))
        return
    metrics = app.state.metrics
    started = time.perf_counter()
    try:
        version, game = await store.apply(conn.game_id, conn.seat, msg.version, msg.action)
    except Stale as e:
        metrics.errors.labels("stale").inc()
        await conn.send(error(e.message, "stale"))
        await resend(app, conn)
        return
    except IllegalAction as e:
        metrics.errors.labels("illegal").inc()
        log.info("illegal move", extra={"game_id": conn.game_id, "seat": conn.seat, "reason": e.reason})
        await conn.send(error(e.reason, "illegal"))
        return
    except StoreError as e:
        metrics.errors.labels(e.code).inc()
        await conn.send(error(e.message, e.code))
        return
    await push_game(app, conn.game_id, version, game)
    metrics.moves.inc()
    metrics.move_seconds.observe(time.perf_counter() - started)
    log.info("move", extra={"game_id": conn.game_id, "seat": conn.seat, "version": version,
                            "action": msg.action.get("type")})


async def resend(app, conn: Conn) -> None:
    store = app.state.store
    row, game = await store.load(conn.game_id)
    conn.sent_version = row.version
    await conn.send(view_message(game, conn.seat, row.version, row.status, seat_infos(await store.seats(conn.game_id))))
