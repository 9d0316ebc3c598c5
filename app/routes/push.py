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


async def on_notify(app, gid: str, version: int, kind: str) -> None:
    """A change announced by any instance (ourselves included) on the PostgreSQL channel."""
    hub, store = app.state.hub, app.state.store
    if kind == "room":
        store.forget(gid)
        await push_game(app, gid)
        return
    if not hub.watching(gid):
        cached = store._cache.get(gid)
        if cached and cached[0] < version:
            store.forget(gid)  # stale copy: reload on next use
        return
    seats = seat_infos(await store.seats(gid))

    async def push(v: int, game: Game) -> None:
        await hub.push_views(gid, v, "finished" if game.result else "active", seats, game)

    await store.catch_up(gid, version, push)


async def catch_up_watched(app) -> None:
    """After the bus was away (its notes in the meantime are lost): bring every game this instance
    has sockets on up to the database's version, pushing each missed version in order."""
    from ..store import StoreError

    for gid in list(app.state.hub.conns):
        try:
            row = await app.state.store.row(gid)
        except StoreError:  # deleted meanwhile
            continue
        await on_notify(app, gid, row.version, "move")

