"""Bot teammates (issue 15, solo Zhukov games with bots on the other Revolutionary seats): a team
choice is left to the person at the table, on SQLite and PostgreSQL."""
from __future__ import annotations

import time

import pytest

from tests.server.helpers import auth, invite_of
from tests.server.test_bot_seats import wait_for


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bot_teammates_leave_a_team_choice_to_the_person_and_play_their_own_decisions(client, level):
    """A solo Zhukov game with a bot teammate: a choice offered to every Revolutionary (here the
    turn order, at the latest) waits for the person; the bot plays the decisions only it has. Hard
    teammates too (issue 32)."""
    r = client.post("/api/games", json={"revolutionaries": 2, "ruleset": "zhukov", "bots": {"rev2": level},
                                        "bot_think_ms": 50})
    assert r.status_code == 201, r.text
    room = r.json()
    gid = room["id"]
    token = client.post(f"/api/games/{gid}/seats/rev1", json={"name": "Anna", "invite": invite_of(room, "rev1")}).json()["token"]
    for _ in range(200):
        body = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()
        view = body["view"]
        if set(view["active"]) == {"rev1", "rev2"}:
            break
        if view["actions"]:  # rev1's own decision: answer it
            action = next(a for a in view["actions"] if a["type"] not in ("undo", "cancel"))
            assert client.post(f"/api/games/{gid}/actions", headers=auth(token),
                               json={"version": body["version"], "action": action}).status_code == 200
        else:  # the bot's own decision: it plays it
            wait_for(client, gid, lambda g, v=body["version"]: g["version"] > v or g["status"] != "active", timeout=60)
    else:
        raise AssertionError("no team choice came up")
    time.sleep(0.5 if level == "normal" else 3.0)  # the bots' pause is 0 here: a bot that took team choices would have moved by now
    again = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()
    assert again["version"] == body["version"] and set(again["view"]["active"]) == {"rev1", "rev2"}
    action = next(a for a in again["view"]["actions"] if a["type"] not in ("undo", "cancel"))
    assert client.post(f"/api/games/{gid}/actions", headers=auth(token),
                       json={"version": again["version"], "action": action}).status_code == 200
    client.portal.call(client.app.state.store.delete, gid)  # no bot left playing in the shared database
