"""Public replays of finished games (issue 12): anyone with the link steps through a finished
game as a spectator saw it; the summary gives the per-day morale, support and events on the board.
No hand, deck or face-down tile ever appears, not even once the game is over."""
from __future__ import annotations

import json

from bots.random_bot import play_random_game
from engine import new_game
from tests.server.helpers import started_room
from tests.server.test_admin import login


def finished_game(client, db_url, seed=11) -> tuple[str, dict]:
    csrf = login(client, db_url)
    record = play_random_game(1, seed).record()
    r = client.post("/api/admin/games/import", headers=csrf, json=record)
    assert r.status_code == 201, r.text
    return r.json()["id"], record


def secret_ids(admin_view: dict) -> set[str]:
    sec = admin_view["secrets"]
    ids = {c["id"] for cards in sec["hands"].values() for c in cards} | {h["id"] for h in sec["headline_hand"]}
    ids |= set(sec["rev_deck"]) | set(sec["event_deck"]) | {h for d in sec["headline_decks"].values() for h in d}
    return ids | {f for fs in sec["facedown"].values() for f in fs} | set(sec["rev_tank_supply"])


def test_replay_of_a_finished_game_shows_spectator_views_only(client, db_url):
    gid, record = finished_game(client, db_url)
    steps = len(record["actions"])
    for step in (0, 1, steps // 3, steps - 1, steps):
        r = client.get(f"/api/games/{gid}/replay", params={"step": step})
        assert r.status_code == 200
        body = r.json()
        assert body["step"] == step and body["steps"] == steps
        assert body["view"]["seat"] == "spectator" and body["view"]["hand"] == [] and "secrets" not in body["view"]
        admin = client.get(f"/api/admin/games/{gid}/replay", params={"step": step}).json()["view"]
        text = json.dumps(body)
        assert not {i for i in secret_ids(admin) if f'"{i}"' in text}, step
    assert client.get(f"/api/games/{gid}/replay", params={"step": steps + 1}).status_code == 422
    assert client.get(f"/api/games/{gid}/replay", params={"step": -1}).status_code == 422
    assert client.get(f"/games/{gid}/replay").status_code == 200


def test_replay_and_summary_wait_for_the_end_of_the_game(client):
    room, _ = started_room(client, 1)
    for path in (f"/api/games/{room['id']}/replay", f"/api/games/{room['id']}/summary"):
        r = client.get(path)
        assert r.status_code == 409 and r.json()["code"] == "not_finished"


def test_summary_gives_the_printed_tracks_day_by_day(client, db_url):
    gid, record = finished_game(client, db_url, seed=12)
    s = client.get(f"/api/games/{gid}/summary").json()
    points = s["points"]
    assert points[0]["at"] == "start" and points[0]["day"] == 1 and points[-1]["at"] == "end"
    days = [p["day"] for p in points if p["at"] == "start"]
    assert days == sorted(set(days)) and days[0] == 1
    # The start of day 1 is the set-up: what the spectator saw before the first move.
    first = new_game(1, record["seed"], record["options"]).view("spectator")
    assert points[0]["morale_draw"] == first["morale_draw"] and points[0]["support_printed"] == first["soviet_hand_limit"]
    assert points[0]["events"] == sum(1 for loc in first["locations"].values() if loc["event"])
    assert s["result"]["winner"] in ("soviet", "revolutionaries")
    assert sum(s["moves"].values()) <= len(record["actions"]) and set(s["moves"]) <= {"soviet", "rev1"}
    assert set(s["injuries"]) == {"rev1"}
