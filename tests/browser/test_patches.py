"""Issue 14: the table follows a game on JSON Patches. A seat's page opens its socket (patches are
the server's default), gets one full view and then patches; the page shows the version the server is at and
the texts of its cards (joined from the catalog: views carry ids only)."""
from __future__ import annotations

import json

import pytest

from engine.public import view_records

from .helpers import rest_play, rest_room, rest_view

pytestmark = pytest.mark.browser


def test_the_table_plays_on_patches(server, browser):
    room = rest_room(server.url, 1)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    errors: list[str] = []
    frames: list[dict] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(json.loads(f)) if isinstance(f, str) else None))
    page.goto(server.url + "/rules")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [f"doi:seat:{room['gid']}", json.dumps({"seat": "rev1", "token": room["tokens"]["rev1"], "name": "R"})])
    page.goto(f"{server.url}/games/{room['gid']}/table")
    page.wait_for_selector("#loc-radio")
    try:
        rest_play(server.url, room, lambda v: v["day"] >= 2 or v["phase"] == "revolutionary", seed=5)
        version = rest_view(server.url, room, "rev1")["version"]
        page.wait_for_function(f"() => +document.getElementById('table').dataset.version === {version}", timeout=15_000)
        kinds = [f["type"] for f in frames if f.get("type") in ("view", "patch")]
        assert kinds.count("patch") >= 5 and kinds.count("view") <= 3, kinds
        assert all(f["base"] == f["version"] - 1 for f in frames if f.get("type") == "patch")
        hand = rest_view(server.url, room, "rev1")["view"]["hand"]
        texts = view_records()
        shown = page.inner_text("#hand")
        assert hand and all(texts[c["id"]]["name"] in shown for c in hand), shown
        assert not errors, errors
    finally:
        ctx.close()
