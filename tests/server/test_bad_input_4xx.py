"""Inputs that once answered 500 (issue 30, item 5): each is a 4xx now, and nothing changes."""
from __future__ import annotations

import pytest

from tests.server.helpers import create_room, invite_of
from tests.server.test_admin import login


def admin_games(client) -> list[str]:
    return sorted(g["id"] for status in ("open", "active", "finished")
                  for g in client.get(f"/api/admin/games?status={status}").json())


@pytest.fixture
def db_url(empty_db_url):
    """Each test's own database: these tests compare the list of games before and after a refused
    request, and on a shared database an earlier test's bot room that this app resumes can change it."""
    return empty_db_url


@pytest.fixture
def client(quiet_client):
    return quiet_client


@pytest.mark.parametrize("seed", [2**63, 2**64 + 5, -2**63 - 1, -2**70])
def test_an_import_whose_seed_is_beyond_64_bits_is_refused(quiet_client, empty_db_url, seed):
    # A database of its own: on a shared one, an earlier test's bot room that this app resumes
    # can change the list of games while the refused import runs.
    client = quiet_client
    csrf = login(client, empty_db_url)
    before = admin_games(client)
    r = client.post("/api/admin/games/import", headers=csrf,
                    json={"revolutionaries": 1, "options": {}, "seed": seed, "actions": []})
    assert r.status_code == 422, r.text
    assert admin_games(client) == before


def test_an_import_at_the_ends_of_the_64_bit_seed_range_replays(client, db_url):
    csrf = login(client, db_url)
    for seed in (2**63 - 1, -2**63):
        r = client.post("/api/admin/games/import", headers=csrf,
                        json={"revolutionaries": 1, "options": {}, "seed": seed, "actions": []})
        assert r.status_code == 201, r.text
        assert client.get(f"/api/admin/games/{r.json()['id']}/export").json()["seed"] == seed


SURROGATES = [
    '[["soviet", {"type": "\\ud800"}]]',  # the engine's refusal quoted it, and the answer could not be encoded
    '[["soviet", {"type": "play_headline", "card": "\\udfff"}]]',
    '[["\\ud800", {"type": "done"}]]',
]


@pytest.mark.parametrize("actions", SURROGATES)
def test_an_imported_action_holding_a_lone_surrogate_is_refused(client, db_url, actions):
    csrf = login(client, db_url)
    before = admin_games(client)
    body = '{"revolutionaries": 1, "options": {}, "seed": 3, "actions": ' + actions + "}"
    r = client.post("/api/admin/games/import", headers={**csrf, "Content-Type": "application/json"}, content=body)
    assert r.status_code == 422, r.text
    assert admin_games(client) == before


def test_imported_options_holding_a_lone_surrogate_are_refused(client, db_url):
    csrf = login(client, db_url)
    body = '{"revolutionaries": 1, "options": {"\\ud800": true}, "seed": 3, "actions": []}'
    r = client.post("/api/admin/games/import", headers={**csrf, "Content-Type": "application/json"}, content=body)
    assert r.status_code == 422, r.text


def test_claiming_a_seat_with_the_admin_cookie_as_guest_cookie_is_refused(client, db_url):
    login(client, db_url)
    room = create_room(client, 1)
    admin_cookie = client.cookies.get("doi_admin")
    assert admin_cookie
    client.cookies.set("doi_guest", admin_cookie)
    r = client.post(f"/api/games/{room['id']}/seats/soviet", json={"name": "Imre", "invite": invite_of(room, "soviet")})
    assert r.status_code == 400, r.text
    assert not any(s["name"] for s in client.get(f"/api/games/{room['id']}").json()["seats"])
    assert client.get("/my/games").status_code in (200, 404)  # never a 500 either
