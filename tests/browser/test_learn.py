"""Browser: learning the game on the site (issue 33) at 1280x800 and 390x844. The rules in our own
words at /rules; the goal always in view at the table (one tap away on a phone); the whole log
beside the map, grouped by day and phase, earlier entries paged from the server; "since your last
move"; players' names (bots named per seat, "You" only on your own screen). Screenshots go to
/tmp/learn-shots."""
from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path

import pytest

from .helpers import _req, open_seat, rest_play, rest_room, rest_view

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/learn-shots")
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def viewport(size: str) -> dict:
    width, height = SIZES[size]
    return {"width": width, "height": height}
WRONG_VERB = re.compile(r"\bYou (draws|discards|resolves|moves|ends|passes|puts|takes|plays|stays|uses|attacks)\b")


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def box_of(page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def in_view(page, selector: str) -> bool:
    b = box_of(page, selector)
    vh, vw = page.evaluate("() => [innerHeight, innerWidth]")
    return bool(b) and b["y"] >= -1 and b["y"] + b["height"] <= vh + 1 and b["x"] >= 0 and b["x"] + b["width"] <= vw + 1


def settle(page, ms: int = 400) -> None:
    page.wait_for_timeout(ms)


# ----- 1. the rules in our own words ----------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_rules_page_says_the_goal_and_a_search_for_victory_finds_it(server, browser, size):
    ctx = browser.new_context(viewport=viewport(size))
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/rules")
    page.wait_for_selector("#card-e22", state="attached")  # the catalogue under the rules has loaded
    assert page.locator("#goal h2").inner_text().startswith("The goal")
    assert in_view(page, "#goal h2") or page.locator("#goal").is_visible()
    shot(page, f"rules-top-{size}")
    for word in ("victory", "win", "goal"):
        page.fill("#filter", word)
        assert page.locator("section.rules-section#goal").is_visible(), word
        assert re.match(rf"“{word}”: [1-9]\d* rules sections?", page.inner_text("#filter-count")), word
    page.fill("#filter", "victory")
    assert page.locator("section.rules-section#components").is_hidden()  # what does not mention it is hidden
    page.locator("#goal").scroll_into_view_if_needed()
    shot(page, f"rules-search-victory-{size}")
    page.fill("#filter", "")
    # A card named in the rules text leads to its entry in the catalogue.
    page.locator("#end a.card-link[href='#card-e22']").click()
    settle(page)
    assert in_view(page, "#card-e22"), (box_of(page, "#card-e22"), page.evaluate("() => [scrollY, document.body.scrollHeight]"))
    assert "Battle" in page.inner_text("#card-e22")
    # And a ruling to its line at the bottom.
    page.locator("#goal a.rref[href='#ruling-R57']").click()
    settle(page)
    assert in_view(page, "#ruling-R57")
    shot(page, f"rules-ruling-{size}")
    assert not errors, errors
    ctx.close()


# ----- 2. the goal on the table -----------------------------------------------------------------------
@pytest.fixture(scope="module")
def day_two(server):
    room = rest_room(server.url, 2, {"rev1": "Anna", "rev2": "Béla", "soviet": "Olga"})
    rest_play(server.url, room, lambda v: v["day"] >= 2 and v["phase"] == "revolutionary", seed=4)
    return room


def test_the_goal_stays_in_view_on_a_desktop_with_each_rule_as_a_tooltip(server, browser, day_two):
    errors: list[str] = []
    page = open_seat(browser, server.url, day_two, "rev1", size=SIZES["desktop"], errors=errors)
    page.wait_for_selector("#goal .goal-chip")
    view = rest_view(server.url, day_two, "rev1")["view"]
    goal = view["goal"]
    events = page.locator("#goal .goal-chip[data-goal=events]")
    assert events.is_visible() and in_view(page, "#goal .goal-chip[data-goal=events]")
    assert events.inner_text().replace("\n", " ") == f"Events {goal['events_on_board']} / 4"
    assert "at most 4 events" in events.get_attribute("title")
    day = page.locator("#goal .goal-chip[data-goal=day]")
    assert day.inner_text().replace("\n", " ") == f"Day {view['day']} / 7" and "after day 7" in day.get_attribute("title")
    mine = page.locator("#goal .goal-chip[data-goal=injuries-rev1]")
    assert mine.inner_text().replace("\n", " ") == f"You: injuries {view['injuries']['rev1']} / 4"
    assert "injury number 4" in mine.get_attribute("title")
    assert "Béla: injuries" in page.inner_text("#goal")
    sweep = page.locator("#goal .goal-chip[data-goal=sweep]")
    assert f"{goal['soviet_tanks_on_board']} tanks, {goal['militia_on_board']} militia" in sweep.inner_text()
    assert "no Soviet tank and no militia" in sweep.get_attribute("title")
    assert "skull" in page.locator("#goal .goal-chip[data-goal=morale]").get_attribute("title")
    shot(page, "goal-desktop-top")
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    settle(page)
    assert in_view(page, "#goal .goal-chip[data-goal=events]")  # always in view: it rides in the sticky prompt
    shot(page, "goal-desktop-scrolled")
    page.locator("#goal .goal-chip[data-goal=events]").click()  # a click (a tap) shows the rule too
    assert "at most 4 events" in page.inner_text("#goal-rule")
    assert not errors, errors
    page.context.close()


def test_the_goal_is_one_tap_away_on_a_phone(server, browser, day_two):
    errors: list[str] = []
    page = open_seat(browser, server.url, day_two, None, size=SIZES["phone"], errors=errors)
    page.wait_for_selector("#goal .goal-toggle")
    toggle = page.locator("#goal .goal-toggle")
    assert in_view(page, "#goal .goal-toggle")
    assert page.locator("#goal .goal-chips").is_hidden()
    assert re.match(r"Goal: events \d / 4 · day 2 / 7", toggle.inner_text())
    page.evaluate("() => window.scrollTo(0, 1500)")
    settle(page)
    assert in_view(page, "#goal .goal-toggle")
    page.locator("#goal .goal-toggle").click()
    assert page.locator("#goal .goal-chip[data-goal=events]").is_visible()
    page.locator("#goal .goal-chip[data-goal=injuries-rev1]").click()
    assert "injury number 4" in page.inner_text("#goal-rule")
    assert "Anna: injuries" in page.inner_text("#goal")  # a spectator reads names, never "You"
    assert "You" not in page.inner_text("#goal")
    shot(page, "goal-phone-open")
    assert not errors, errors
    page.context.close()


def test_the_goal_of_a_zhukov_solo_game_counts_to_the_fifth_injury(server, browser):
    room = rest_room(server.url, 1, {"rev1": "Anna"}, options={"ruleset": "zhukov"})
    errors: list[str] = []
    page = open_seat(browser, server.url, room, "rev1", size=SIZES["desktop"], errors=errors)
    page.wait_for_selector("#goal .goal-chip")
    mine = page.locator("#goal .goal-chip[data-goal=injuries-rev1]")
    assert mine.inner_text().replace("\n", " ") == "You: injuries 0 / 5" and "injury number 5" in mine.get_attribute("title")
    assert "General Zhukov card" in page.locator("#goal .goal-chip[data-goal=support]").get_attribute("title")
    shot(page, "goal-zhukov-desktop")
    assert not errors, errors
    page.context.close()


# ----- 3. the whole log ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def long_game(server):
    """A game whose log is longer than the tail plus the table's first page (25 + 200 entries): three
    Revolutionaries who rarely pass write about 300 entries a game."""
    for seed in range(6, 16):  # random play can end a game early (an injury too many): try another
        room = rest_room(server.url, 3, {"rev1": "Anna", "rev2": "Béla", "rev3": "Csaba", "soviet": "Olga"})
        if rest_play(server.url, room, lambda v: v["log_size"] > 240, seed=seed, prefer_end=0.05)["view"]["log_size"] > 240:
            return room
    raise AssertionError("no random game wrote 240 log entries")


@pytest.mark.parametrize("size", SIZES)
def test_every_entry_of_the_game_is_readable_from_the_table_grouped_by_day_and_phase(server, browser, long_game, size):
    errors: list[str] = []
    page = open_seat(browser, server.url, long_game, None, size=SIZES[size], errors=errors)
    total = rest_view(server.url, long_game, "soviet")["view"]["log_size"]
    page.wait_for_function("() => document.querySelectorAll('#log li[data-n]').length > 25")
    assert page.locator("#log li[data-n]").count() > 25  # more than the tail a view carries
    if size == "desktop":  # beside the map, in view without scrolling
        log, board = box_of(page, "#log"), box_of(page, "#board-wrap")
        assert log["x"] >= board["x"] + board["width"] and log["y"] < 800 - 150
        assert in_view(page, "#side")
    shot(page, f"log-{size}")
    button = page.locator("#log-earlier")
    assert button.count(), (total, page.locator("#log li[data-n]").count(), page.locator("#log li[data-n]").first.get_attribute("data-n"))
    assert button.is_visible() and re.search(r"\((\d+) more\)", button.inner_text())
    for _ in range(10):
        if not page.locator("#log-earlier").count():
            break
        page.locator("#log-earlier").click()
        page.wait_for_timeout(300)
    assert page.locator("#log li[data-n]").count() == total
    assert page.locator('#log li[data-n="0"]').inner_text().startswith("A game for 3 Revolutionary")
    heads = page.locator("#log li.log-head").all_inner_texts()
    assert heads[0] == "Day 1 · October 23rd · Setup"
    assert "Day 1 · October 23rd · Soviet phase" in heads and "Day 1 · October 23rd · Revolutionary phase" in heads
    assert "Day 1 · October 23rd · SPA phase" in heads and any(h.startswith("Day 2 ·") for h in heads)
    page.locator('#log li[data-n="0"]').scroll_into_view_if_needed()
    shot(page, f"log-first-entries-{size}")
    assert not errors, errors
    page.context.close()


def test_a_players_own_draws_read_only_in_their_own_log(server, browser, long_game):
    pages = {seat: open_seat(browser, server.url, long_game, seat) for seat in ("rev1", None)}
    for p in pages.values():
        p.wait_for_function("() => document.querySelectorAll('#log li[data-n]').length > 25")
        while p.locator("#log-earlier").count():
            p.locator("#log-earlier").click()
            p.wait_for_timeout(300)
    mine, watched = pages["rev1"].inner_text("#log"), pages[None].inner_text("#log")
    assert "You draw" in mine and "You draw" not in watched
    assert "Anna draws" in watched
    for text in (mine, watched):
        assert not WRONG_VERB.search(text), WRONG_VERB.search(text)
    for p in pages.values():
        p.context.close()


# ----- 4. since your last move ---------------------------------------------------------------------------
def _act(server, room, seat, pick) -> None:
    m = rest_view(server.url, room, seat)
    action = pick([a for a in m["view"]["actions"] if a["type"] != "undo"])
    _req(server.url, f"/api/games/{room['gid']}/actions", {"version": m["version"], "action": action}, token=room["tokens"][seat])


@pytest.mark.parametrize("size", SIZES)
def test_since_your_last_move_sums_up_what_the_others_did(server, browser, size):
    room = rest_room(server.url, 2, {"rev1": "Anna", "rev2": "Béla", "soviet": "Olga"})
    rest_play(server.url, room, lambda v: v["phase"] == "revolutionary" and v["step"] == "turn_order", seed=2)
    errors: list[str] = []
    page = open_seat(browser, server.url, room, "rev1", size=SIZES[size], errors=errors)
    page.wait_for_selector("#since:not([hidden])")
    assert page.inner_text("#since").startswith("Since the game began:")
    shot(page, f"since-first-{size}")
    # Anna lets Béla go first: her decision ends (the table remembers where).
    _act(server, room, "rev1", lambda acts: next(a for a in acts if a.get("seat") == "rev2"))
    page.wait_for_selector("#since", state="hidden")
    # Béla draws a card and passes; then it is Anna's turn.
    while not rest_view(server.url, room, "rev1")["view"]["actions"]:
        _act(server, room, "rev2", lambda acts: next((a for a in acts if a["type"] == "draw_card"), None)
             or next(a for a in acts if a["type"] in ("end_turn", "done")))
        time.sleep(0.15)
    page.wait_for_selector("#since:not([hidden])")
    text = page.inner_text("#since")
    assert re.match(r"Since your last move: \d+ log entr", text), text
    assert "null" not in text
    n = int(re.search(r": (\d+) log", text)[1])
    log_size = rest_view(server.url, room, "rev1")["view"]["log_size"]
    assert 2 <= n < log_size
    assert in_view(page, "#since")
    shot(page, f"since-last-move-{size}")
    page.locator("#since-read").click()
    settle(page)
    first = page.locator("#log li.since-first")
    assert first.count() == 1 and "Béla" in first.inner_text()
    assert in_view(page, "#log li.since-first")
    shot(page, f"since-read-in-log-{size}")
    assert not errors, errors
    page.context.close()


# ----- 5. names --------------------------------------------------------------------------------------------
def _room(server, gid: str) -> dict:
    with urllib.request.urlopen(f"{server.url}/api/games/{gid}") as r:
        return json.load(r)


@pytest.mark.parametrize("size", SIZES)
def test_a_solo_player_is_named_and_each_bot_says_its_seat(server, browser, size):
    ctx = browser.new_context(viewport=viewport(size))
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.locator("#solo summary").click()
    page.check("input[name=solo-revs][value='3']")
    page.check("#solo-teammates")
    page.fill("#solo-name", "You")  # refused before any room is made
    page.click("#solo-btn")
    assert "Choose a name" in page.inner_text("#solo-error")
    assert page.url.rstrip("/") == server.url
    page.fill("#solo-name", "Anna")
    page.click("#solo-btn")
    page.wait_for_url("**/table", timeout=15_000)
    page.wait_for_selector("#loc-radio")
    gid = page.url.rstrip("/").rsplit("/", 2)[-2]
    names = {s["seat"]: s["name"] for s in _room(server, gid)["seats"]}
    assert names == {"soviet": "Soviet bot (normal)", "rev1": "Anna", "rev2": "Revolutionary 2 bot (normal)",
                     "rev3": "Revolutionary 3 bot (normal)"}
    page.wait_for_function("() => document.querySelectorAll('#player-list li[data-seat]').length === 4")
    players = page.inner_text("#player-list")
    assert "Anna (Revolutionary 1), you" in players
    for bot in ("Soviet bot (normal)", "Revolutionary 2 bot (normal)", "Revolutionary 3 bot (normal)"):
        assert bot in players
    # The bot Soviet plays its phase; the first team choice then waits for Anna.
    page.wait_for_function("() => +document.getElementById('table').dataset.actions > 0", timeout=60_000)
    shot(page, f"names-solo-{size}")
    # A spectator reads Anna by her name everywhere, never "You".
    watcher = browser.new_context(viewport=viewport(size)).new_page()
    watcher.on("pageerror", lambda e: errors.append(str(e)))
    watcher.goto(f"{server.url}/games/{gid}/table")
    watcher.wait_for_selector("#loc-radio")
    watcher.wait_for_function("() => document.getElementById('prompt-text').textContent.includes('Waiting for')")
    prompt = watcher.inner_text("#prompt-text")
    assert "Waiting for Anna" in prompt and "You" not in prompt
    assert "You" not in watcher.inner_text("#player-list")
    body = watcher.inner_text("#log") + page.inner_text("#log")
    assert not WRONG_VERB.search(body), WRONG_VERB.search(body)
    assert "Bot (normal) puts Bot (normal)" not in body
    shot(watcher, f"names-spectator-{size}")
    assert not errors, errors
    watcher.context.close()
    ctx.close()
