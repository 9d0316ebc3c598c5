"""Zhukov rooms over the API (issue 15): a room for 4 Revolutionaries and no Soviet seat, moves
played over REST, the leak oracle on every seat's view, refused player counts and rulesets."""
from __future__ import annotations

import json
import random

from tests.invariants import check_no_deck_order, secret_ids
from tests.server.helpers import auth, claim_all


def _create(client, **body):
    return client.post("/api/games", json={"revolutionaries": 4, "options": {}, **body})


def test_zhukov_room_for_4_over_the_api_plays_moves_and_leaks_nothing(client):
    r = _create(client, ruleset="zhukov")
    assert r.status_code == 201, r.text
    room = r.json()
    assert sorted(room["invites"]) == ["rev1", "rev2", "rev3", "rev4"]
    tokens = claim_all(client, room)
    gid = room["id"]
    summary = client.get(f"/api/games/{gid}").json()
    assert [s["seat"] for s in summary["seats"]] == ["rev1", "rev2", "rev3", "rev4"]
    assert summary["options"] == {"ruleset": "zhukov"} and summary["status"] == "active"
    rng = random.Random(3)
    store = client.app.state.store
    version = 0
    for _ in range(60):
        views = {s: client.get(f"/api/games/{gid}/view", headers=auth(t)).json() for s, t in tokens.items()}
        _, game = store.cached(gid)
        for seat, body in views.items():
            text = json.dumps(body)
            assert not [i for i in secret_ids(game, seat) if f'"{i}"' in text]
            check_no_deck_order(game, seat, body["view"])
            assert body["view"]["ruleset"] == "zhukov" and "soviet" not in body["view"]["hands"]
        if views["rev1"]["view"]["result"]:
            break
        seat = next(s for s in tokens if views[s]["view"]["actions"])
        acts = [a for a in views[seat]["view"]["actions"] if a["type"] not in ("undo", "cancel")]
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                        json={"version": version, "action": rng.choice(acts)})
        assert r.status_code == 200, r.text
        version += 1
    # A room's seed is its own: a game may end early (seen at 15 moves); else it ran all 20+.
    assert version >= 20 or client.get(f"/api/games/{gid}/view").json()["view"]["result"], version
    spectator = client.get(f"/api/games/{gid}/view").json()["view"]
    assert spectator["zhukov"]["deck_count"] < 14 and spectator["actions"] == []


def test_zhukov_ruleset_in_the_options_is_the_same_room(client):
    r = _create(client, options={"ruleset": "zhukov", "zhukov_easy_morale_3": True})
    assert r.status_code == 201, r.text
    assert client.get(f"/api/games/{r.json()['id']}").json()["options"] == {"ruleset": "zhukov",
                                                                          "zhukov_easy_morale_3": True}


def test_conflict_room_for_4_and_bad_rulesets_are_refused(client):
    assert _create(client).status_code == 422  # Conflict has 1-3 Revolutionaries
    assert _create(client, ruleset="solo").status_code == 422
    assert _create(client, ruleset="conflict", options={"ruleset": "zhukov"}).status_code == 422
    assert _create(client, ruleset="zhukov", revolutionaries=5).status_code == 422
    assert _create(client, ruleset="zhukov", options={"rev_morale_shift": 1}).status_code == 422
    assert _create(client, ruleset="zhukov", bots={"soviet": "easy"}).status_code == 422
