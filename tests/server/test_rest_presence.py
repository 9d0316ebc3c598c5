"""A move, by any route, is presence (issue 30, item 8: a player moving over REST every 0.3 s, with
no socket, counted as away and could be handed to a bot). On SQLite and PostgreSQL."""
from __future__ import annotations

import time

from fastapi.testclient import TestClient

from app.main import create_app
from tests.server.conftest import make_settings
from tests.server.helpers import auth, take_back_move, undoable_room

GRACE = 2


def test_a_player_moving_over_rest_without_a_socket_is_not_away(db_url):
    settings = make_settings(db_url).model_copy(update={"away_grace_seconds": GRACE})
    with TestClient(create_app(settings)) as client:
        room, tokens = undoable_room(client, {"revolutionaries": 1})
        gid = room["id"]
        # The Soviet (on the move first) plays over REST only, every 0.3 s, for twice the grace period
        # (a move and its undo, again and again).
        started = time.monotonic()
        versions = []
        while time.monotonic() - started < 2 * GRACE:
            versions.append(take_back_move(client, gid, tokens["soviet"]))
            time.sleep(0.3)
            r = client.post(f"/api/games/{gid}/seats/soviet/bot", headers=auth(tokens["rev1"]))
            assert r.status_code == 409 and r.json()["code"] == "present", (time.monotonic() - started, r.text)
        assert len(versions) >= 10
        seats = {s["seat"]: s for s in client.get(f"/api/games/{gid}").json()["seats"]}
        assert seats["soviet"]["bot"] is None and seats["soviet"]["zombie"] is False
        # Once it stops moving for the grace period, it is away: its seat mate may hand it over.
        time.sleep(GRACE + 0.1)
        r = client.post(f"/api/games/{gid}/seats/soviet/bot", headers=auth(tokens["rev1"]))
        assert r.status_code == 200, r.text
        client.portal.call(client.app.state.store.set_status, gid, "abandoned")
