"""Names (issue 33, point 3): every seat is read by a name others can tell apart. Bots are named
per seat, and "You" is refused as a name (everyone else would read "Waiting for You")."""
from __future__ import annotations

import pytest

from tests.server.helpers import create_room, invite_of


def test_two_bots_get_different_names_that_say_their_seat(client):
    r = client.post("/api/games", json={"revolutionaries": 3, "bots": {"soviet": "normal", "rev2": "normal",
                                                                        "rev3": "easy"}})
    assert r.status_code == 201, r.text
    seats = {s["seat"]: s["name"] for s in client.get(f"/api/games/{r.json()['id']}").json()["seats"]}
    assert seats == {"soviet": "Soviet bot (normal)", "rev1": None, "rev2": "Revolutionary 2 bot (normal)",
                     "rev3": "Revolutionary 3 bot (easy)"}


@pytest.mark.parametrize("name", ["You", "you", "YOU"])
def test_the_name_you_is_refused_and_the_seat_stays_free(client, name):
    room = create_room(client, 1)
    r = client.post(f"/api/games/{room['id']}/seats/rev1", json={"name": name, "invite": invite_of(room, "rev1")})
    assert r.status_code == 422 and "others can read" in r.text
    seats = {s["seat"]: s for s in client.get(f"/api/games/{room['id']}").json()["seats"]}
    assert seats["rev1"]["claimed"] is False
    ok = client.post(f"/api/games/{room['id']}/seats/rev1", json={"name": "Yousef", "invite": invite_of(room, "rev1")})
    assert ok.status_code == 200, ok.text
