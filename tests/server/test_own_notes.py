"""Our own move's note (PostgreSQL's NOTIFY comes back to the instance that made the move) can be
heard before the move pushed its version: the sockets then get that version from the store's copy,
not from a game rebuilt out of the database (a snapshot read and replayed per move, issue 14)."""
from __future__ import annotations

import pytest

from app.games import on_notify
from tests.server.follow import follow, recv_version
from tests.server.helpers import recv_view, settled_started_room, started_room


def test_a_note_of_the_version_the_store_holds_pushes_it_without_a_rebuild(quiet_client, monkeypatch):
    room, tokens = started_room(quiet_client, 1)
    gid = room["id"]
    store = quiet_client.app.state.store
    rebuilds = []
    real = store._rebuild

    async def counted(row, upto):
        rebuilds.append(upto)
        return await real(row, upto)

    monkeypatch.setattr(store, "_rebuild", counted)
    with quiet_client.websocket_connect(f"/ws/games/{gid}?token={tokens['rev1']}") as ws:
        have = recv_view(ws, 0)
        for version in range(3):
            _, game = store.cached(gid)
            seat = next(s for s in game.seats if game.legal_actions(s))
            action = next(a for a in game.legal_actions(seat) if a["type"] not in ("undo", "cancel"))
            quiet_client.portal.call(store.apply, gid, seat, version, action)  # the move, before its push
            quiet_client.portal.call(on_notify, quiet_client.app, gid, version + 1, "move")  # its note first
            have = follow(have, recv_version(ws, version + 1))
            assert have["view"] == store.cached(gid)[1].view("rev1", texts=False)
    assert rebuilds == []


def test_a_claim_heard_back_by_its_own_instance_is_an_echo_and_another_instances_is_not(quiet_client, monkeypatch):
    """A seat claimed here is handled here (the store keeps the seats, the route pushes the room):
    its room note, heard back on PostgreSQL or Redis, reads and pushes nothing again. The same note
    from another instance still makes this one read the room (issue 14: 800 claims' notes queued
    behind each other ran ~20 s into the play of 200 rooms)."""
    store = quiet_client.app.state.store
    if store.bus.kind == "local":
        pytest.skip("SQLite: the local bus brings no note back")
    changed = []
    real = store.room_changed

    async def counted(gid):
        changed.append(gid)
        await real(gid)

    monkeypatch.setattr(store, "room_changed", counted)
    room, tokens = settled_started_room(quiet_client, 2)  # returns once every claim's note was heard
    gid = room["id"]
    assert changed == []
    quiet_client.portal.call(store.bus._deliver, f"{gid} 0 room {'f' * 16}")  # another instance's claim
    quiet_client.portal.call(store.bus._deliver, f"{gid} 0 room")  # an instance of an older release
    assert changed == [gid, gid]
