"""After any change to a room: push fresh views to every socket watching it."""
from __future__ import annotations

from engine import Game

from ..rooms import seat_infos


async def push_game(app, gid: str, version: int | None = None, game: Game | None = None) -> None:
    hub = app.state.hub
    if not hub.watching(gid):
        return
    store = app.state.store
    row, loaded = await store.load(gid)
    game = loaded if game is None or version != row.version else game
    await hub.push_views(gid, row.version, row.status, seat_infos(await store.seats(gid)), game)
