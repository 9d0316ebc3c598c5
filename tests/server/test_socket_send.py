"""The hub writes game frames with the server's own ASGI `send` (app.socket_send, issue 14), past
Starlette's wrappers; what a socket receives is unchanged."""
from __future__ import annotations

from app.socket_send import RAW_SEND, text_sender
from tests.server.follow import follow, recv_version
from tests.server.helpers import auth, recv_view, run_async, settled_started_room


def test_a_game_socket_is_written_with_the_servers_send_and_gets_every_version(quiet_client):
    room, tokens = settled_started_room(quiet_client, 1)
    gid = room["id"]
    store, hub = quiet_client.app.state.store, quiet_client.app.state.hub
    with quiet_client.websocket_connect(f"/ws/games/{gid}?token={tokens['rev1']}") as ws:
        have = recv_view(ws, 0)
        (conn,) = hub.conns[gid]
        assert conn.ws.scope.get(RAW_SEND) is not None and conn.send != conn.ws.send_text
        for version in range(3):
            game = store.cached(gid)[1]
            seat = next(s for s in game.seats if game.legal_actions(s))
            action = next(a for a in game.legal_actions(seat) if a["type"] not in ("undo", "cancel"))
            r = quiet_client.post(f"/api/games/{gid}/actions", json={"version": version, "action": action},
                                  headers=auth(tokens[seat]))
            assert r.status_code == 200, r.text
            have = follow(have, recv_version(ws, version + 1))
        assert have["view"] == store.cached(gid)[1].view("rev1", texts=False)


def test_a_socket_without_the_apps_scope_is_written_through_starlette():
    class Plain:
        sent: list = []

        async def send_text(self, text):
            self.sent.append(text)

    class Raw:
        def __init__(self):
            self.messages = []
            self.scope = {RAW_SEND: self.send}

        async def send(self, message):
            self.messages.append(message)

    plain, raw = Plain(), Raw()
    run_async(text_sender(plain)("a"))
    run_async(text_sender(raw)("b"))
    assert plain.sent == ["a"] and raw.messages == [{"type": "websocket.send", "text": "b"}]
