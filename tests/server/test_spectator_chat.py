"""The spectators' own chat channel (issue 33): a spectator's line goes to the spectators' channel
and never into the players'; a player reads the spectators' channel only after showing it (it is
not even sent to a socket that has not), and hiding it again stops it; the players' channel stays
the table's, read by everyone. The same size and rate limits as the players' chat."""
from __future__ import annotations

import json

import pytest

from tests.server.helpers import recv_until, recv_view, started_room
from tests.server.test_limits import strict_client


def connect(client, gid, token=None):
    return client.websocket_connect(f"/ws/games/{gid}" + (f"?token={token}" if token else ""))


def until_pong(ws) -> list[dict]:
    """Everything the socket receives before the answer to a ping: what was pushed to it so far."""
    ws.send_json({"type": "ping"})
    got = []
    while True:
        m = ws.receive_json()
        if m["type"] == "pong":
            return got
        got.append(m)


def chats(frames: list[dict]) -> list[tuple[str, str]]:
    return [(m["channel"], m["text"]) for m in frames if m["type"] == "chat"]


def test_a_spectators_line_goes_to_their_channel_and_not_to_a_player_who_hides_it(client):
    room, tokens = started_room(client, 1)
    gid = room["id"]
    with connect(client, gid, tokens["soviet"]) as sov, connect(client, gid) as spec:
        recv_view(sov), recv_view(spec)
        spec.send_json({"type": "chat", "text": "Go for the Radio!"})
        own = recv_until(spec, lambda m: m["type"] == "chat")
        assert (own["channel"], own["seat"], own["name"], own["text"]) == ("spectators", "spectator", "spectator", "Go for the Radio!")
        # The player never showed the channel (the default): the line was not pushed to the socket.
        assert chats(until_pong(sov)) == []
        # The player shows it: its recent lines come at once, then every new one.
        sov.send_json({"type": "channels", "spectators": True})
        assert chats(until_pong(sov)) == [("spectators", "Go for the Radio!")]
        spec.send_json({"type": "chat", "channel": "spectators", "text": "Nice move"})
        recv_until(spec, lambda m: m["type"] == "chat")
        assert chats(until_pong(sov)) == [("spectators", "Nice move")]
        # A player may answer there; spectators read it.
        sov.send_json({"type": "chat", "channel": "spectators", "text": "Thanks, watchers"})
        line = recv_until(spec, lambda m: m["type"] == "chat")
        assert (line["channel"], line["seat"], line["text"]) == ("spectators", "soviet", "Thanks, watchers")
        # Hidden again: nothing more from that channel, while the players' channel still comes.
        sov.send_json({"type": "channels", "spectators": False})
        until_pong(sov)
        spec.send_json({"type": "chat", "text": "Hello?"})
        recv_until(spec, lambda m: m["type"] == "chat" and m["text"] == "Hello?")
        sov.send_json({"type": "chat", "text": "Table talk"})
        assert chats(until_pong(sov)) == [("players", "Table talk")]
        assert recv_until(spec, lambda m: m["type"] == "chat")["channel"] == "players"  # everyone reads the table's talk
    # A player's socket that joins later gets the players' lines only; a spectator's, both channels.
    with connect(client, gid, tokens["soviet"]) as sov2, connect(client, gid) as spec2:
        recv_view(sov2), recv_view(spec2)
        assert chats(until_pong(sov2)) == [("players", "Table talk")]
        assert chats(until_pong(spec2)) == [("spectators", "Go for the Radio!"), ("spectators", "Nice move"),
                                            ("spectators", "Thanks, watchers"), ("spectators", "Hello?"), ("players", "Table talk")]


def test_a_spectator_cannot_write_in_the_players_channel(client):
    room, tokens = started_room(client, 1)
    gid = room["id"]
    with connect(client, gid, tokens["soviet"]) as sov, connect(client, gid) as spec:
        recv_view(sov), recv_view(spec)
        spec.send_json({"type": "chat", "channel": "players", "text": "The Soviet holds two red headlines"})
        err = recv_until(spec, lambda m: m["type"] == "error")
        assert err["code"] == "forbidden" and "spectators' channel" in err["message"]
        sov.send_json({"type": "channels", "spectators": True})  # even a player who reads everything
        assert chats(until_pong(sov)) == []
        assert chats(until_pong(spec)) == []
    with connect(client, gid) as later:  # nothing was stored
        recv_view(later)
        assert chats(until_pong(later)) == []


def test_a_seat_token_sent_after_joining_does_not_leave_the_spectators_channel_on(client):
    """A table opens its socket as a spectator and sends its seat's token in the first frame: from
    then on the socket is a player's, with the spectators' channel hidden until shown."""
    room, tokens = started_room(client, 1)
    gid = room["id"]
    with connect(client, gid) as sock, connect(client, gid) as spec:
        recv_view(sock), recv_view(spec)
        sock.send_json({"type": "auth", "token": tokens["soviet"]})
        assert recv_view(sock)["seat"] == "soviet"
        spec.send_json({"type": "chat", "text": "psst"})
        recv_until(spec, lambda m: m["type"] == "chat")
        assert chats(until_pong(sock)) == []


BAD = [
    ({"type": "chat", "channel": "admins", "text": "hi"}, "Invalid 'chat' message"),
    ({"type": "chat", "channel": 1, "text": "hi"}, "Invalid 'chat' message"),
    ({"type": "chat", "channel": "spectators", "text": "x" * 501}, "Invalid 'chat' message"),
    ({"type": "chat", "channel": "spectators", "text": "a\u0000b"}, "Invalid 'chat' message"),
    ({"type": "chat", "channel": "spectators", "text": "   "}, "Invalid 'chat' message"),
    ({"type": "channels", "spectators": 1}, "Invalid 'channels' message"),
    ({"type": "channels", "spectators": "true"}, "Invalid 'channels' message"),
    ({"type": "channels"}, "Invalid 'channels' message"),
    ({"type": "channels", "spectators": True, "players": False}, "Invalid 'channels' message"),
]


@pytest.mark.parametrize("frame,reason", BAD)
def test_bad_chat_and_channel_frames_are_refused_and_change_nothing(client, frame, reason):
    room, tokens = started_room(client, 1)
    gid = room["id"]
    with connect(client, gid, tokens["soviet"]) as sov, connect(client, gid) as spec:
        recv_view(sov), recv_view(spec)
        for ws in (spec, sov):
            ws.send_text(json.dumps(frame))
            assert reason in recv_until(ws, lambda m: m["type"] == "error")["message"]
        assert chats(until_pong(sov)) == [] and chats(until_pong(spec)) == []
        if frame["type"] == "channels":  # still hidden
            spec.send_json({"type": "chat", "text": "still hidden?"})
            recv_until(spec, lambda m: m["type"] == "chat")
            assert chats(until_pong(sov)) == []


def test_spectators_chat_is_rate_limited_as_the_players_is(db_url):
    with strict_client(db_url, messages_per_second=1, message_burst=3, rooms_per_hour=10_000) as c:
        room, _ = started_room(c, 1)
        with connect(c, room["id"]) as spec:
            recv_view(spec)
            for i in range(5):
                spec.send_json({"type": "chat", "text": f"spam {i}"})
            got = [spec.receive_json() for _ in range(5)]
            assert [m["type"] for m in got].count("chat") == 3
            assert sum(m["type"] == "error" and m["code"] == "rate_limited" for m in got) == 2
