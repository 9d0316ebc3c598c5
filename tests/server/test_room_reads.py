"""What a room's setup asks of the database (issue 14: a new room cost ~80 ms of server CPU, most of
it ~55 statements and their thread hand-offs): a claim reads its game row once, under its lock;
once every seat is claimed, the sockets joining a room made on this SQLite server run no
statement at all (the seats, the tokens, the game and its empty chat are known), and what they
would have read still reaches them when it changes: a chat line, a seat's presence."""
from __future__ import annotations

import contextlib
import time

from fastapi.testclient import TestClient
from sqlalchemy import event
from sqlalchemy.engine import Engine

from app.infra.db import is_sqlite
from app.main import create_app
from tests.server.conftest import make_settings
from tests.server.helpers import auth, create_room, invite_of, recv_until, recv_view

# The server's own rounds, whenever they come: the bot driver's, the clocks' and the webhook
# sender's sweeps, and the presence beat (app.seats.zombies: tested below by what it does).
BACKGROUND = ("bot_leases", "game_clocks", "room_hooks", "SET seen_at")


@contextlib.contextmanager
def statements():
    """The SQL statements every engine of the process runs meanwhile (BEGINs, the bus's pg_notify
    and the background rounds left out)."""
    seen: list[str] = []

    def count(conn, cursor, statement, parameters, context, executemany):
        statement = " ".join(statement.split())
        if not statement.startswith(("BEGIN", "SELECT pg_notify")) and not any(b in statement for b in BACKGROUND):
            seen.append(statement)

    event.listen(Engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(Engine, "before_cursor_execute", count)


def claim(client, room, seat) -> str:
    r = client.post(f"/api/games/{room['id']}/seats/{seat}", json={"name": f"P {seat}", "invite": invite_of(room, seat)})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def joined(client, gid, token=None) -> dict:
    """A socket's first view, once its start (the presence and clock frame) is done."""
    with client.websocket_connect(f"/ws/games/{gid}" + (f"?token={token}" if token else "")) as ws:
        view = recv_view(ws, 0)
        ws.send_json({"type": "ping"})
        recv_until(ws, lambda m: m["type"] == "pong")
    return view


def test_a_claim_reads_its_game_once_under_its_lock_and_the_last_one_starts_the_game(quiet_client):
    room = create_room(quiet_client, 2)
    seats = list(room["invites"])
    sqlite = is_sqlite(quiet_client.app.state.store.url)
    for i, seat in enumerate(seats):
        with statements() as seen:
            claim(quiet_client, room, seat)
        if not sqlite:  # PostgreSQL: the claim's room note heard back reads the room again (app.play.games.on_notify)
            seen = [s for s in seen if "FOR UPDATE" in s or not s.startswith("SELECT")]
        games_reads = [s for s in seen if s.startswith("SELECT") and "FROM games" in s]
        assert len(games_reads) == 1 and games_reads[0].startswith("SELECT games.status"), seen
        last = i == len(seats) - 1
        assert len(seen) == (4 if last else 3), seen  # the game, the seats, this seat's claim (+ the start)
    assert quiet_client.get(f"/api/games/{room['id']}").json()["status"] == "active"
    again = quiet_client.post(f"/api/games/{room['id']}/seats/{seats[0]}", json={"name": "late"})
    assert again.status_code == 409 and again.json()["code"] == "started"


def test_sockets_joining_a_started_sqlite_room_run_no_statement_and_still_see_its_chat(quiet_client):
    room = create_room(quiet_client, 2)
    gid = room["id"]
    tokens = {seat: claim(quiet_client, room, seat) for seat in room["invites"]}
    with statements() as seen:
        mine = joined(quiet_client, gid, tokens["rev1"])
        spectator = joined(quiet_client, gid)
    assert mine["seat"] == "rev1" and mine["view"]["hand"] and spectator["seat"] == "spectator"
    if is_sqlite(quiet_client.app.state.store.url):
        assert seen == []
    else:  # PostgreSQL: another instance may have chatted, and the room notes bring the seats back
        assert not [s for s in seen if "FROM games" in s or "token_hash =" in s], seen
    wrong = quiet_client.websocket_connect(f"/ws/games/{gid}?token={'x' * 32}")
    with wrong as ws:
        assert ws.receive_json()["code"] == "forbidden"
    with quiet_client.websocket_connect(f"/ws/games/{gid}?token={tokens['soviet']}") as ws:
        recv_view(ws, 0)
        ws.send_json({"type": "chat", "text": "hello table"})
        recv_until(ws, lambda m: m["type"] == "chat")
    with quiet_client.websocket_connect(f"/ws/games/{gid}") as ws:  # a later socket gets the line said
        recv_view(ws, 0)
        line = recv_until(ws, lambda m: m["type"] == "chat")
        assert line["text"] == "hello table" and line["seat"] == "soviet"


def test_a_socket_long_after_its_claim_marks_its_seat_seen_and_a_fresh_claim_counts_as_seen(db_url):
    settings = make_settings(db_url).model_copy(update={"away_grace_seconds": 1.5})
    with TestClient(create_app(settings)) as client:
        room = create_room(client, 1)
        gid = room["id"]
        claimed = time.monotonic()
        tokens = {seat: claim(client, room, seat) for seat in room["invites"]}

        def hand_soviet_away():
            return client.post(f"/api/games/{gid}/seats/soviet/bot", headers=auth(tokens["rev1"]))

        joined(client, gid, tokens["soviet"])  # at once (no seen_at written: its claim says it is here)
        r = hand_soviet_away()  # its socket is gone, its claim fresh
        assert r.status_code == 409 and r.json()["code"] == "present", r.text
        time.sleep(max(0.0, claimed + 0.6 - time.monotonic()))  # past a third of the grace period
        joined(client, gid, tokens["soviet"])  # this start writes seen_at
        seen = time.monotonic()
        time.sleep(max(0.0, claimed + 1.7 - time.monotonic()))  # the claim is older than the grace period
        assert time.monotonic() - seen < 1.3, "the machine was too slow for this test's timing"
        r = hand_soviet_away()
        assert r.status_code == 409 and r.json()["code"] == "present", r.text  # seen less than 1.5 s ago
        time.sleep(max(0.0, seen + 1.6 - time.monotonic()))
        r = hand_soviet_away()
        assert r.status_code == 200, r.text
        client.portal.call(client.app.state.store.set_status, gid, "abandoned")
