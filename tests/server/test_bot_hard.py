"""Hard bot seats (issue 32, items 1 and 2): the level in every seat, the think budget, thinking in
worker processes off the event loop, a dead or late worker replaced while the bot still moves."""
from __future__ import annotations

import asyncio
import os
import signal
import time

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.seats.bot_pool import WORKER_NICENESS, ThinkPool
from engine import new_game
from tests.server.conftest import make_settings
from tests.server.helpers import invite_of, run_async
from tests.server.test_bot_seats import wait_for


def room(client, body: dict):
    return client.post("/api/games", json=body)


def open_rooms(client) -> int:
    return len(client.get("/api/games?status=open").json())


@pytest.mark.parametrize("body, message", [
    ({"revolutionaries": 1, "bots": {"soviet": "expert"}}, "hard"),
    ({"revolutionaries": 1, "bots": {"soviet": "HARD"}}, "hard"),
    ({"revolutionaries": 1, "bots": {"soviet": "hard"}, "bot_think_ms": 49}, "greater than or equal to 50"),
    ({"revolutionaries": 1, "bots": {"soviet": "hard"}, "bot_think_ms": 5001}, "less than or equal to 5000"),
    ({"revolutionaries": 1, "bots": {"soviet": "hard"}, "bot_think_ms": 400.0}, "integer"),
    ({"revolutionaries": 1, "bots": {"soviet": "hard"}, "bot_think_ms": "400"}, "integer"),
])
def test_an_unknown_level_or_a_think_budget_out_of_range_is_refused_and_creates_nothing(client, body, message):
    before = open_rooms(client)
    r = room(client, body)
    assert r.status_code == 422 and message in r.text, r.text
    assert open_rooms(client) == before


@pytest.mark.parametrize("revolutionaries, ruleset", [(3, "conflict"), (4, "zhukov")])
def test_every_seat_of_both_rulesets_may_be_hard(client, revolutionaries, ruleset):
    seats = (["soviet"] if ruleset == "conflict" else []) + [f"rev{i}" for i in range(1, revolutionaries + 1)]
    seats = seats[:-1]  # one person's seat: the room waits for it, so the bots do not think meanwhile
    r = room(client, {"revolutionaries": revolutionaries, "ruleset": ruleset, "bots": {s: "hard" for s in seats},
                      "bot_think_ms": 50})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    got = {s["seat"]: s["bot"] for s in client.get(f"/api/games/{gid}").json()["seats"]}
    assert all(got[s] == "hard" for s in seats) and list(r.json()["invites"]) == [f"rev{revolutionaries}"]
    client.portal.call(client.app.state.store.delete, gid)


def test_the_hard_soviet_moves_in_a_server_room_and_stops_on_a_deleted_game(sqlite_url):
    """The hard bot plays its seat through the move service; its thinking is in a worker process
    (the loop's own bot CPU stays near nothing). Deleting the room stops it."""
    with TestClient(create_app(make_settings(sqlite_url))) as client:
        r = room(client, {"revolutionaries": 1, "bots": {"soviet": "hard"}, "bot_think_ms": 100})
        gid = r.json()["id"]
        client.post(f"/api/games/{gid}/seats/rev1", json={"name": "Anna", "invite": invite_of(r.json(), "rev1")})
        wait_for(client, gid, lambda g: g["version"] >= 3, timeout=120)
        driver, metrics = client.app.state.bots, client.app.state.metrics
        assert driver.thinking.pids(), "the hard bot thinks in worker processes"
        assert metrics.bot_worker_think._value.get() > 0
        client.portal.call(client.app.state.store.delete, gid)
        assert client.get(f"/api/games/{gid}").status_code == 404
        deadline = time.monotonic() + 30  # a search under way ends by its deadline, then the bot sees the game gone
        while gid in driver.tasks and time.monotonic() < deadline:
            time.sleep(0.1)
        assert gid not in driver.tasks


def test_bots_stop_on_a_finished_game_while_a_hard_bot_thinks(sqlite_url):
    with TestClient(create_app(make_settings(sqlite_url))) as client:
        r = room(client, {"revolutionaries": 1, "bots": {"soviet": "hard"}, "bot_think_ms": 2000})
        gid = r.json()["id"]
        client.post(f"/api/games/{gid}/seats/rev1", json={"name": "Anna", "invite": invite_of(r.json(), "rev1")})
        wait_for(client, gid, lambda g: g["version"] >= 1, timeout=120)  # a first decision may be a single choice
        client.portal.call(client.app.state.store.set_status, gid, "finished")
        stopped = client.get(f"/api/games/{gid}").json()["version"]
        time.sleep(5.0)  # past the 2 s budget: a bot still playing would have moved
        g = client.get(f"/api/games/{gid}").json()
        assert g["status"] == "finished" and g["version"] == stopped
        client.portal.call(client.app.state.store.delete, gid)


def _decision():
    g = new_game(1, 5)
    return g.view("soviet", marks=False), g.information_set("soviet")


def test_a_killed_worker_is_replaced_and_a_late_one_too():
    """Issue 32 (bad input): a worker that crashes, or hangs past its deadline, gives no answer
    (the caller plays the normal bot's move); its pool is replaced and the next decision is searched."""
    view, info = _decision()

    async def scenario():
        pool = ThinkPool(1, grace=30.0)
        try:
            got = await pool.think(view, info, 1, 50)
            assert got is not None and got[0] in view["actions"]
            # The workers yield the CPU to the server's event loop.
            assert all(os.getpriority(os.PRIO_PROCESS, pid) >= WORKER_NICENESS for pid in pool.pids())
            slow = asyncio.create_task(pool.think(view, info, 2, 5000))
            await asyncio.sleep(0.5)
            for pid in pool.pids():
                os.kill(pid, signal.SIGKILL)
            assert await slow is None and pool.replaced == 1
            again = await pool.think(view, info, 3, 50)
            assert again is not None and again[0] in view["actions"]
            late = await pool.think(view, info, 4, 5000, deadline=0.5)
            assert late is None and pool.replaced == 2
            assert (await pool.think(view, info, 5, 50)) is not None
        finally:
            pool.close()

    run_async(scenario())  # (a thread of its own: a browser test may have left a loop running in this one)


def test_a_hard_bot_whose_worker_dies_still_moves(sqlite_url):
    settings = make_settings(sqlite_url).model_copy(update={"bot_workers": 1})
    with TestClient(create_app(settings)) as client:
        r = room(client, {"revolutionaries": 1, "bots": {"soviet": "hard"}, "bot_think_ms": 5000})
        gid = r.json()["id"]
        client.post(f"/api/games/{gid}/seats/rev1", json={"name": "Anna", "invite": invite_of(r.json(), "rev1")})
        driver = client.app.state.bots
        deadline = time.monotonic() + 60
        while not driver.thinking.pids() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)
        before = client.get(f"/api/games/{gid}").json()["version"]
        for pid in driver.thinking.pids():
            os.kill(pid, signal.SIGKILL)
        wait_for(client, gid, lambda g: g["version"] > before, timeout=30)
        assert driver.thinking.replaced >= 1
        assert client.app.state.metrics.bot_fallbacks._value.get() >= 1
        client.portal.call(client.app.state.store.delete, gid)
