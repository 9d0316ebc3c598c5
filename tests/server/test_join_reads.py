"""A socket joining a running SQLite game opens no database connection of its own (issue 14: the
app's SQLite sessions were NullPool then, a new connection and thread each; 1,200 sockets joining made
every room's first move wait behind their reads): its token, chat and clock frame are read on the
store's kept connection, with a token in the URL or in the auth frame."""
from __future__ import annotations

import pytest

from app.infra.db import is_sqlite
from tests.server.helpers import recv_until, recv_view, started_room


def test_a_seat_joining_a_running_sqlite_game_opens_no_session(quiet_client, monkeypatch):
    store = quiet_client.app.state.store
    if not is_sqlite(store.url):
        pytest.skip("PostgreSQL sessions come from a pool")
    room, tokens = started_room(quiet_client, 2)
    gid = room["id"]
    quiet_client.portal.call(store.seats, gid)  # read once per game and instance, then kept (they never change)
    opened = []
    real = store.sessions

    def counted(*a, **kw):
        opened.append(1)
        return real(*a, **kw)

    monkeypatch.setattr(store, "sessions", counted)
    with quiet_client.websocket_connect(f"/ws/games/{gid}?token={tokens['rev1']}") as ws:
        view = recv_view(ws, 0)
        assert view["seat"] == "rev1" and view["view"]["hand"]
        ws.send_json({"type": "ping"})
        recv_until(ws, lambda m: m["type"] == "pong")  # the socket's hello (presence, clock) is done
    with quiet_client.websocket_connect(f"/ws/games/{gid}") as ws:  # the browser: the token in a frame
        recv_view(ws, 0)
        ws.send_json({"type": "auth", "token": tokens["soviet"]})
        mine = recv_until(ws, lambda m: m["type"] == "view" and m["seat"] == "soviet")
        assert mine["view"]["hand"]
        ws.send_json({"type": "ping"})
        recv_until(ws, lambda m: m["type"] == "pong")
    assert opened == []
