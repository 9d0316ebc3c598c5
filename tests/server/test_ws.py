"""Websocket hub: per-seat views with versions, stale refusals, chat, malformed frames, auth."""
from __future__ import annotations

import json

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.server.follow import follow, recv_version
from tests.server.helpers import auth, create_room, recv_until, recv_view, started_room


def connect(client, gid, token=None):
    url = f"/ws/games/{gid}" + (f"?token={token}" if token else "")
    return client.websocket_connect(url)


def test_each_socket_gets_its_own_seats_view_after_every_change(client):
    room, tokens = started_room(client, 2)
    gid = room["id"]
    with connect(client, gid, tokens["soviet"]) as sov, connect(client, gid, tokens["rev1"]) as r1, \
            connect(client, gid) as spec:
        v_sov, v_r1, v_spec = recv_view(sov), recv_view(r1), recv_view(spec)
        assert (v_sov["seat"], v_r1["seat"], v_spec["seat"]) == ("soviet", "rev1", "spectator")
        assert v_sov["version"] == v_r1["version"] == 0
        assert len(v_sov["view"]["hand"]) == 4 and len(v_r1["view"]["hand"]) == 5 and v_spec["view"]["hand"] == []
        action = v_sov["view"]["actions"][0]
        sov.send_json({"type": "action", "version": 0, "action": action})
        for ws, seat, had in ((sov, "soviet", v_sov), (r1, "rev1", v_r1), (spec, "spectator", v_spec)):
            got = recv_version(ws, 1)
            assert got["type"] == "patch"  # the default after the first full view
            msg = follow(had, got)
            headers = auth(tokens[seat]) if seat in tokens else {}
            assert msg["seat"] == seat and msg["view"]["seat"] == seat
            assert msg["view"] == client.get(f"/api/games/{gid}/view", headers=headers).json()["view"]


def test_stale_version_is_refused_with_the_fresh_view(client):
    room, tokens = started_room(client, 1)
    gid = room["id"]
    with connect(client, gid, tokens["soviet"]) as sov:
        v = recv_view(sov)
        sov.send_json({"type": "action", "version": 0, "action": v["view"]["actions"][0]})
        recv_version(sov, 1)
        sov.send_json({"type": "action", "version": 0, "action": {"type": "done"}})
        err = recv_until(sov, lambda m: m["type"] == "error")
        assert err["code"] == "stale"
        fresh = recv_view(sov)
        assert fresh["version"] == 1


def test_reconnecting_client_gets_the_current_view(client):
    room, tokens = started_room(client, 1)
    gid = room["id"]
    with connect(client, gid, tokens["soviet"]) as sov:
        v = recv_view(sov)
        sov.send_json({"type": "action", "version": 0, "action": v["view"]["actions"][0]})
        recv_version(sov, 1)
    with connect(client, gid, tokens["soviet"]) as again:
        assert recv_view(again)["version"] == 1


def test_chat_is_stored_and_sent_to_the_whole_table(client):
    room, tokens = started_room(client, 2)
    gid = room["id"]
    with connect(client, gid, tokens["rev1"]) as r1, connect(client, gid, tokens["soviet"]) as sov:
        recv_view(r1), recv_view(sov)
        r1.send_json({"type": "chat", "text": "<b>I go Corvin</b>"})
        for ws in (r1, sov):
            msg = recv_until(ws, lambda m: m["type"] == "chat")
            assert msg["text"] == "<b>I go Corvin</b>" and msg["name"] == "Player rev1" and msg["seat"] == "rev1"
    with connect(client, gid) as spec:
        recv_view(spec)
        history = recv_until(spec, lambda m: m["type"] == "chat")
        assert history["text"] == "<b>I go Corvin</b>"


MALFORMED = [
    ("not json at all", "JSON"),
    ("[1, 2, 3]", "Unknown message type"),
    ('{"type": "teleport"}', "Unknown message type"),
    ('{"type": "action"}', "Invalid 'action' message"),
    ('{"type": "action", "version": "x", "action": {}}', "Invalid 'action' message"),
    ('{"type": "action", "version": 0, "action": {"type": "done"}, "extra": 1}', "Invalid 'action' message"),
    ('{"type": "chat", "text": ""}', "Invalid 'chat' message"),
    (json.dumps({"type": "chat", "text": "x" * 600}), "Invalid 'chat' message"),
    (json.dumps({"type": "chat", "text": "x" * 20000}), "too large"),
    ('{"type": "action", "version": 0, "action": {"type": "done", "junk": 1}}', "Unexpected field"),
    ('{"type": "action", "version": 0, "action": {"type": "bogus"}}', "not possible now"),
]


@pytest.mark.parametrize("frame,reason", MALFORMED)
def test_malformed_frames_get_an_error_frame_and_change_nothing(client, frame, reason):
    room, tokens = started_room(client, 1)
    gid = room["id"]
    with connect(client, gid, tokens["soviet"]) as sov:
        before = recv_view(sov)
        sov.send_text(frame)
        err = recv_until(sov, lambda m: m["type"] == "error")
        assert reason.lower() in err["message"].lower()
        sov.send_json({"type": "ping"})
        recv_until(sov, lambda m: m["type"] == "pong")  # the socket survived
    summary = client.get(f"/api/games/{gid}").json()
    assert summary["version"] == before["version"] == 0


def test_spectator_cannot_act_or_chat(client):
    room, tokens = started_room(client, 1)
    gid = room["id"]
    with connect(client, gid) as spec:
        recv_view(spec)
        spec.send_json({"type": "action", "version": 0, "action": {"type": "done"}})
        assert "Spectators cannot act" in recv_until(spec, lambda m: m["type"] == "error")["message"]
        spec.send_json({"type": "chat", "channel": "players", "text": "hi"})  # their own channel: test_spectator_chat
        assert recv_until(spec, lambda m: m["type"] == "error")["code"] == "forbidden"
    assert client.get(f"/api/games/{gid}").json()["version"] == 0


def test_a_seat_acting_for_another_is_refused(client):
    room, tokens = started_room(client, 2)
    gid = room["id"]
    with connect(client, gid, tokens["rev1"]) as r1:
        recv_view(r1)
        r1.send_json({"type": "action", "version": 0, "action": {"type": "done"}})
        err = recv_until(r1, lambda m: m["type"] == "error")
        assert err["code"] == "illegal" and "not your turn" in err["message"]


def test_wrong_token_is_refused(client):
    room, _ = started_room(client, 1)
    with pytest.raises(WebSocketDisconnect) as exc, connect(client, room["id"], "forged") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["code"] == "forbidden"
        ws.receive_json()
    assert exc.value.code == 4403


def test_moves_before_the_start_are_refused(client):
    room = create_room(client, 1)
    gid = room["id"]
    token = client.post(f"/api/games/{gid}/seats/soviet", json={"name": "S"}).json()["token"]
    with connect(client, gid, token) as sov:
        v = recv_view(sov)
        assert v["status"] == "open"
        sov.send_json({"type": "action", "version": 0, "action": v["view"]["actions"][0]})
        err = recv_until(sov, lambda m: m["type"] == "error")
        assert "not started" in err["message"]
        client.post(f"/api/games/{gid}/seats/rev1", json={"name": "R"})
        # (on PostgreSQL the note of the soviet's own claim may still bring a view of the open room)
        started = recv_until(sov, lambda m: m["type"] == "view" and m["status"] == "active")
        assert [s["name"] for s in started["seats"]] == ["S", "R"]
