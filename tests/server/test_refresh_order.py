"""A socket never gets an older version after a newer one (DESIGN §5), also when a version is pushed
while the server prepares a stale refusal's or a sync's full view: after a stale move the store
reads the seats again, and a move landing during that read used to be followed by the older view
(seen with two instances and double submits: versions 29, 30, 29, 30)."""
from __future__ import annotations

import asyncio

import pytest

from app.play.games import make_move, refresh, resend
from tests.server.helpers import recv_until, recv_view, started_room


def _move_during_the_seat_read(client, gid: str, answering):
    """The next `store.seats` call of the task `answering()` names first lets another move land
    (and be pushed), as a move of another instance does while the seats are read. (Only that
    task's: on PostgreSQL the last claim's room note, heard back, may still be reading the seats.)"""
    app, store = client.app, client.app.state.store
    real = store.seats
    fired = []

    async def seats(g):
        if not fired and asyncio.current_task() is answering():
            fired.append(1)
            _, game = store.cached(gid)
            seat = game.active_seats()[0]
            await make_move(app, gid, seat, 0, game.legal_actions(seat)[0])
        return await real(g)

    store.seats = seats
    return lambda: setattr(store, "seats", real)


def _versions_until_pong(ws) -> list[int]:
    ws.send_json({"type": "ping"})
    got = []
    while (m := recv_until(ws, lambda m: m["type"] in ("view", "patch", "pong")))["type"] != "pong":
        got.append(m["version"])
    return got


@pytest.mark.parametrize("answer", [refresh, resend], ids=["stale_refusal", "sync"])
def test_a_version_pushed_while_a_refusal_or_sync_is_answered_comes_last(client, answer):
    """A stale refusal (`refresh`) and a `sync` (`resend`) both read the seats before posting:
    a move landing during that read reaches the socket after, never before, the older view."""
    room, tokens = started_room(client, 1)
    gid = room["id"]
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens['rev1']}") as ws:
        recv_view(ws, 0)
        conn = next(c for c in client.app.state.hub.conns[gid] if c.seat == "rev1")
        task = []

        async def answering():
            task.append(asyncio.current_task())
            await answer(client.app, conn)

        undo = _move_during_the_seat_read(client, gid, lambda: task[0] if task else None)
        try:
            client.portal.call(answering)
        finally:
            undo()
        got = _versions_until_pong(ws)
        assert got == sorted(got) and got[-1] == 1, got  # version 1, and no view of 0 after it
