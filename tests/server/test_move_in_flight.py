"""A move applied to the cached game waits for its commit with the game already a version ahead of
its label. Readers outside the game's lock (the webhook sender's turn changes, the bot driver's
look, a joining socket) took that copy for the labelled version: a webhook once said rev1's turn
began at version 3 when it began at 4. While a move is in flight the store hands out no copy of
that game, and `load` rebuilds the committed version instead."""
from __future__ import annotations

import asyncio

from tests.server.helpers import started_room


def test_no_reader_sees_a_move_before_it_commits(client):
    room, _ = started_room(client)
    gid = room["id"]
    store = client.app.state.store
    version, game = store.cached(gid)
    before = game.to_dict()
    seat = game.active_seats()[0]
    action = next(a for a in game.legal_actions(seat) if a["type"] != "undo")

    async def during_a_slow_commit():
        write = store._moves.write
        seen = {}
        held, release = asyncio.Event(), asyncio.Event()

        async def slow_write(move):
            held.set()
            await release.wait()
            return await write(move)

        store._moves.write = slow_write
        try:
            move = asyncio.create_task(store.apply(gid, seat, version, action))
            await held.wait()
            seen["cached"] = store.cached(gid)
            seen["running"] = store.running_copy(gid)
            row, loaded = await store.load(gid)
            seen["loaded"] = (row.version, loaded.to_dict())
            release.set()
            seen["applied"] = (await move)[0]
        finally:
            store._moves.write = write
        seen["after"] = store.cached(gid)[0]
        return seen

    seen = client.portal.call(during_a_slow_commit)
    assert seen["cached"] is None and seen["running"] is None
    assert seen["loaded"] == (version, before)  # the committed state, not the move in flight
    assert seen["applied"] == seen["after"] == version + 1  # the move itself went through and is cached
