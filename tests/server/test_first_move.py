"""A room's first move costs what the others cost (issue 14): the game is known running from the
claim that started it (or the first read of its row), so the move takes the cached game and reads
nothing back; the versioned write still refuses it when the room stopped running meanwhile."""
from __future__ import annotations

import pytest
from sqlalchemy import update

from app.infra.db import is_sqlite
from app.infra.models import GameRow
from tests.server.helpers import auth, settled_started_room, started_room


def _first_action(store, gid: str) -> tuple[str, dict]:
    _, game = store.cached(gid)
    seat = game.active_seats()[0]
    return seat, game.legal_actions(seat)[0]


def _count_reads(store, monkeypatch, game_id: str) -> list[str]:
    """What the move service reads of game `game_id`: `load` (its row, and the game when not
    cached). Only that game's: the worker's shared database may hold bot rooms of earlier tests,
    which a new app resumes and plays meanwhile (their reads failed this test once in CI)."""
    reads: list[str] = []
    load, rebuild = store.load, store._rebuild

    async def counted_load(gid, row=None):
        if gid == game_id:
            reads.append("load")
        return await load(gid, row)

    async def counted_rebuild(r, upto):
        if r.id == game_id:
            reads.append("rebuild")
        return await rebuild(r, upto)

    monkeypatch.setattr(store, "load", counted_load)
    monkeypatch.setattr(store, "_rebuild", counted_rebuild)
    return reads


def test_the_first_move_of_a_room_reads_no_game_row(client, monkeypatch):
    room, tokens = started_room(client)
    store = client.app.state.store
    seat, action = _first_action(store, room["id"])
    reads = _count_reads(store, monkeypatch, room["id"])
    r = client.post(f"/api/games/{room['id']}/actions", json={"version": 0, "action": action}, headers=auth(tokens[seat]))
    assert r.status_code == 200, r.text
    assert r.json()["version"] == 1
    assert reads == []


def test_a_room_stopped_behind_our_back_refuses_the_first_move(client):
    """The room was abandoned by a write this server did not see (another instance, its note
    lost): the move on the cached game is refused and nothing is written."""
    room, tokens = started_room(client)
    store = client.app.state.store
    seat, action = _first_action(store, room["id"])
    client.portal.call(_abandon_quietly, store, room["id"])
    r = client.post(f"/api/games/{room['id']}/actions", json={"version": 0, "action": action}, headers=auth(tokens[seat]))
    assert r.status_code == 409, r.text
    got = client.get(f"/api/games/{room['id']}").json()
    assert got["status"] == "abandoned" and got["version"] == 0


async def _abandon_quietly(store, gid: str) -> None:
    async with store.transaction() as s:
        await s.execute(update(GameRow).where(GameRow.id == gid).values(status="abandoned"))


def _games_driven(driver, monkeypatch) -> list[str]:
    """The games the bot driver starts a drive for from now on (in order)."""
    looked: list[str] = []
    drive = driver._drive

    async def counted(gid):
        looked.append(gid)
        await drive(gid)

    monkeypatch.setattr(driver, "_drive", counted)
    return looked


def test_a_game_without_bots_starts_no_bot_task_per_move(client, monkeypatch):
    # PostgreSQL: the claims' room notes come back and drop the seats once more; they are handled
    # before settled_started_room returns, so what follows is what a move alone does.
    room, tokens = settled_started_room(client)
    store, driver = client.app.state.store, client.app.state.bots
    client.get(f"/api/games/{room['id']}/view")  # seats read once the game runs: cached from now on
    assert store.without_bots(room["id"])
    looked = _games_driven(driver, monkeypatch)
    seat, action = _first_action(store, room["id"])
    r = client.post(f"/api/games/{room['id']}/actions", json={"version": 0, "action": action}, headers=auth(tokens[seat]))
    assert r.status_code == 200, r.text
    assert room["id"] not in looked


def test_the_claims_of_a_room_made_without_bots_start_no_bot_task(client, monkeypatch):
    """Each claim wakes the bot driver; a room this instance made with people only has no bot to
    move, so the claims cost no task and no seat read (on SQLite: on PostgreSQL each claim's room
    note comes back and the seats are read again, as before)."""
    store, driver = client.app.state.store, client.app.state.bots
    if not is_sqlite(store.url):
        pytest.skip("PostgreSQL: the claims' room notes come back and read the seats")
    looked = _games_driven(driver, monkeypatch)
    room, tokens = started_room(client, 2)
    assert room["id"] not in looked and store.without_bots(room["id"])  # (its sweep may find other tests' games)
    bots = client.post("/api/games", json={"revolutionaries": 1, "options": {}, "private": False,
                                           "bots": {"rev1": "easy"}})
    assert bots.status_code == 201, bots.text
    assert not store.without_bots(bots.json()["id"])  # a room with a bot seat: the driver looks


def test_the_seat_list_of_every_push_is_made_once_and_follows_a_hand_over(quiet_client):
    """fan_out takes the seat list every push carries from the store (`seat_list`), made once for
    the cached seats; a hand-over (the store forgets the game) or a room note makes it again."""
    from app.infra.models import SeatRow

    store = quiet_client.app.state.store
    room, tokens = settled_started_room(quiet_client, 1)
    gid = room["id"]
    first = quiet_client.portal.call(store.seat_list, gid)
    assert quiet_client.portal.call(store.seat_list, gid) is first  # the seats run: kept
    assert {s["seat"]: s["zombie"] for s in first} == {"soviet": False, "rev1": False}

    async def hand_over():
        async with store.transaction() as s:
            await s.execute(update(SeatRow).where(SeatRow.game_id == gid, SeatRow.seat == "soviet")
                            .values(bot="normal", zombie=True))

    quiet_client.portal.call(hand_over)
    store.forget(gid)  # what app.seats.zombies does after a hand-over
    after = {s["seat"]: s for s in quiet_client.portal.call(store.seat_list, gid)}
    assert after["soviet"]["zombie"] is True and after["soviet"]["bot"] == "normal"
    quiet_client.portal.call(store.room_changed, gid)  # another instance's hand-over: its room note
    assert quiet_client.portal.call(store.seat_list, gid) is not first
    quiet_client.portal.call(_abandon_quietly, store, gid)
