"""The websocket hub: which sockets watch which game, and pushing each its own seat's view.

After a change the hub computes one view per distinct seat watching (soviet, rev1.., spectator,
admin) and sends it to every socket of that seat. Views are filtered by the engine; a socket only
ever receives the view of the seat its token proved (DESIGN §5).
"""
from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field

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
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, payload: str) -> bool:
        try:
            async with self.lock:
                await asyncio.wait_for(self.ws.send_text(payload), SEND_TIMEOUT)
            return True
        except Exception:  # a dead or stuck socket: the reader loop will clean it up
            return False


class Hub:
    def __init__(self):
        self.conns: dict[str, set[Conn]] = {}

    def add(self, conn: Conn) -> None:
        self.conns.setdefault(conn.game_id, set()).add(conn)

    def remove(self, conn: Conn) -> None:
        group = self.conns.get(conn.game_id)
        if group:
            group.discard(conn)
            if not group:
                del self.conns[conn.game_id]

    def count(self) -> int:
        return sum(len(g) for g in self.conns.values())

    def watching(self, game_id: str) -> bool:
        return bool(self.conns.get(game_id))

    async def push_views(self, game_id: str, version: int, status: str, seats: list[dict], game: Game) -> None:
        group = list(self.conns.get(game_id, ()))
        if not group:
            return
        payloads: dict[str, str] = {}
        for conn in group:
            if conn.seat not in payloads:
                payloads[conn.seat] = view_message(game, conn.seat, version, status, seats)
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
