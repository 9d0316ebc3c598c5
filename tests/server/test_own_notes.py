"""Our own move's note (PostgreSQL's NOTIFY comes back to the instance that made the move) can be
heard before the move pushed its version: the sockets then get that version from the store's copy,
not from a game rebuilt out of the database (a snapshot read and replayed per move, issue 14)."""
from __future__ import annotations

from app.games import on_notify
from tests.server.follow import follow, recv_version
from tests.server.helpers import recv_view, started_room


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
