"""Our own move's note (PostgreSQL's NOTIFY comes back to the instance that made the move) can be
heard before the move pushed its version: the sockets then get that version from the store's copy,
not from a game rebuilt out of the database (a snapshot read and replayed per move, issue 14)."""
from __future__ import annotations

import pytest

from app.play.games import on_notify
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


def _first_move(game) -> tuple[str, dict]:
    seat = next(s for s in game.seats if game.legal_actions(s))
    return seat, next(a for a in game.legal_actions(seat) if a["type"] not in ("undo", "cancel"))


def test_our_own_moves_note_heard_after_its_push_reads_and_pokes_nothing(quiet_client, monkeypatch):
    """Issue 14: a move's note names the instance that made it; heard back there after the move
    pushed its version, it costs no fan-out and no second poke of the bots and clocks. The same
    note from another instance still does both."""
    import app.play.games as games

    room, tokens = settled_started_room(quiet_client, 1)
    gid = room["id"]
    store = quiet_client.app.state.store
    calls = []
    real_fan_out = games.fan_out

    async def fan_out(app, g, target, game=None):
        calls.append(("fan_out", target))
        await real_fan_out(app, g, target, game)

    monkeypatch.setattr(games, "wake_bots", lambda app, g: calls.append(("wake_bots", g)))
    with quiet_client.websocket_connect(f"/ws/games/{gid}?token={tokens['rev1']}") as ws:
        have = recv_view(ws, 0)
        seat, action = _first_move(store.cached(gid)[1])
        quiet_client.portal.call(games.make_move, quiet_client.app, gid, seat, 0, action)
        have = follow(have, recv_version(ws, 1))
        monkeypatch.setattr(games, "fan_out", fan_out)
        calls.clear()
        quiet_client.portal.call(store.bus._deliver, f"{gid} 1 move {store.bus.origin}")
        assert calls == []
        quiet_client.portal.call(store.bus._deliver, f"{gid} 1 move {'f' * 16}")  # another instance's
        assert calls == [("wake_bots", gid), ("fan_out", 1)]


def test_our_own_moves_note_pushes_a_version_the_move_did_not(quiet_client):
    """The note stays a safety net: a move committed here whose push never happened (cut short
    after its commit) reaches the sockets when its note comes back."""
    room, tokens = settled_started_room(quiet_client, 1)
    gid = room["id"]
    store = quiet_client.app.state.store
    with quiet_client.websocket_connect(f"/ws/games/{gid}?token={tokens['rev1']}") as ws:
        have = recv_view(ws, 0)
        seat, action = _first_move(store.cached(gid)[1])
        quiet_client.portal.call(store.apply, gid, seat, 0, action)  # committed, not pushed
        quiet_client.portal.call(store.bus._deliver, f"{gid} 1 move {store.bus.origin}")
        have = follow(have, recv_version(ws, 1))
        assert have["view"] == store.cached(gid)[1].view("rev1", texts=False)
