"""Issue 34: optional accounts. Guest play stays as it was; an account signs in with a name and a
password (argon2, off the loop), holds seats on every device it signs in on without resume links,
and never shows one account's address, settings or seats to another."""
from __future__ import annotations

import logging
import secrets

from tests.server.conftest import make_settings
from tests.server.helpers import AsgiClient, browser, create_room, invite_of, run_async
from tests.server.test_rate_limits import some_address

PASSWORD = "correct horse battery"


def fresh_name(prefix="Anna") -> str:
    return f"{prefix}{secrets.token_hex(3)}"


def sign_up(client, name=None, password=PASSWORD, **more):
    name = name or fresh_name()
    r = client.post("/api/accounts", json={"name": name, "password": password, **more})
    assert r.status_code == 201, r.text
    return name, r.json()["csrf"]


def claim(client, room, seat, name="Me") -> str:
    r = client.post(f"/api/games/{room['id']}/seats/{seat}", json={"name": name, "invite": invite_of(room, seat)})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def test_sign_up_signs_in_and_me_shows_the_account_but_never_the_password(client):
    name, csrf = sign_up(client, email="anna@example.org")
    me = client.get("/api/me")
    assert me.status_code == 200
    body = me.json()
    assert body["account"] == {"name": name, "email": "anna@example.org", "email_verified": False,
                               "created_at": body["account"]["created_at"],
                               "notify": {"turn": True, "start": True, "finish": True, "chat": False,
                                          "deadline": True}}
    assert body["account"]["created_at"].endswith("+00:00")
    assert body["csrf"] == csrf
    assert PASSWORD not in me.text and "argon2" not in me.text
    assert browser(client).get("/api/me").status_code == 401  # another browser: nobody signed in


def test_a_name_is_taken_whatever_its_capitals_and_the_refusal_makes_nothing(client):
    name, _ = sign_up(client)
    other = browser(client)
    r = other.post("/api/accounts", json={"name": name.upper(), "password": "another passphrase"})
    assert r.status_code == 409 and "taken" in r.json()["detail"]
    assert other.get("/api/me").status_code == 401
    assert other.post("/api/session", json={"name": name, "password": "another passphrase"}).status_code == 401


def test_bad_sign_up_input_is_refused_with_422(client):
    for body in ({"name": 1, "password": PASSWORD}, {"name": "Anna", "password": True},
                 {"name": "An\x00na", "password": PASSWORD}, {"name": "Anna", "password": "short"},
                 {"name": "Anna", "password": "pass\x00word-long"}, {"name": "Passphrase1", "password": "passphrase1"},
                 {"name": "Anna", "password": PASSWORD, "email": "not an address"},
                 {"name": "Anna", "password": PASSWORD, "admin": True},
                 {"name": "Anna", "password": PASSWORD, "seats": [{"game": "x" * 33, "seat": "rev1", "token": "t"}]},
                 {"name": "Anna", "password": PASSWORD, "seats": [{"game": "g", "seat": "rev9", "token": "t"}]},
                 {"name": "Anna", "password": PASSWORD, "seats": "all"}):
        r = client.post("/api/accounts", json=body)
        assert r.status_code == 422, (body, r.text)
    assert client.get("/api/me").status_code == 401


def test_wrong_password_and_unknown_name_get_the_same_answer(client):
    name, _ = sign_up(browser(client))
    wrong = client.post("/api/session", json={"name": name, "password": "not the password"})
    unknown = client.post("/api/session", json={"name": fresh_name("Nobody"), "password": "not the password"})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    right = client.post("/api/session", json={"name": name.lower(), "password": PASSWORD})
    assert right.status_code == 200 and right.json()["account"]["name"] == name


def test_sign_out_needs_the_csrf_token_and_then_the_browser_is_signed_out(client):
    _, csrf = sign_up(client)
    assert client.delete("/api/session").status_code == 403
    assert client.get("/api/me").status_code == 200
    assert client.delete("/api/session", headers={"X-CSRF-Token": csrf}).status_code == 204
    assert client.get("/api/me").status_code == 401


def test_a_guest_seat_joins_the_account_and_follows_it_to_another_device(client):
    room = create_room(client, 1)
    token = claim(client, room, "rev1", "Anna")
    name, _ = sign_up(client, seats=[{"game": room["id"], "seat": "rev1", "token": token}])
    phone = browser(client)  # another device: no cookie, no localStorage, no resume link
    r = phone.post("/api/session", json={"name": name, "password": PASSWORD})
    assert r.status_code == 200
    keys = phone.get("/api/me/seats").json()
    assert keys == [{"game": room["id"], "seat": "rev1", "token": token}]
    view = phone.get(f"/api/games/{room['id']}/view", headers={"Authorization": f"Bearer {keys[0]['token']}"})
    assert view.json()["seat"] == "rev1"
    assert [(g["id"], g["mine"]) for g in phone.get("/api/my/games").json()] == [(room["id"], ["rev1"])]


def test_a_seat_claimed_while_signed_in_is_the_accounts_at_once(client):
    name, _ = sign_up(client)
    room = create_room(client, 1)
    token = claim(client, room, "soviet", name)
    phone = browser(client)
    phone.post("/api/session", json={"name": name, "password": PASSWORD})
    assert phone.get("/api/me/seats").json() == [{"game": room["id"], "seat": "soviet", "token": token}]


