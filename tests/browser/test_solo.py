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
    assert "Bot (normal)" in page.inner_text("#player-list")
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
    assert page.eval_on_selector("#table", "t => t.dataset.seat") == "rev1"
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
