"""The seat token in the socket's first frame instead of the URL (issue 13: proxies log URLs)."""
from __future__ import annotations

import json

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.server.follow import follow, recv_version
from tests.server.helpers import auth, recv_until, recv_view, started_room


def auth_frame(token) -> str:
    return json.dumps({"type": "auth", "token": token})


def test_a_socket_opened_without_a_token_becomes_the_seat_of_its_auth_frame(client):
    room, tokens = started_room(client, 1)
    gid = room["id"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        first = recv_view(ws)
        assert first["seat"] == "spectator" and first["view"]["hand"] == []
        ws.send_text(auth_frame(tokens["soviet"]))
        mine = recv_until(ws, lambda m: m["type"] == "view" and m["seat"] == "soviet")
        assert mine["view"]["hand"] and mine["view"]["actions"]
        ws.send_text(json.dumps({"type": "action", "version": mine["version"], "action": mine["view"]["actions"][0]}))
        moved = follow(mine, recv_version(ws, mine["version"] + 1))
        assert moved["view"] == client.get(f"/api/games/{gid}/view", headers=auth(tokens["soviet"])).json()["view"]
        ws.send_text(auth_frame(tokens["rev1"]))  # one seat per socket
        err = recv_until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "invalid" and "already" in err["message"]


def test_a_wrong_token_in_the_auth_frame_is_refused_and_closes_the_socket(client):
    room, tokens = started_room(client, 1)
    with client.websocket_connect(f"/ws/games/{room['id']}") as ws:
        recv_view(ws)
        ws.send_text(auth_frame("not-a-token"))
        err = recv_until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "forbidden"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403


@pytest.mark.parametrize("token", [1, True, None, "", "a\u0000b", "x" * 65, ["t"]])
def test_a_malformed_auth_frame_gets_an_error_and_the_socket_stays_a_spectator(client, token):
    room, tokens = started_room(client, 1)
    with client.websocket_connect(f"/ws/games/{room['id']}") as ws:
        recv_view(ws)
        ws.send_text(auth_frame(token))
        err = recv_until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "invalid" and "auth" in err["message"]
        ws.send_text(json.dumps({"type": "action", "version": 0, "action": {"type": "done"}}))
        assert recv_until(ws, lambda m: m["type"] == "error")["code"] == "forbidden"
