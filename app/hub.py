"""The websocket hub: which sockets watch which game, and pushing each its own seat's view.

After a change the hub computes one view per distinct seat watching (soviet, rev1.., spectator,
admin) and sends it to every socket of that seat. Views are filtered by the engine; a socket only
ever receives the view of the seat its token proved (DESIGN §5).
"""
from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field

import orjson
from fastapi import WebSocket

from engine import Game

SEND_TIMEOUT = 5.0


@dataclass(eq=False)
class Conn:
    ws: WebSocket
    game_id: str
    seat: str  # a seat of the game, "spectator" or "admin"
    name: str = ""
    sent_version: int = -1
    tokens: float = 0.0       # rate limit: a token bucket refilled at the allowed message rate
    last_refill: float = 0.0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, payload: str) -> bool:
        try:
            async with self.lock:
                await asyncio.wait_for(self.ws.send_text(payload), SEND_TIMEOUT)
            return True
        except Exception:  # a dead or stuck socket: the reader loop will clean it up
            return False


class Hub:
    def __init__(self, metrics=None):
        self.conns: dict[str, set[Conn]] = {}
        self.metrics = metrics

    def add(self, conn: Conn) -> None:
        self.conns.setdefault(conn.game_id, set()).add(conn)
        if self.metrics:
            self.metrics.sockets.inc()

    def remove(self, conn: Conn) -> None:
        group = self.conns.get(conn.game_id)
        if group and conn in group:
            group.discard(conn)
            if self.metrics:
                self.metrics.sockets.dec()
            if not group:
                del self.conns[conn.game_id]

    async def close_all(self, timeout: float = 5.0) -> None:
        """Graceful shutdown: tell every client to reconnect (to this or another instance), close
        the sockets and wait for their handlers to finish."""
        conns = [c for group in self.conns.values() for c in group]
        payload = json.dumps({"type": "reconnect", "message": "The server is restarting: reconnect."})
        await asyncio.gather(*(c.send(payload) for c in conns))
        for c in conns:
            try:
                await asyncio.wait_for(c.ws.close(code=1012), 1.0)
            except Exception:
                pass
        deadline = asyncio.get_running_loop().time() + timeout
        while self.count() and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.01)

    def count(self) -> int:
        return sum(len(g) for g in self.conns.values())

    def watching(self, game_id: str) -> bool:
        return bool(self.conns.get(game_id))

    async def push_views(self, game_id: str, version: int, status: str, seats: list[dict], game: Game) -> None:
        group = list(self.conns.get(game_id, ()))
        if not group:
            return
        views = game.views({c.seat for c in group})
        payloads = {seat: orjson.dumps({"type": "view", "version": version, "status": status, "seat": seat,
                                        "seats": seats, "view": view}).decode() for seat, view in views.items()}
        await asyncio.gather(*(self._send_view(c, version, payloads[c.seat]) for c in group))

    async def _send_view(self, conn: Conn, version: int, payload: str) -> None:
        if version < conn.sent_version:
            return  # never send an older view after a newer one
        conn.sent_version = version
        await conn.send(payload)

    async def broadcast(self, game_id: str, message: dict) -> None:
        payload = json.dumps(message)
        await asyncio.gather(*(c.send(payload) for c in list(self.conns.get(game_id, ()))))


def view_message(game: Game, seat: str, version: int, status: str, seats: list[dict]) -> str:
    return json.dumps({"type": "view", "version": version, "status": status, "seat": seat, "seats": seats,
                       "view": game.view(seat)})
