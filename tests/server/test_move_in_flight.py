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


def test_a_row_read_before_a_move_never_turns_the_cached_game_back(client):
    """A socket joining read the room's row (version N), then a move to N+1 committed and was pushed
    to the sockets already there, then the join loaded the game for its row: that rebuilt version N
    and replaced the cached N+1, so the join's check for moves it missed saw nothing newer, and that
    socket stayed at N while the game waited for its player (seen in bench.bot_rooms, 1 room in 200).
    The join still gets version N, to catch up from; the cache keeps N+1."""
    room, _ = started_room(client)
    gid = room["id"]
    store = client.app.state.store

    async def join_racing_a_move():
        row = await store.row(gid)  # the join's read, before the move
        version, game = store.cached(gid)
        seat = game.active_seats()[0]
        action = next(a for a in game.legal_actions(seat) if a["type"] != "undo")
        await store.apply(gid, seat, version, action)
        loaded_row, loaded = await store.load(gid, row)
        return row.version, loaded_row.version, loaded.move_count, store.cached(gid)[0]

    read, joined, moves, cached = client.portal.call(join_racing_a_move)
    assert (joined, moves) == (read, read)  # the join sees the version of its row ...
    assert cached == read + 1  # ... and the store keeps the move, so the join's catch-up pushes it
