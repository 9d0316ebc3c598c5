"""Issue 34: public profiles (`/api/players/{name}`, `/players/NAME`) and "next game" (`/api/my/next`).
A profile lists the player's games with their links, wins and ratings, and nothing private: no
e-mail address, no setting, no seat token, and no private room's game to anyone but its player."""
from __future__ import annotations

from urllib.parse import quote

from tests.server.helpers import auth, browser, create_room
from tests.server.test_accounts import PASSWORD, fresh_name, sign_up
from tests.server.test_ratings import claim, play_out


def test_a_profile_shows_games_and_links_but_no_address_setting_token_or_private_room(client):
    me = browser(client)
    name, csrf = sign_up(me, fresh_name("Profile"), email="secret.player@example.org")
    assert me.patch("/api/me", headers={"X-CSRF-Token": csrf}, json={"notify": {"turn": False}}).status_code == 200
    public = create_room(client, 1)
    private = create_room(client, 1, private=True)
    tokens = {"soviet": claim(me, public, "soviet", "Pub"), "rev1": claim(browser(client), public, "rev1", "Them")}
    secret_token = claim(me, private, "rev1", "Hidden")
    ended = create_room(client, 1)
    finished = {"soviet": claim(me, ended, "soviet"), "rev1": claim(browser(client), ended, "rev1")}
    result = play_out(client, ended["id"], finished, seed=2)

    stranger = browser(client)
    r = stranger.get(f"/api/players/{name}")
    assert r.status_code == 200
    body = r.json()
    assert body["name"] == name
    assert [g["id"] for g in body["live"]] == [public["id"]]  # the private room is not listed
    live = body["live"][0]
    assert live["table"] == f"/games/{public['id']}/table" and live["seats"] == ["soviet"]
    assert {p["seat"]: (p["name"], p["account"]) for p in live["players"]} == {"soviet": ("Pub", name),
                                                                               "rev1": ("Them", None)}
    done = body["finished"][0]
    assert done["id"] == ended["id"] and done["replay"] == f"/games/{ended['id']}/replay"
    assert done["won"] == (result["winner"] == "soviet") and done["result"] == result
    assert body["wins"] == [{"ruleset": "conflict", "side": "soviet", "games": 1,
                             "wins": int(result["winner"] == "soviet")}]
    text = r.text
    for secret in ("secret.player", "example.org", "notify", "email", "csrf", secret_token, private["id"],
                   *tokens.values(), *finished.values(), "sealed", "token", "guest_id", "invite"):
        assert secret not in text, secret
    page = stranger.get(f"/players/{name}")
    assert page.status_code == 200 and f'data-game="{public["id"]}"' in page.text
    assert f'href="/games/{ended["id"]}/replay"' in page.text
    assert private["id"] not in page.text and "secret.player" not in page.text and secret_token not in page.text

    # The player themself sees their private room's game too.
    mine = me.get(f"/api/players/{name}").json()
    assert {g["id"] for g in mine["live"]} == {public["id"], private["id"]}


def test_names_are_case_insensitive_and_unknown_names_are_404(client):
    name, _ = sign_up(browser(client), fresh_name("Casey"))
    assert client.get(f"/api/players/{name.upper()}").json()["name"] == name
    assert client.get(f"/api/players/{name.lower()}").json()["name"] == name
    r = client.get(f"/api/players/{fresh_name('Nobody')}")
    assert r.status_code == 404 and r.json()["code"] == "not_found"
    page = client.get(f"/players/{fresh_name('Nobody')}")
    assert page.status_code == 404 and "No such player" in page.text


def test_bad_names_are_refused_with_4xx(client):
    for bad in ("a%00b", "%00", "x" * 65, "y" * 5000, "%20lead", "tab%09in", "nl%0A", "%7F"):
        for path in (f"/api/players/{bad}", f"/players/{bad}"):
            r = client.get(path)
            assert r.status_code in (414, 422), (path, r.status_code)
    assert client.post("/api/players/someone").status_code == 405


def test_a_name_with_markup_is_shown_as_text(client):
    name, _ = sign_up(browser(client), f"<img src=x onerror=alert(1)>{fresh_name('Tag')}")
    page = client.get(f"/players/{quote(name)}")
    assert page.status_code == 200
    assert name not in page.text and name.replace("<", "&lt;").replace(">", "&gt;") in page.text


