"""The lobby's "my games" (issue 13, seats that follow their player): every game this browser holds
a seat in, most recently active first, with a "your turn" mark; nobody else's."""
from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.helpers import create_room, invite_of


def claim(client, room, seat, name="Me") -> str:
    r = client.post(f"/api/games/{room['id']}/seats/{seat}", json={"name": name, "invite": invite_of(room, seat)})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def test_my_games_lists_the_games_this_browser_holds_a_seat_in_with_your_turn(client):
    other = TestClient(client.app)  # another browser: its own guest cookie
    waiting = create_room(client, 1)
    claim(client, waiting, "rev1")
    playing = create_room(client, 1)
    soviet = claim(client, playing, "soviet")
    claim(other, playing, "rev1", "Them")
    mine = client.get("/api/my/games").json()
    assert [g["id"] for g in mine] == [playing["id"], waiting["id"]]  # the game that started is the newest change
    first = mine[0]
    assert first["mine"] == ["soviet"] and first["status"] == "active"
    assert first["your_turn"] is True  # the Soviet opens the game
    assert {s["seat"]: s["name"] for s in first["seats"]} == {"soviet": "Me", "rev1": "Them"}
    assert mine[1]["status"] == "open" and mine[1]["your_turn"] is False
    theirs = other.get("/api/my/games").json()
    assert [(g["id"], g["mine"], g["your_turn"]) for g in theirs] == [(playing["id"], ["rev1"], False)]
    assert "token" not in str(mine) and soviet not in str(mine)  # a list of games, never a seat's secret


def test_my_games_without_a_cookie_or_with_a_forged_one_is_empty(client):
    room = create_room(client, 1)
    claim(client, room, "rev1")
    assert TestClient(client.app).get("/api/my/games").json() == []
    forged = TestClient(client.app, cookies={"doi_guest": "eyJndWVzdCI6ICJ4In0.forged.sig"})
    assert forged.get("/api/my/games").json() == []
