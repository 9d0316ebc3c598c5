"""Browser (1280x800): waiting for bots (issue 32, item 4): the table says the bot Soviet is thinking,
"Skip to my turn" brings your next decision at once, and "While you were away" sums up what the bot
did meanwhile."""
from __future__ import annotations

import json
import time
import urllib.request

import pytest

from .conftest import ARTIFACTS

pytestmark = pytest.mark.browser


def room(server, gid: str) -> dict:
    with urllib.request.urlopen(f"{server.url}/api/games/{gid}") as r:
        return json.load(r)


def in_viewport(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800 and box["x"] + box["width"] <= 1280


def test_thinking_skip_and_while_you_were_away(server, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.click("#solo summary")
    page.select_option("#solo-bot-pace", "normal")  # a second a move: the whole Soviet phase takes ~10 s
    page.click("#solo-btn")
    page.wait_for_url("**/table", timeout=15_000)
    gid = page.url.rstrip("/").rsplit("/", 2)[-2]
    assert room(server, gid)["bot_pace"] == "normal"

    page.wait_for_selector("#bot-wait:not([hidden])", timeout=15_000)
    assert page.inner_text("#bot-thinking") == "The Soviet commander is thinking…"
    assert in_viewport(page, "#bot-wait") and in_viewport(page, "#skip-bots")
    assert page.eval_on_selector("#away", "n => n.hidden")  # nothing to sum up before your decision
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "bot_thinking_1280.png"))

    start = time.monotonic()
    page.click("#skip-bots")
    # Your decision comes at once (a whole Soviet phase at a second a move would take ~10 s).
    page.wait_for_function("() => +document.getElementById('table').dataset.actions > 0", timeout=6_000)
    waited = time.monotonic() - start
    assert waited < 6
    page.wait_for_selector("#away:not([hidden])", timeout=5_000)
    assert page.eval_on_selector("#bot-wait", "n => n.hidden")
    summary = page.inner_text("#away summary")
    assert summary.startswith("While you were away:")
    items = page.locator("#away li").all_inner_texts()
    assert len(items) >= 2 and any("Soviet commander" in t or "Bot (normal)" in t for t in items)
    assert in_viewport(page, "#away summary")
    page.screenshot(path=str(ARTIFACTS / "bot_away_1280.png"))
    assert not errors
    ctx.close()
