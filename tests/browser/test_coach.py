"""Browser: "Learn to play" (issue 33). The lobby's button opens the lesson's table, where the coach
explains each decision of the first day on the lesson's deal, and the Hint button names and marks
what the strong bot would do. Played by following the coach, at 1280x800 and at 390x844;
screenshots in /tmp/coach-*.png."""
from __future__ import annotations

import json
import re
import urllib.request

import pytest

pytestmark = pytest.mark.browser

# The first day as the coach teaches it: the line it shows, words of it, then the click it asks for.
DAY_ONE = [
    ("d1-start", "Walk to Bem Statue", "loc:bem"),
    ("d1-confirm-bem", "Confirm the move", "button:done"),
    ("d1-activate-margit", "Activate Margit Kócos", "button:activate_fighter"),
    ("d1-resolve-bem", "Resolve the event here", "button:resolve_event"),
    ("d1-pay-bem", "Select the Information card", "card:rc_information_3"),
    ("d1-confirm-bem-event", "Confirm", "button:done"),
    ("d1-walk-back", "Walk back to the University", "loc:university"),
    ("d1-take-margit", "Take Margit Kócos along", "button:take_fighter"),
    ("d1-pay-step", "Ammunition card", "card:rc_ammunition_4"),
    ("d1-confirm-university", "Confirm the move", "button:done"),
    ("d1-activate-otto", "Activate Ottó Lakatos", "button:activate_fighter"),
    ("d1-resolve-university", "Resolve the event here", "button:resolve_event"),
    ("d1-confirm-university-event", "Confirm", "button:done"),
    ("d1-end-turn", "End the turn", "button:end_turn"),
]


def room(server, gid: str) -> dict:
    with urllib.request.urlopen(f"{server.url}/api/games/{gid}") as r:
        return json.load(r)


def coach_line(page, line: str, timeout=60_000) -> str:
    """Wait for the coach to show `line` (skipping the bots' pauses meanwhile); its words."""
    page.wait_for_function("""(line) => {
        const skip = document.getElementById('skip-bots');
        if (skip && skip.offsetParent && !skip.disabled) skip.click();
        const c = document.getElementById('coach');
        return c && !c.hidden && c.dataset.line === line && !document.body.classList.contains('pending');
    }""", arg=line, timeout=timeout, polling=200)
    return page.inner_text("#coach")


def click(page, target: str) -> None:
    kind, what = target.split(":")
    version = page.eval_on_selector("#table", "t => +t.dataset.version")
    if kind == "loc":
        page.dispatch_event(f"#loc-{what}", "click")  # (on a phone the sticky prompt may cover the place)
    elif kind == "card":
        page.click(f"#hand [data-card={what}]")
    else:
        page.click(f"#buttons button[data-action-type={what}]")
    moved = f"+document.getElementById('table').dataset.version > {version}"
    page.wait_for_function(f"() => {moved} || document.getElementById('confirm').open", timeout=15_000)
    if page.evaluate("() => document.getElementById('confirm').open"):
        # A move that undo cannot take back alone (a face-down tile turned over) asks first (issue 33, point 5).
        page.click("#confirm-yes")
        page.wait_for_function(f"() => {moved}", timeout=15_000)


def start_lesson(browser, server, viewport):
    ctx = browser.new_context(viewport=viewport)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.screenshot(path=f"/tmp/coach-lobby-{viewport['width']}.png")
    page.fill("#solo-name", "Anna")
    page.click("#learn-btn")
    page.wait_for_url("**/table", timeout=15_000)
    gid = page.url.rstrip("/").rsplit("/", 2)[-2]
    return ctx, page, gid, errors


def ask_hint(page) -> str:
    page.keyboard.press("h")  # the key, as a keyboard player asks
    page.wait_for_selector("#hint-text:not([hidden])", timeout=30_000)
    return page.inner_text("#hint-text")


@pytest.mark.parametrize("name, viewport", [("desktop", {"width": 1280, "height": 800}),
                                            ("phone", {"width": 390, "height": 844})])
def test_learn_to_play_coaches_the_first_day_and_hints(server, browser, name, viewport):
    ctx, page, gid, errors = start_lesson(browser, server, viewport)
    g = room(server, gid)
    assert g["lesson"] == "first_game" and {s["seat"]: s["bot"] for s in g["seats"]} == {"soviet": "easy", "rev1": None}
    text = coach_line(page, "d1-start")
    assert "Walk to Bem Statue" in text and "costs nothing" in page.text_content("#coach-why")
    assert page.is_visible("#hint-btn")
    page.screenshot(path=f"/tmp/coach-{name}-start.png")

    hint = ask_hint(page)
    assert hint.startswith("The strong bot would choose: ")
    suggestion = hint.removeprefix("The strong bot would choose: ")
    # The suggestion is worded as the choice it marks, and the mark is on the table.
    marked = page.eval_on_selector_all(".hinted", "ns => ns.map((n) => n.id || n.dataset.actionKey || n.dataset.card || '')")
    assert marked, "the suggested choice is marked"
    m = re.match(r"Move to (.+?) \(", suggestion)
    if m:
        assert any(x.startswith("loc-") for x in marked)
        assert m.group(1) in page.get_attribute(f"#{marked[0]}", "aria-label")
    assert page.evaluate("() => document.activeElement.id") == "hint-play"  # H, then Enter plays it
    page.screenshot(path=f"/tmp/coach-{name}-hint.png")

    steps = DAY_ONE if name == "desktop" else DAY_ONE[:5]
    for line, words, target in steps:
        text = coach_line(page, line)
        assert words in text, (line, text)
        # A button the coach names by its words is there, worded so.
        for quoted in re.findall(r"“([^”]+)”", page.inner_text("#coach-do")):
            labels = page.eval_on_selector_all("#buttons button", "bs => bs.map((b) => b.textContent)")
            assert quoted in labels, (line, quoted, labels)
        assert not page.query_selector(".hinted") or line == "d1-start", "an old hint's mark is gone after a move"
        if line == "d1-activate-margit":
            page.screenshot(path=f"/tmp/coach-{name}-activate.png")
        click(page, target)
    if name == "desktop":
        # The first day is over: the coach says goodbye and lets go; the hint stays.
        page.wait_for_function("""() => {
            const skip = document.getElementById('skip-bots');
            if (skip && skip.offsetParent && !skip.disabled) skip.click();
            return document.getElementById('coach').dataset.line === 'farewell' && !document.getElementById('coach').hidden;
        }""", timeout=120_000, polling=300)
        assert "on your own" in page.inner_text("#coach")
        page.screenshot(path=f"/tmp/coach-{name}-farewell.png")
        page.click("#coach-close")
        assert page.is_hidden("#coach")
        assert page.is_visible("#hint-btn")
    else:
        page.screenshot(path=f"/tmp/coach-{name}-collect.png")
    assert not errors, errors
    ctx.close()


def test_a_spectator_of_the_lesson_sees_no_hint_and_no_coach(server, browser):
    ctx, page, gid, _ = start_lesson(browser, server, {"width": 1280, "height": 800})
    coach_line(page, "d1-start")
    other = browser.new_context(viewport={"width": 1280, "height": 800})
    watcher = other.new_page()
    watcher.goto(f"{server.url}/games/{gid}/table")
    watcher.wait_for_function("() => document.getElementById('table').dataset.seat === 'spectator'", timeout=15_000)
    assert watcher.is_hidden("#hint-box") and watcher.is_hidden("#coach")
    other.close()
    ctx.close()
