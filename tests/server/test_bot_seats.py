"""Bot seats (issue 13, AI seats): rooms where the server plays some seats, on SQLite and PostgreSQL."""
from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from tests.server.conftest import make_settings
from tests.server.helpers import auth, invite_of, recv_view


def wait_for(client, gid, pred, timeout=60.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        g = client.get(f"/api/games/{gid}").json()
        if pred(g):
            return g
        assert time.monotonic() < deadline, f"waited {timeout}s for game {gid}: {g['status']} v{g['version']}"
        time.sleep(0.05)


def bot_room(client, revolutionaries=1, bots=None, private=False) -> dict:
    r = client.post("/api/games", json={"revolutionaries": revolutionaries, "bots": bots or {}, "private": private})
    assert r.status_code == 201, r.text
    return r.json()


def test_a_bot_seat_is_claimed_at_creation_and_the_room_says_its_level(client):
    room = bot_room(client, 2, {"soviet": "normal", "rev2": "easy"})
    assert set(room["invites"]) == {"rev1"}  # no invite for the seats the server plays
    g = client.get(f"/api/games/{room['id']}").json()
    seats = {s["seat"]: s for s in g["seats"]}
    assert g["status"] == "open"
    assert seats["soviet"] == {"seat": "soviet", "name": "Soviet bot (normal)", "claimed": True, "bot": "normal",
                              "zombie": False}
    assert seats["rev2"] == {"seat": "rev2", "name": "Revolutionary 2 bot (easy)", "claimed": True, "bot": "easy", "zombie": False}
    assert seats["rev1"] == {"seat": "rev1", "name": None, "claimed": False, "bot": None, "zombie": False}
    taken = client.post(f"/api/games/{room['id']}/seats/soviet", json={"name": "Mallory"})
    assert taken.status_code == 409 and taken.json()["code"] == "taken"


def test_the_bot_soviet_opens_the_game_once_the_human_seat_is_claimed(client):
    room = bot_room(client, 1, {"soviet": "normal"})
    gid = room["id"]
    assert client.get(f"/api/games/{gid}").json()["version"] == 0
    r = client.post(f"/api/games/{gid}/seats/rev1", json={"name": "Anna", "invite": invite_of(room, "rev1")})
    token = r.json()["token"]
    g = wait_for(client, gid, lambda g: g["version"] > 0)  # nobody but the bot has moved
    assert g["status"] == "active"
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        msg = recv_view(ws)
        assert {s["seat"]: s["bot"] for s in msg["seats"]} == {"soviet": "normal", "rev1": None}
    view = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()
    assert view["seat"] == "rev1"


@pytest.mark.parametrize("body, message", [
    ({"revolutionaries": 1, "bots": {"rev3": "normal"}}, "no seat 'rev3'"),
    ({"revolutionaries": 1, "bots": {"soviet": "expert"}}, "easy"),
    ({"revolutionaries": 1, "bots": {"admin": "easy"}}, "soviet"),
    ({"revolutionaries": 1, "bots": {"soviet": True}}, "easy"),
    ({"revolutionaries": 1, "bots": ["soviet"]}, "dictionary"),
])
def test_bad_bot_configurations_are_refused_and_create_nothing(client, body, message):
    before = len(client.get("/api/games?status=open").json())
    r = client.post("/api/games", json=body)
    assert r.status_code == 422 and message in r.text
    assert len(client.get("/api/games?status=open").json()) == before


@pytest.mark.slow
@pytest.mark.parametrize("levels", [("normal", "normal"), ("easy", "normal")])
def test_a_whole_bot_only_game_plays_itself_to_the_end(client, levels):
    soviet, rev = levels
    room = bot_room(client, 2, {"soviet": soviet, "rev1": rev, "rev2": rev})
    assert room["invites"] == {}
    g = wait_for(client, room["id"], lambda g: g["status"] == "finished", timeout=240)
    assert g["result"]["winner"] in ("soviet", "revolutionaries")
    assert g["version"] > 50
    # Bad input (issue 13): bots on a finished game stop; poking them changes nothing.

    async def poke():
        client.app.state.bots.poke(room["id"])

    client.portal.call(poke)
    time.sleep(0.3)
    assert client.get(f"/api/games/{room['id']}").json()["version"] == g["version"]
    assert room["id"] not in client.app.state.bots.tasks


def test_bots_stop_on_an_abandoned_game(db_url):
    settings = make_settings(db_url).model_copy(update={"bot_pause": 0.05})
    with TestClient(create_app(settings)) as client:
        room = bot_room(client, 1, {"soviet": "easy", "rev1": "easy"})
        gid = room["id"]
        wait_for(client, gid, lambda g: g["version"] >= 3)
        store = client.app.state.store
        client.portal.call(store.set_status, gid, "abandoned")
        stopped = client.get(f"/api/games/{gid}").json()["version"]
        time.sleep(0.5)  # ten pauses: a bot still playing would have moved
        g = client.get(f"/api/games/{gid}").json()
        assert g["status"] == "abandoned" and g["version"] == stopped
        assert gid not in client.app.state.bots.tasks


def test_a_restarted_server_picks_up_the_bot_seat(app_factory, db_url):
    """The bots' instance stops with a bot to move; the next one takes the game over at start."""
    settings = make_settings(db_url).model_copy(update={"bot_pause": 30})
    with TestClient(create_app(settings)) as client:
        room = bot_room(client, 1, {"soviet": "normal"})
        gid = room["id"]
        client.post(f"/api/games/{gid}/seats/rev1", json={"name": "Anna", "invite": invite_of(room, "rev1")})
        time.sleep(0.2)
        assert client.get(f"/api/games/{gid}").json()["version"] == 0  # thinking (a long pause)
    with app_factory() as client:
        wait_for(client, gid, lambda g: g["version"] > 0, timeout=10)


def test_deleting_a_room_with_bots_deletes_its_lease(client):
    room = bot_room(client, 1, {"soviet": "easy"})
    client.portal.call(client.app.state.store.delete, room["id"])
    assert client.get(f"/api/games/{room['id']}").status_code == 404
    assert room["id"] not in client.portal.call(client.app.state.bots.drivable)


def test_one_sweep_renews_every_lease_we_hold_and_lets_go_of_one_another_instance_took(db_url):
    """Leases (several instances): the sweep renews all of an instance's games at once; a game
    whose lease another instance took (ours had run out) is no longer ours to think for."""
    from sqlalchemy import select, update

    from app.infra.models import BotLeaseRow

    settings = make_settings(db_url).model_copy(update={"bot_pause": 30})
    with TestClient(create_app(settings)) as client:
        driver, store = client.app.state.bots, client.app.state.store
        gids = []
        for _ in range(2):
            room = bot_room(client, 1, {"soviet": "normal"})
            client.post(f"/api/games/{room['id']}/seats/rev1", json={"name": "Anna", "invite": invite_of(room, "rev1")})
            gids.append(room["id"])
        deadline = time.monotonic() + 10
        while not set(gids) <= set(driver.held):  # both bots are in their pause, leases taken
            assert time.monotonic() < deadline
            time.sleep(0.02)
        kept, lost = gids

        async def expiries() -> dict:
            async with store.sessions() as s:
                rows = (await s.execute(select(BotLeaseRow).where(BotLeaseRow.game_id.in_(gids)))).scalars().all()
                return {r.game_id: (r.holder, r.expires_at.replace(tzinfo=None)) for r in rows}

        async def taken_by_another() -> None:
            async with store.transaction() as s:
                await s.execute(update(BotLeaseRow).where(BotLeaseRow.game_id == lost).values(holder="another"))

        before = client.portal.call(expiries)
        client.portal.call(taken_by_another)
        time.sleep(0.01)
        client.portal.call(driver.renew)
        after = client.portal.call(expiries)
        assert after[kept][0] == driver.holder and after[kept][1] > before[kept][1]
        assert kept in driver.held and lost not in driver.held
        assert after[lost][0] == "another"
        assert client.portal.call(driver._take, lost) is False  # the other instance's, and not run out


def test_bots_of_many_rooms_move_at_most_two_at_a_time(db_url, monkeypatch):
    """A person's move comes first: however many rooms' bots are due at once, at most LANES bot
    moves are in progress on an instance (the rest queue), and every room's bots still play."""
    import asyncio

    import app.seats.seat_bots as seat_bots

    in_progress, most = 0, 0
    real = seat_bots.make_move

    async def counted(*args, **kwargs):
        nonlocal in_progress, most
        in_progress += 1
        most = max(most, in_progress)
        try:
            await asyncio.sleep(0.01)  # a slow commit: the other due bots pile up meanwhile
            return await real(*args, **kwargs)
        finally:
            in_progress -= 1

    monkeypatch.setattr(seat_bots, "make_move", counted)
    settings = make_settings(db_url).model_copy(update={"bot_pause": 0.01})
    with TestClient(create_app(settings)) as client:
        gids = [bot_room(client, 1, {"soviet": "easy", "rev1": "easy"})["id"] for _ in range(6)]
        for gid in gids:
            wait_for(client, gid, lambda g: g["version"] >= 5)
    assert most == seat_bots.LANES
