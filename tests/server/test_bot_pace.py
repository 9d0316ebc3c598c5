"""A room's bot pace and the skip to the next person's decision (issue 32, item 4), on SQLite and
PostgreSQL."""
from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from app.infra.models import GameRow
from app.main import create_app
from tests.server.conftest import make_settings
from tests.server.helpers import auth, invite_of
from tests.server.test_bot_seats import wait_for


def room(client, bots, pace=None, revolutionaries=1) -> dict:
    body = {"revolutionaries": revolutionaries, "bots": bots}
    if pace is not None:
        body["bot_pace"] = pace
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def skip_flag(client, gid: str) -> bool:
    async def read():
        async with client.app.state.store.sessions() as s:
            return (await s.execute(select(GameRow.bot_skip).where(GameRow.id == gid))).scalar_one()

    return client.portal.call(read)


@pytest.mark.parametrize("pace, seconds", [("instant", 0.0), ("quick", 0.3), ("normal", 1.0), (None, 0.3)])
def test_a_room_keeps_its_bot_pace_and_its_bots_wait_that_long(db_url, pace, seconds):
    settings = make_settings(db_url).model_copy(update={"bot_pause": 1.0})
    with TestClient(create_app(settings)) as client:
        gid = room(client, {"soviet": "easy"}, pace)["id"]
        assert client.get(f"/api/games/{gid}").json()["bot_pace"] == (pace or "quick")
        assert client.portal.call(client.app.state.bots._pause, gid) == pytest.approx(seconds)


def test_instant_bots_play_a_whole_stretch_while_normal_ones_still_think(db_url):
    settings = make_settings(db_url).model_copy(update={"bot_pause": 1.0})
    with TestClient(create_app(settings)) as client:
        slow = room(client, {"soviet": "easy", "rev1": "easy"}, "normal")["id"]
        fast = room(client, {"soviet": "easy", "rev1": "easy"}, "instant")["id"]
        wait_for(client, fast, lambda g: g["version"] >= 15, timeout=10)
        assert client.get(f"/api/games/{slow}").json()["version"] <= 3


@pytest.mark.parametrize("pace", [1, 0.3, True, None, "fast", "", "QUICK", ["quick"], {"mode": "quick"}])
def test_an_unknown_bot_pace_answers_422_and_creates_nothing(client, pace):
    before = len(client.get("/api/games?status=open").json())
    r = client.post("/api/games", json={"revolutionaries": 1, "bots": {"soviet": "easy"}, "bot_pace": pace})
    assert r.status_code == 422 and "bot_pace" in r.text
    assert len(client.get("/api/games?status=open").json()) == before


def test_skip_makes_the_bots_move_at_once_until_the_person_decides_then_the_pace_is_back(db_url):
    settings = make_settings(db_url).model_copy(update={"bot_pause": 20.0})  # "quick": 6 s a move
    with TestClient(create_app(settings)) as client:
        made = room(client, {"soviet": "normal"}, "quick")
        gid = made["id"]
        token = client.post(f"/api/games/{gid}/seats/rev1",
                            json={"name": "Anna", "invite": invite_of(made, "rev1")}).json()["token"]
        time.sleep(0.3)
        assert client.get(f"/api/games/{gid}").json()["version"] == 0  # the bot Soviet waits its 6 s
        assert client.post(f"/api/games/{gid}/skip").status_code == 401  # a spectator may not
        assert client.post(f"/api/games/{gid}/skip", headers=auth(token)).status_code == 204
        # Every bot move up to Anna's decision comes at once (at 6 s a move it would take a minute).
        view = None
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            view = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()
            if "rev1" in view["view"]["active"]:
                break
            time.sleep(0.05)
        assert "rev1" in view["view"]["active"] and view["version"] > 1
        wait_for(client, gid, lambda g: not skip_flag(client, gid), timeout=5)
        # Nothing for the bots to skip now: Anna is to decide.
        r = client.post(f"/api/games/{gid}/skip", headers=auth(token))
        assert r.status_code == 409 and r.json()["code"] == "no_bot_to_move"
        assert not skip_flag(client, gid)


def test_skip_on_an_unknown_game_answers_404(client):
    assert client.post("/api/games/nosuchgame/skip", headers=auth("x")).status_code == 404
