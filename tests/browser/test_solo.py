"""Browser: a solo game from the lobby in one click (issue 13, AI seats): the table opens on your
Revolutionary seat and the bot Soviet moves without anyone clicking."""
from __future__ import annotations

import json
import urllib.request

import pytest

from .helpers import version, wait_version

pytestmark = pytest.mark.browser


def room(server, gid: str) -> dict:
    with urllib.request.urlopen(f"{server.url}/api/games/{gid}") as r:
        return json.load(r)


def test_one_click_solo_game_opens_the_table_and_the_bot_soviet_plays(server, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.click("#solo-btn")
    page.wait_for_url("**/table", timeout=15_000)
    page.wait_for_selector("#loc-radio")
    assert page.eval_on_selector("#table", "t => t.dataset.seat") == "rev1"
    wait_version(page, 0, timeout=20_000)  # the bot opened the game: nobody here clicked
    gid = page.url.rstrip("/").rsplit("/", 2)[-2]
    g = room(server, gid)
    assert g["private"] is True and g["status"] == "active" and version(page) >= 1
    assert {s["seat"]: s["bot"] for s in g["seats"]} == {"soviet": "normal", "rev1": None}
    assert "Soviet bot (normal)" in page.inner_text("#player-list")
    assert page.query_selector("#seat-switch") is None  # one seat of yours: nothing to switch
    assert not errors
    ctx.close()


def test_solo_with_two_revolutionary_seats_of_yours_switches_seats_on_the_table(server, browser):
    """Solo options: 2 Revolutionary seats, all yours, against a bot Soviet; the table switches seats."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.click("#solo summary")
    page.check("input[name=solo-revs][value='2']")
    page.select_option("#solo-level", "easy")
    page.click("#solo-btn")
    page.wait_for_url("**/table", timeout=15_000)
    page.wait_for_selector("#seat-switch button[data-seat=rev2]")
    page.wait_for_function("() => document.getElementById('table').dataset.seat === 'rev1'", timeout=15_000)
    page.click("#seat-switch button[data-seat=rev2]")
    page.wait_for_function("() => document.getElementById('table').dataset.seat === 'rev2'", timeout=15_000)
    gid = page.url.rstrip("/").rsplit("/", 2)[-2]
    assert {s["seat"]: s["bot"] for s in room(server, gid)["seats"]} == {"soviet": "easy", "rev1": None, "rev2": None}
    ctx.close()


def test_solo_as_the_soviet_against_bot_revolutionaries(server, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.click("#solo summary")
    page.check("input[name=solo-side][value='soviet']")
    page.check("input[name=solo-revs][value='3']")
    page.click("#solo-btn")
    page.wait_for_url("**/table", timeout=15_000)
    page.wait_for_selector("#loc-radio")
    assert page.eval_on_selector("#table", "t => t.dataset.seat") == "soviet"
    gid = page.url.rstrip("/").rsplit("/", 2)[-2]
    assert {s["seat"]: s["bot"] for s in room(server, gid)["seats"]} == {
        "soviet": None, "rev1": "normal", "rev2": "normal", "rev3": "normal"}
    ctx.close()


def test_the_resume_link_opens_the_seat_in_another_browser_and_not_in_another_game(server, browser):
    """Seats that follow their player (issue 13): the table shows a secret resume link."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.click("#solo-btn")
    page.wait_for_url("**/table", timeout=15_000)
    page.click("#resume summary")
    link = page.input_value("#resume-link")
    gid = page.url.rstrip("/").rsplit("/", 2)[-2]
    assert link.startswith(f"{server.url}/games/{gid}/table#resume=rev1.")
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    other = phone.new_page()
    other.goto(link)
    other.wait_for_function("() => document.getElementById('table').dataset.seat === 'rev1'", timeout=15_000)
    assert "#resume" not in other.url  # the secret leaves the address bar
    assert other.input_value("#resume-link") == link  # the seat is at home here now
    # The same secret on another game's table opens nothing there, and says why.
    with urllib.request.urlopen(urllib.request.Request(
            f"{server.url}/api/games", data=json.dumps({"revolutionaries": 1}).encode(),
            headers={"Content-Type": "application/json"})) as r:
        elsewhere = json.load(r)["id"]
    stranger = browser.new_context().new_page()
    stranger.goto(link.replace(f"/games/{gid}/", f"/games/{elsewhere}/"))
    stranger.wait_for_selector("#toast:not([hidden])")
    assert "not valid for this game" in stranger.inner_text("#toast")
    assert stranger.eval_on_selector("#table", "t => t.dataset.seat") in (None, "", "spectator")  # None: not drawn yet
    for c in (ctx, phone, stranger.context):
        c.close()


def test_the_lobby_lists_my_games_with_a_your_turn_mark(server, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.goto(server.url + "/")
    assert page.is_hidden("#my-games-box")  # a new browser holds no seat
    page.click("#solo-btn")
    page.wait_for_url("**/table", timeout=15_000)
    gid = page.url.rstrip("/").rsplit("/", 2)[-2]
    page.wait_for_function("() => document.querySelector('#buttons button, [data-legal=\"1\"]')", timeout=30_000)
    page.goto(server.url + "/")  # the bot has played: our Revolutionary has a decision to make
    item = page.wait_for_selector(f"#my-games li[data-game='{gid}']")
    assert "Revolutionary 1" in item.inner_text()
    page.wait_for_selector(f"#my-games li[data-game='{gid}'] .your-turn", timeout=10_000)
    item.query_selector("a").click()
    page.wait_for_url(f"**/games/{gid}/table")
    ctx.close()