def test_next_game_is_the_longest_waiting_game_where_your_seat_decides(client):
    me = browser(client)
    name, _ = sign_up(me, fresh_name("Next"))
    them = browser(client)
    assert me.get("/api/my/next").json() == {"waiting": 0, "next": None}
    first, second, theirs = create_room(client, 1), create_room(client, 1), create_room(client, 1)
    for room in (first, second):  # the Soviet opens a Conflict game: these two wait for me
        claim(me, room, "soviet")
        claim(them, room, "rev1")
    claim(me, theirs, "rev1")  # here the other side is to move
    their_soviet = claim(them, theirs, "soviet")
    got = me.get("/api/my/next").json()
    assert got["waiting"] == 2
    assert got["next"] == {"id": first["id"], "seats": ["soviet"], "url": f"/games/{first['id']}/table"}
    # At the first table, the button leads on to the second one.
    at_first = me.get("/api/my/next", params={"current": first["id"]}).json()
    assert at_first["waiting"] == 1 and at_first["next"]["id"] == second["id"]
    # The other browser's turn nowhere: its Soviet seat in `theirs` waits, the rest are not its move.
    assert them.get("/api/my/next").json()["next"]["id"] == theirs["id"]
    # Once its Soviet moves, it is not its turn there any more.
    view = them.get(f"/api/games/{theirs['id']}/view", headers=auth(their_soviet)).json()
    version, actions = view["version"], view["view"]["actions"]
    while actions:
        r = them.post(f"/api/games/{theirs['id']}/actions", headers=auth(their_soviet),
                      json={"version": version, "action": actions[0]})
        assert r.status_code == 200, r.text
        version, actions = r.json()["version"], r.json()["view"]["actions"]
    assert them.get("/api/my/next").json() == {"waiting": 0, "next": None}
    now = me.get("/api/my/next").json()  # and it is my Revolutionary's turn there
    assert now["waiting"] == 3 and now["next"]["id"] == first["id"]
    # The account's seats follow it to another device: a fresh browser, signed in to it.
    other_device = browser(client)
    assert other_device.get("/api/my/next").json() == {"waiting": 0, "next": None}
    assert other_device.post("/api/session", json={"name": name, "password": PASSWORD}).status_code == 200
    assert other_device.get("/api/my/next").json() == now
    for bad in ({"current": "a\x00"}, {"current": "x" * 40}, {"current": "../x"}):
        assert me.get("/api/my/next", params=bad).status_code == 422, bad


def test_next_game_counts_a_guests_seats_from_its_cookie(client):
    guest = browser(client)
    room = create_room(client, 1)
    claim(guest, room, "soviet", "Guest")
    claim(browser(client), room, "rev1", "Other")
    got = guest.get("/api/my/next").json()
    assert got == {"waiting": 1, "next": {"id": room["id"], "seats": ["soviet"], "url": f"/games/{room['id']}/table"}}
    assert guest.get("/api/my/next", params={"current": room["id"]}).json() == {"waiting": 0, "next": None}


def test_a_deleted_account_leaves_no_profile_and_no_rating(client):
    from sqlalchemy import func, select

    from app.infra.models import AccountRow, RatingRow
    from tests.server.test_ratings import account_browser, rated

    soviet, sname = account_browser(client)
    rev, rname = account_browser(client)
    room = create_room(client, 1)
    tokens = {"soviet": claim(soviet, room, "soviet"), "rev1": claim(rev, room, "rev1")}
    play_out(client, room["id"], tokens, seed=6)
    rated(client, sname, ("conflict", "soviet"))

    async def read(query):
        async with client.app.state.store.reading() as s:
            return (await s.execute(query)).scalar_one()

    gone = client.portal.call(read, select(AccountRow.id).where(AccountRow.name == sname))
    count = select(func.count()).select_from(RatingRow).where(RatingRow.account_id == gone)
    assert client.portal.call(read, count) == 1
    csrf = soviet.get("/api/me").json()["csrf"]
    r = soviet.request("DELETE", "/api/me", headers={"X-CSRF-Token": csrf}, json={"password": PASSWORD})
    assert r.status_code == 204
    assert client.get(f"/api/players/{sname}").status_code == 404
    assert client.portal.call(read, count) == 0  # its ratings went with it
    # The other player's profile still lists the game; the seat is no account's any more.
    game = client.get(f"/api/players/{rname}").json()["finished"][0]
    assert {p["seat"]: p["account"] for p in game["players"]} == {"soviet": None, "rev1": rname}
