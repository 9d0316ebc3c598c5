"""After any change to a room: push fresh views to every socket watching it."""
from __future__ import annotations

from engine import Game

from ..rooms import seat_infos


async def push_game(app, gid: str, version: int | None = None, game: Game | None = None) -> None:
    hub = app.state.hub
    if not hub.watching(gid):
        return
    store = app.state.store
    if game is not None and version is not None:
        # Right after our own move: no need to read the room back.
        status = "finished" if game.result else "active"
        await hub.push_views(gid, version, status, seat_infos(await store.seats(gid)), game)
        return
    row, game = await store.load(gid)
    await hub.push_views(gid, row.version, row.status, seat_infos(await store.seats(gid)), game)