def test_a_wrong_token_or_another_accounts_seat_never_joins(client):
    room = create_room(client, 1)
    anna = browser(client)
    token = claim(anna, room, "rev1", "Anna")
    sign_up(anna, seats=[{"game": room["id"], "seat": "rev1", "token": token}])
    _, csrf = sign_up(client)
    r = client.post("/api/me/seats", headers={"X-CSRF-Token": csrf},
                    json={"seats": [{"game": room["id"], "seat": "rev1", "token": token},
                                    {"game": room["id"], "seat": "soviet", "token": "guessed"}]})
    assert r.json() == {"joined": 0}  # Anna's account holds rev1; the guess is no seat's token
    assert client.get("/api/me/seats").json() == []
    assert client.post("/api/me/seats", json={"seats": []}).status_code == 403  # no CSRF token


def test_no_account_reads_anothers_address_or_seats(client):
    room = create_room(client, 1)
    anna = browser(client)
    token = claim(anna, room, "rev1", "Anna")
    sign_up(anna, email="anna@example.org", seats=[{"game": room["id"], "seat": "rev1", "token": token}])
    sign_up(client, email="bob@example.org")
    assert "anna@example.org" not in client.get("/api/me").text
    assert client.get("/api/me/seats").json() == []
    assert token not in client.get("/api/my/games").text


def test_a_new_password_signs_out_every_other_device(client):
    name, csrf = sign_up(client)
    laptop = browser(client)
    laptop.post("/api/session", json={"name": name, "password": PASSWORD})
    assert client.patch("/api/me", headers={"X-CSRF-Token": csrf},
                        json={"password": "a brand new passphrase"}).status_code == 422  # current_password missing
    assert client.patch("/api/me", headers={"X-CSRF-Token": csrf},
                        json={"password": "a brand new passphrase", "current_password": "wrong one"}).status_code == 403
    r = client.patch("/api/me", headers={"X-CSRF-Token": csrf},
                     json={"password": "a brand new passphrase", "current_password": PASSWORD})
    assert r.status_code == 200
    assert client.get("/api/me").status_code == 200  # this device got a new cookie
    assert laptop.get("/api/me").status_code == 401
    assert laptop.post("/api/session", json={"name": name, "password": PASSWORD}).status_code == 401
    assert laptop.post("/api/session", json={"name": name, "password": "a brand new passphrase"}).status_code == 200


def test_change_name_and_email(client):
    name, csrf = sign_up(client, email="old@example.org")
    other, _ = sign_up(browser(client))
    assert client.patch("/api/me", headers={"X-CSRF-Token": csrf}, json={"name": other}).status_code == 409
    new = fresh_name("Renamed")
    r = client.patch("/api/me", headers={"X-CSRF-Token": csrf}, json={"name": new})
    assert r.status_code == 200 and r.json()["account"]["name"] == new
    assert client.patch("/api/me", headers={"X-CSRF-Token": csrf}, json={"email": "new@example.org"}).status_code == 422
    r = client.patch("/api/me", headers={"X-CSRF-Token": csrf},
                     json={"email": "new@example.org", "current_password": PASSWORD})
    assert r.json()["account"]["email"] == "new@example.org" and r.json()["account"]["email_verified"] is False
    r = client.patch("/api/me", headers={"X-CSRF-Token": csrf}, json={"remove_email": True, "current_password": PASSWORD})
    assert r.json()["account"]["email"] is None
    assert client.patch("/api/me", headers={"X-CSRF-Token": csrf}, json={"remove_email": 1}).status_code == 422


def test_deleting_the_account_keeps_its_games_with_the_name_as_plain_text(client):
    room = create_room(client, 1)
    name, csrf = sign_up(client)
    claim(client, room, "rev1", name)
    assert client.request("DELETE", "/api/me", headers={"X-CSRF-Token": csrf},
                          json={"password": "wrong password"}).status_code == 403
    assert client.request("DELETE", "/api/me", headers={"X-CSRF-Token": csrf},
                          json={"password": PASSWORD}).status_code == 204
    assert client.get("/api/me").status_code == 401
    seats = {s["seat"]: s["name"] for s in client.get(f"/api/games/{room['id']}").json()["seats"]}
    assert seats["rev1"] == name
    assert client.post("/api/session", json={"name": name, "password": PASSWORD}).status_code == 401
    sign_up(browser(client), name=name)  # the name is free again


def test_guessing_is_slowed_per_name_and_address_without_locking_the_owner_out(db_url):
    settings = make_settings(db_url).model_copy(update={"account_logins_per_name_address": 3})
    name = fresh_name()

    async def scenario():
        async with AsgiClient(settings, client_addr=some_address()) as owner:
            assert (await owner.post("/api/accounts", json={"name": name, "password": PASSWORD})).status_code == 201
        async with AsgiClient(settings, client_addr=some_address()) as attacker:
            guesses = [(await attacker.post("/api/session", json={"name": name, "password": f"guess {i} xx"})).status_code
                       for i in range(5)]
            blocked = await attacker.post("/api/session", json={"name": name, "password": PASSWORD})
        async with AsgiClient(settings, client_addr=some_address()) as owner:
            mine = await owner.post("/api/session", json={"name": name, "password": PASSWORD})
        return guesses, blocked, mine

    guesses, blocked, mine = run_async(scenario())
    assert guesses == [401, 401, 401, 429, 429]
    assert blocked.status_code == 429 and blocked.headers["Retry-After"]  # even the right password, from there
    assert mine.status_code == 200  # the owner, from their own address, is never locked out


def test_no_password_or_email_in_any_log_line(client, caplog):
    caplog.set_level(logging.DEBUG)
    sign_up(client, email="secret-address@example.org", password="a very secret passphrase")
    client.post("/api/session", json={"name": "whoever", "password": "another secret guess"})
    text = "\n".join(r.getMessage() + str(r.__dict__) for r in caplog.records)
    for secret in ("secret-address@example.org", "a very secret passphrase", "another secret guess"):
        assert secret not in text
