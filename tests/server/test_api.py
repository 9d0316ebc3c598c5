"""REST: rooms, seats by invite, views, moves; bad input gets a clear 4xx and changes nothing."""
from __future__ import annotations

from tests.server.helpers import auth, claim_all, create_room, invite_of, started_room


def test_create_room_gives_an_invite_per_seat_and_a_spectate_link(client):
    room = create_room(client, 3)
    assert set(room["invites"]) == {"soviet", "rev1", "rev2", "rev3"}
    assert all(f"/games/{room['id']}/join/" in url and "invite=" in url for url in room["invites"].values())
    summary = client.get(f"/api/games/{room['id']}").json()
    assert summary["status"] == "open"
    assert [s["claimed"] for s in summary["seats"]] == [False] * 4


def test_game_starts_when_every_seat_is_claimed(client):
    room = create_room(client, 1)
    gid = room["id"]
    r = client.post(f"/api/games/{gid}/seats/soviet", json={"name": "Zhukov"})
    assert r.status_code == 200 and len(r.json()["token"]) >= 22  # >= 128 bits of randomness
    assert client.get(f"/api/games/{gid}").json()["status"] == "open"
    client.post(f"/api/games/{gid}/seats/rev1", json={"name": "Ilona"})
    summary = client.get(f"/api/games/{gid}").json()
    assert summary["status"] == "active"
    assert [s["name"] for s in summary["seats"]] == ["Zhukov", "Ilona"]


def test_a_claimed_seat_cannot_be_claimed_again(client):
    room = create_room(client, 2)
    gid = room["id"]
    assert client.post(f"/api/games/{gid}/seats/rev1", json={"name": "A"}).status_code == 200
    r = client.post(f"/api/games/{gid}/seats/rev1", json={"name": "B"})
    assert r.status_code == 409 and "already taken" in r.json()["detail"]


def test_private_room_needs_the_seat_invite(client):
    room = create_room(client, 1, private=True)
    gid = room["id"]
    r = client.post(f"/api/games/{gid}/seats/rev1", json={"name": "A"})
    assert r.status_code == 403
    r = client.post(f"/api/games/{gid}/seats/rev1", json={"name": "A", "invite": invite_of(room, "soviet")})
    assert r.status_code == 403
    r = client.post(f"/api/games/{gid}/seats/rev1", json={"name": "A", "invite": invite_of(room, "rev1")})
    assert r.status_code == 200
    assert gid not in [g["id"] for g in client.get("/api/games?status=open").json()]


def test_public_lists_open_rooms_and_live_games(client):
    open_room = create_room(client, 2)
    live_room, _ = started_room(client, 1)
    open_ids = [g["id"] for g in client.get("/api/games?status=open").json()]
    live_ids = [g["id"] for g in client.get("/api/games?status=active").json()]
    assert open_room["id"] in open_ids and live_room["id"] not in open_ids
    assert live_room["id"] in live_ids


def test_leave_a_seat_before_the_start_but_not_after(client):
    room = create_room(client, 1)
    gid = room["id"]
    token = client.post(f"/api/games/{gid}/seats/rev1", json={"name": "A"}).json()["token"]
    assert client.delete(f"/api/games/{gid}/seats/rev1", headers=auth("wrong-token")).status_code == 403
    assert client.delete(f"/api/games/{gid}/seats/rev1", headers=auth(token)).status_code == 204
    assert client.get(f"/api/games/{gid}").json()["seats"][1]["claimed"] is False
    token = client.post(f"/api/games/{gid}/seats/rev1", json={"name": "B"}).json()["token"]
    client.post(f"/api/games/{gid}/seats/soviet", json={"name": "S"})
    r = client.delete(f"/api/games/{gid}/seats/rev1", headers=auth(token))
    assert r.status_code == 409 and "started" in r.json()["detail"]


