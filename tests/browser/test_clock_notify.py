"""Browser (issue 13): the table draws a chess clock that runs for the seat to act, and when the
bot Soviet's move makes it your turn while the tab is hidden, a notification (the player allowed
them) and a title and favicon badge, gone once the tab is looked at again."""
from __future__ import annotations

import json
import urllib.request

import pytest

pytestmark = pytest.mark.browser

# Before any page script: the tab starts hidden, and notifications are allowed and recorded.
HIDDEN_AND_ALLOWED = """
window.__hidden = true;
Object.defineProperty(document, 'hidden', { get: () => window.__hidden });
window.__notes = [];
window.Notification = class { constructor(title, opts) { window.__notes.push({ title, ...opts }); }
  close() {} static get permission() { return 'granted'; } static requestPermission() { return Promise.resolve('granted'); } };
"""


def post(server, path: str, body: dict) -> dict:
    req = urllib.request.Request(server.url + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def test_clock_on_the_table_and_a_turn_notification_with_badges_while_hidden(server, browser):
    room = post(server, "/api/games", {"revolutionaries": 1, "bots": {"soviet": "normal"}, "private": False,
                                       "pace": {"mode": "clock", "minutes": 5}})
    gid = room["id"]
    token = post(server, f"/api/games/{gid}/seats/rev1", {"name": "Anna"})["token"]
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script(HIDDEN_AND_ALLOWED)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/games/{gid}/table#resume=rev1.{token}")
    page.wait_for_selector("#clock-panel li.clock[data-seat=rev1] .clock-left")
    assert "Chess clock: 5 min" in page.inner_text("#clock-panel")
    # The bot Soviet moves after its pause; then the engine waits for rev1: its clock runs.
    page.wait_for_selector("#clock-panel li.clock[data-seat=rev1] .clock-left.ticking", timeout=20_000)
    page.wait_for_function("() => document.title.startsWith('(1) ')", timeout=10_000)
    notes = page.evaluate("() => window.__notes")
    assert len(notes) == 1 and "your turn" in notes[0]["title"]
    assert page.evaluate("() => document.querySelector('link[rel=icon]').href.startsWith('data:image/svg+xml')")
    shown = page.inner_text("#clock-panel li.clock[data-seat=rev1] .clock-left")
    assert shown.startswith("4:") or shown == "5:00"
    # Looking at the tab again clears both badges.
    page.evaluate("() => { window.__hidden = false; document.dispatchEvent(new Event('visibilitychange')); }")
    page.wait_for_function("() => !document.title.startsWith('(1) ')")
    assert page.evaluate("() => document.querySelector('link[rel=icon]').href.endsWith('/static/favicon.svg')")
    assert not errors
    ctx.close()


def test_the_lobby_creates_a_room_with_a_chess_clock(server, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.check("#create-form input[name=revolutionaries][value='1']")
    page.check("#pace-set input[name=pace][value=clock]")
    page.fill("#pace-minutes", "7")
    page.click("#create-btn")
    page.wait_for_url("**/games/*", timeout=15_000)
    gid = page.url.rstrip("/").rsplit("/", 1)[-1]
    with urllib.request.urlopen(f"{server.url}/api/games/{gid}") as r:
        assert json.load(r)["pace"] == {"mode": "clock", "minutes": 7}
    ctx.close()