def test_view_is_filtered_by_the_seat_token(client):
    room, tokens = started_room(client, 2)
    gid = room["id"]
    soviet = client.get(f"/api/games/{gid}/view", headers=auth(tokens["soviet"])).json()
    rev1 = client.get(f"/api/games/{gid}/view", headers=auth(tokens["rev1"])).json()
    spectator = client.get(f"/api/games/{gid}/view").json()
    assert soviet["seat"] == "soviet" and len(soviet["view"]["hand"]) == 4
    assert rev1["seat"] == "rev1" and len(rev1["view"]["hand"]) == 5
    assert spectator["seat"] == "spectator" and spectator["view"]["hand"] == []
    rev_ids = {c["id"] for c in rev1["view"]["hand"]}
    assert not any(i in str(soviet) for i in rev_ids)
    r = client.get(f"/api/games/{gid}/view", headers=auth("not-a-token"))
    assert r.status_code == 403


def test_moves_over_rest_with_versions(client):
    room, tokens = started_room(client, 1)
    gid = room["id"]
    view = client.get(f"/api/games/{gid}/view", headers=auth(tokens["soviet"])).json()
    action = view["view"]["actions"][0]
    r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens["soviet"]), json={"version": 0, "action": action})
    assert r.status_code == 200 and r.json()["version"] == 1
    r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens["soviet"]), json={"version": 0, "action": action})
    assert r.status_code == 409 and r.json()["code"] == "stale"


def test_bad_input_gets_4xx_and_changes_nothing(client):
    room, tokens = started_room(client, 1)
    gid = room["id"]
    before = client.get(f"/api/games/{gid}/view", headers=auth(tokens["soviet"])).json()
    bad = [
        ("post", "/api/games", {"revolutionaries": 4}, None, 422),
        ("post", "/api/games", {"revolutionaries": 2, "options": {"bogus": 1}}, None, 422),
        ("post", "/api/games", {"revolutionaries": "two"}, None, 422),
        ("post", "/api/games", {"revolutionaries": 2, "junk": True}, None, 422),
        ("post", "/api/games", {"revolutionaries": 1.0}, None, 422),
        ("post", "/api/games", {"revolutionaries": True}, None, 422),
        ("post", "/api/games", {"revolutionaries": 1, "private": 0}, None, 422),
        ("post", f"/api/games/{gid}/seats/rev1", {"name": " padded "}, None, 422),
        ("post", f"/api/games/{gid}/seats/rev9", {"name": "x"}, None, 404),
        ("post", f"/api/games/{gid}/seats/rev1", {"name": "x" * 200}, None, 422),
        ("post", f"/api/games/{gid}/seats/rev1", {"name": ""}, None, 422),
        ("get", "/api/games/nope", None, None, 404),
        ("post", f"/api/games/{gid}/actions", {"version": 0, "action": {"type": "fly"}}, tokens["soviet"], 422),
        ("post", f"/api/games/{gid}/actions", {"version": 0, "action": {"type": "done"}}, tokens["rev1"], 422),
        ("post", f"/api/games/{gid}/actions", {"version": 0, "action": {"type": "done"}}, None, 401),
        ("post", f"/api/games/{gid}/actions", {"version": -1, "action": {}}, tokens["soviet"], 422),
        ("post", f"/api/games/{gid}/actions", "not json", tokens["soviet"], 422),
    ]
    for method, url, body, token, status in bad:
        headers = auth(token) if token else {}
        r = client.request(method, url, json=body, headers=headers)
        assert r.status_code == status, (url, body, r.status_code, r.text)
        assert "detail" in r.json()
    after = client.get(f"/api/games/{gid}/view", headers=auth(tokens["soviet"])).json()
    assert after == before


def test_unknown_seat_acting_for_another_is_refused(client):
    room, tokens = started_room(client, 2)
    gid = room["id"]
    view = client.get(f"/api/games/{gid}/view", headers=auth(tokens["soviet"])).json()
    r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens["rev1"]),
                    json={"version": 0, "action": view["view"]["actions"][0]})
    assert r.status_code == 422 and "not your turn" in r.json()["detail"]


def test_openapi_documents_the_rest_api(client):
    spec = client.get("/openapi.json").json()
    for path in ("/api/games", "/api/games/{gid}", "/api/games/{gid}/seats/{seat}", "/api/games/{gid}/view",
                 "/api/games/{gid}/actions", "/api/admin/login", "/api/admin/games/{gid}/replay"):
        assert path in spec["paths"]


def test_claim_all_helper_starts_three_revolutionary_game(client):
    room = create_room(client, 3)
    claim_all(client, room)
    assert client.get(f"/api/games/{room['id']}").json()["status"] == "active"
