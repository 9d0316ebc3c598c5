"""Browser tests of issue 33, points 4-6, the spectators' chat channel and the desktop log, each on
the screen that shows it (Playwright and Chromium, at 1280x800 and/or 390x844):

4. On a phone "Fit map" keeps every text of the map at 10 px or more (the map in three columns);
   zoomed, more than a third of the map shows; the decision box folds to a compact bar (and opens
   on a tap); the room page breaks no word in the middle.
5. A decline ("Take no more cards") is never the highlighted or Enter choice; activating a fighter
   that turns a face-down tile over asks first; "Draw a card" as the last action says the turn ends.
6. "No actions left" instead of "(0 left)"; a minor event says "minor (X)", not "– CP"; the end
   chart's support axis reads as the board (H2 … S7); the map's hint names the button as it reads;
   crowded fighters keep readable names; no "Admin" in the top bar and no 401 in the console;
   a live game's whole row in the lobby is its link.
Also: spectators chat in their own channel, which a player shows or hides; the log is in view
beside the map at 1280x800 for the Soviet and for a Revolutionary.

Screenshots: /tmp/tablefix-*.png."""
from __future__ import annotations

import re

import pytest

from tests.staging_events import resolve, to_discard_pile
from tests.staging_headlines import give_active
from tests.staging_soviet_phase import with_event
from tests.support import game, refresh, rev_turn, set_hand, to_rev_turn, top

from .helpers import _req, open_seat, rest_play, rest_room
from .test_board_text import TEXT_SIZES_JS

pytestmark = pytest.mark.browser
DESKTOP, PHONE = (1280, 800), (390, 844)
SIZES = {"desktop": DESKTOP, "phone": PHONE}


def shot(page, name: str) -> None:
    page.screenshot(path=f"/tmp/tablefix-{name}.png")


@pytest.fixture(scope="module")
def day_two(server):
    """A live room on day 2, the Revolutionaries choosing their turn order."""
    room = rest_room(server.url, 2, {"rev1": "Anna", "rev2": "Béla", "soviet": "Olga"})
    rest_play(server.url, room, lambda v: v["day"] >= 2 and v["phase"] == "revolutionary", seed=4)
    return room


def smallest_text(page) -> float:
    return min(s["px"] for s in page.evaluate(TEXT_SIZES_JS))


def box(page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


# ----- 4. the phone ---------------------------------------------------------------------------------
def test_fit_map_on_a_phone_shows_the_whole_map_with_every_text_readable(server, browser, day_two):
    errors: list[str] = []
    page = open_seat(browser, server.url, day_two, "rev1", size=PHONE, errors=errors)
    hint = "() => getComputedStyle(document.getElementById('board-scroll'), '::after').content"
    assert page.inner_text("#zoom") == "Fit map" and "“Fit map”" in page.evaluate(hint)
    page.click("#zoom")
    page.wait_for_selector("#board[data-layout=portrait]")
    page.locator("#board-wrap").scroll_into_view_if_needed()
    # Every text of the map at 10 px or more, the whole map in the column (nothing to scroll sideways).
    assert smallest_text(page) >= 10.0
    scroll = page.evaluate("() => { const b = document.getElementById('board-scroll'); return [b.scrollWidth, b.clientWidth]; }")
    assert scroll[0] <= scroll[1] + 1, scroll
    wrap = box(page, "#board-scroll")
    for loc in page.locator("#board .loc").all():
        b = loc.locator(".loc-box").bounding_box()
        assert wrap["x"] - 1 <= b["x"] and b["x"] + b["width"] <= wrap["x"] + wrap["width"] + 1, loc.get_attribute("data-loc")
    assert page.locator("#board .loc").count() >= 11
    # Every road still joins its two places (two go round the edge: a path instead of a line).
    assert page.locator("#board .road").count() >= 17
    # The hint names the button as it reads now.
    assert page.inner_text("#zoom") == "Zoom map" and "“Zoom map”" in page.evaluate(hint)
    shot(page, "phone-fit-map")
    page.click("#zoom")
    page.wait_for_selector("#board[data-layout=map]")
    assert page.inner_text("#zoom") == "Fit map" and "“Fit map”" in page.evaluate(hint)
    assert smallest_text(page) >= 10.0  # zoomed too
    assert not errors, errors
    page.context.close()


VISIBLE_SHARE_JS = """() => {
  const b = document.getElementById('board').getBoundingClientRect();
  const s = document.getElementById('board-scroll').getBoundingClientRect();
  const p = document.getElementById('prompt').getBoundingClientRect();
  const top = Math.max(b.top, s.top, p.bottom, 0), bottom = Math.min(b.bottom, s.bottom, innerHeight);
  const left = Math.max(b.left, s.left, 0), right = Math.min(b.right, s.right, innerWidth);
  return Math.max(0, bottom - top) * Math.max(0, right - left) / (b.width * b.height);
}"""


def test_on_a_phone_the_zoomed_map_shows_more_than_a_third_and_the_decision_folds_to_a_bar(server, browser, day_two):
    errors: list[str] = []
    page = open_seat(browser, server.url, day_two, "rev1", size=PHONE, errors=errors)
    page.wait_for_selector("#buttons button")
    shot(page, "phone-top")
    # At the top of the page the decision is whole, in the page.
    assert not page.evaluate("() => document.getElementById('prompt').classList.contains('compact')")
    page.evaluate("() => document.getElementById('board-wrap').scrollIntoView({block: 'start'})")
    page.wait_for_function("() => document.getElementById('prompt').classList.contains('compact')")
    bar = box(page, "#prompt")
    assert bar["y"] >= 0 and bar["height"] <= 140, bar  # it used to cover 220-290 px
    assert page.locator("#prompt-text").is_visible() and page.locator("#buttons button").first.is_visible()
    assert page.locator("#goal .goal-toggle").is_visible()  # the goal stays one tap away
    assert page.locator("#whoami").is_hidden()
    share = page.evaluate(VISIBLE_SHARE_JS)
    assert share > 1 / 3, share
    assert smallest_text(page) >= 10.0
    shot(page, "phone-map-zoomed")
    # A tap opens the whole decision; another folds it again.
    page.click("#prompt-more")
    assert page.locator("#whoami").is_visible() and page.inner_text("#prompt-more").startswith("Less")
    assert box(page, "#prompt")["height"] > bar["height"]
    shot(page, "phone-prompt-open")
    page.click("#prompt-more")
    assert page.locator("#whoami").is_hidden() and box(page, "#prompt")["height"] <= 140
    # The buttons in the bar still act: the team choice is made from it.
    page.locator("#buttons button[data-action-type=choose_next]").first.click()
    page.wait_for_function("() => !document.querySelector('#buttons button[data-action-type=choose_next]') || document.getElementById('prompt-text').textContent.includes('turn 2')")
    assert not errors, errors
    page.context.close()


# Words whose letters lie on more than one line (a word broken in the middle).
BROKEN_WORDS_JS = """(root) => {
  const out = [];
  const walker = document.createTreeWalker(document.querySelector(root), NodeFilter.SHOW_TEXT);
  for (let n; (n = walker.nextNode());) {
    const re = /\\S+/g; let m;
    while ((m = re.exec(n.data))) {
      const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
      const tops = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
      if (tops.size > 1) out.push(m[0]);
    }
  }
  return out;
}"""


def test_the_room_page_on_a_phone_breaks_no_word_in_the_middle(server, browser):
    created = _req(server.url, "/api/games", {"revolutionaries": 3, "options": {}, "private": False})
    ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    page = ctx.new_page()
    page.goto(f"{server.url}/games/{created['id']}")
    page.wait_for_selector("button[data-seat=soviet]")
    assert page.evaluate(BROKEN_WORDS_JS, "#room") == []
    assert page.inner_text("button[data-seat=soviet]") == "Sit here"
    assert "Soviet commander" in page.inner_text("tr[data-seat=soviet]")
    for b in page.locator("#seats button").all():  # one line each
        assert b.bounding_box()["height"] < 40, b.inner_text()
    width = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], width
    shot(page, "phone-room")
    page.click("button[data-seat=rev1]")  # the claim form under the seats
    page.wait_for_selector("#claim-form:not([hidden])")
    assert page.evaluate(BROKEN_WORDS_JS, "#room") == []
    ctx.close()


# ----- 5. risky defaults --------------------------------------------------------------------------------
def test_taking_cards_from_the_discard_pile_never_defaults_to_taking_none(staged):
    g = rev_turn()
    to_discard_pile(g, ["rc_molotov_5", "rc_food_3", "rc_vehicle_2"])
    resolve(g, "rev1", "e07")  # Fire in the National Museum: take up to 2 cards from the discard pile
    assert top(g)["kind"] == "take_from_discard"
    t = staged(g, "rev1", apply=False)
    page = t.page
    done = page.locator("#buttons button[data-action-type=done]")
    assert done.inner_text() == "Take no more cards"
    assert "primary" not in done.get_attribute("class") and "default-choice" not in done.get_attribute("class")
    assert page.locator("#buttons button").last.get_attribute("data-action-type") == "done"  # the decline comes last
    assert page.locator("#buttons .primary, .default-choice").count() == 0
    page.locator("body").press("Enter")
    page.wait_for_timeout(300)
    assert t.sent == []  # Enter declines nothing
    shot(page, "take-cards-desktop")
    page.locator("#buttons button[data-action-type=take]").first.click()
    page.wait_for_timeout(300)
    assert [a["type"] for a in t.sent] == ["take"]


def test_activating_a_fighter_that_turns_a_face_down_tile_over_asks_first(staged):
    g = rev_turn()
    view = g.view("rev1")
    i = view["actions"].index({"type": "activate_fighter"})
    assert view["irreversible"][i] == "reveal"  # a face-down tile lies under the fighter at the University
    t = staged(g, "rev1", apply=False)
    page = t.page
    page.click("#buttons button[data-action-type=activate_fighter]")
    page.wait_for_selector("#confirm[open]")
    assert "face-down fighter tile" in page.inner_text("#confirm-why") and "Undo will not be offered" in page.inner_text("#confirm-why")
    shot(page, "activate-reveal-desktop")
    page.click("#confirm-no")
    page.wait_for_timeout(200)
    assert t.sent == []
    page.click("#buttons button[data-action-type=activate_fighter]")
    page.click("#confirm-yes")
    page.wait_for_timeout(300)
    assert t.sent == [{"type": "activate_fighter"}]


def test_activating_a_fighter_with_nothing_beneath_does_not_ask(staged):
    g = rev_turn()
    loc = g.s["positions"]["rev1"]
    g.s["locations"][loc]["facedown"] = []
    refresh(g)
    t = staged(g, "rev1", apply=False)
    t.page.click("#buttons button[data-action-type=activate_fighter]")
    t.page.wait_for_timeout(300)
    assert not t.page.evaluate("() => document.getElementById('confirm').open") and t.sent == [{"type": "activate_fighter"}]


@pytest.mark.parametrize("size", SIZES)
def test_draw_a_card_as_the_last_action_says_that_the_turn_ends(staged, size):
    g = rev_turn()
    t = staged(g, "rev1", size=SIZES[size])
    draw = t.page.locator("#buttons button[data-action-type=draw_card]")
    assert draw.inner_text() == "Draw a card"  # two actions left
    top(g)["actions_left"] = 1
    t.restage()
    assert draw.inner_text() == "Draw a card (your last action: then your turn ends)"
    assert "turn ends" in draw.get_attribute("title")
    shot(t.page, f"draw-last-{size}")
    # A free card in hand keeps the turn going: the button says so instead.
    set_hand(g, "rev1", ["rc_transportation_1"])
    t.restage()
    assert draw.inner_text() == "Draw a card (your last action: then only free cards are left)"


# ----- 6. wording and small faults ------------------------------------------------------------------------
def test_with_no_action_left_the_prompt_says_so(staged):
    g = rev_turn()
    set_hand(g, "rev1", ["rc_transportation_1"])  # a free card: the turn goes on with no action left
    top(g)["actions_left"] = 0
    refresh(g)
    t = staged(g, "rev1")
    text = t.page.inner_text("#prompt-text")
    assert "No actions left: play a free card or ability, or end the turn." in text and "(0 left)" not in text
    assert "no actions left" in t.page.inner_text("#turn")
    shot(t.page, "no-actions-left-desktop")


def test_a_minor_event_on_the_map_says_minor_not_a_dash(staged):
    g = game(2, seed=3)
    to_rev_turn(g)
    with_event(g, "hwpp", "e23")  # Secret prisons suspected: a minor event (cost X)
    t = staged(g, "rev1")
    cost = t.page.locator("#loc-hwpp .event-cost")
    assert cost.text_content().startswith("minor (X)")
    assert "–" not in t.page.locator("#board").text_content()
    assert "cost X: a minor event" in t.page.locator("#loc-hwpp .event > title").text_content()


CHART_JS = """async () => {
  const common = await import('/static/js/common.js');
  await common.loadCatalog();
  const { timelineChart } = await import('/static/js/endgame.js');
  const pts = [{at: 'start', day: 1, morale_draw: 3, support: 3, events: 0},
               {at: 'start', day: 2, morale_draw: 2, support: 4, events: 2},
               {at: 'end', day: 2, morale_draw: 1, support: 6, events: 4}];
  const fig = timelineChart(pts);
  fig.id = 'test-chart';
  document.getElementById('main').prepend(fig);
  return [...fig.querySelectorAll('.axis-support')].map((t) => t.textContent);
}"""


def test_the_end_charts_support_axis_reads_as_the_board(server, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.goto(server.url + "/rules")
    labels = page.evaluate(CHART_JS)
    assert labels == ["H2", "H3", "H4", "N4", "S5", "S6", "S7"]
    board = page.evaluate("() => [...document.querySelectorAll('#test-chart g title')].map((t) => t.textContent)")
    assert "Day 2: Support S5" in board and "End: Support S7" in board
    assert "0 Hungarian end" not in page.inner_text("#test-chart")
    page.locator("#test-chart").screenshot(path="/tmp/tablefix-end-chart.png")
    ctx.close()


CHIP_NAMES_JS = """(loc) => [...document.querySelectorAll(`#loc-${loc} .fighter`)].map((f) => ({
  shown: (f.querySelector('.chip-name') || {}).textContent || '', tip: f.querySelector('title').textContent}))"""


def family(tip: str) -> str:
    name = re.match(r"(?:Fighter|Revolutionary tank) (.+?) \((?:active|inactive)", tip)
    parts = [p.rstrip(",;") for p in name[1].split(" ") if not p.endswith(".")]
    return parts[-1]


@pytest.mark.parametrize("size,fit", [("desktop", False), ("phone", False), ("phone", True)])
def test_three_or_four_fighters_in_a_place_keep_readable_names(staged, size, fit):
    g = game(2, seed=3)
    to_rev_turn(g)
    give_active(g, "kossuth", 3)  # four fighters
    give_active(g, "astoria", 2)  # three
    t = staged(g, "rev1", size=SIZES[size])
    page = t.page
    if fit:
        page.click("#zoom")
        page.wait_for_selector("#board[data-layout=portrait]")
    # The fewest letters an abbreviation keeps: tiles are narrower with four fighters, and on the
    # phone's three columns (cards 184 units wide instead of 230).
    for loc, n, least in (("astoria", 3, 3 if fit else 5), ("kossuth", 4, 3 if fit else 4)):
        chips = page.evaluate(CHIP_NAMES_JS, loc)
        assert len(chips) == n
        for c in chips:
            whole = family(c["tip"])
            assert c["tip"].startswith("Fighter") or c["tip"].startswith("Revolutionary tank")
            # The whole family name, or its first letters with a full stop: never fewer than `least`.
            assert c["shown"] == whole or (c["shown"].endswith(".") and whole.startswith(c["shown"][:-1])
                                           and len(c["shown"]) - 1 >= min(least, len(whole))), (loc, c, whole)
        print(loc, size, fit, [c["shown"] for c in chips])
        if n == 3 and not fit:  # most of three fit whole, a long one squeezed a little
            assert sum(c["shown"] == family(c["tip"]) for c in chips) >= 2, chips
    assert smallest_text(page) >= 10.0
    page.locator("#loc-kossuth").scroll_into_view_if_needed()
    shot(page, f"crowded-fighters-{size}{'-fit' if fit else ''}")


def test_no_admin_link_in_the_top_bar_and_no_401_in_the_console(server, browser, day_two):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("response", lambda r: console.append(f"response {r.status} {r.url}") if r.status >= 400 else None)
    for path in ("/", "/rules", f"/games/{day_two['gid']}/table", f"/games/{day_two['gid']}", "/admin"):
        page.goto(server.url + path)
        page.wait_for_timeout(600)
        assert page.locator(".topbar a", has_text="Admin").count() == 0, path
        assert page.locator(".topbar a[href='/admin']").count() == 0, path
    assert page.locator("#login-panel").is_visible()  # /admin itself still works: its login
    page.goto(f"{server.url}/admin/games/{day_two['gid']}")  # a review without a login: to the login
    page.wait_for_selector("#login-panel:not([hidden])")
    assert page.url.rstrip("/").endswith("/admin")
    assert not [c for c in console if "401" in c or c.startswith("error")], console
    ctx.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_live_games_whole_row_in_the_lobby_is_its_link(server, browser, day_two, size):
    ctx = browser.new_context(viewport={"width": SIZES[size][0], "height": SIZES[size][1]})
    page = ctx.new_page()
    page.goto(server.url + "/")
    link = page.locator(f"#live-rooms a.room-link[data-game='{day_two['gid']}']")
    link.wait_for()
    row = link.locator("xpath=..").bounding_box()
    b = link.bounding_box()
    assert b["width"] >= row["width"] - 2 and b["height"] >= row["height"] - 12, (b, row)
    assert "Watch ›" in link.inner_text() and "Anna" in link.inner_text()
    link.scroll_into_view_if_needed()
    shot(page, f"lobby-{size}")
    link.locator(".hint").click()  # the names, not the title
    page.wait_for_url(f"**/games/{day_two['gid']}/table")
    ctx.close()


# ----- spectators' chat ----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_spectators_chat_in_their_own_channel_which_a_player_shows_or_hides(server, browser, size):
    room = rest_room(server.url, 1, {"rev1": "Anna", "soviet": "Olga"})
    errors: list[str] = []
    player = open_seat(browser, server.url, room, "rev1", size=SIZES[size], errors=errors)
    watcher = open_seat(browser, server.url, room, None, size=SIZES[size], errors=errors)
    for p in (player, watcher):
        p.locator("#tab-chat").scroll_into_view_if_needed()
        p.click("#tab-chat")
    assert watcher.locator("#chat-show").is_hidden() and watcher.locator("#chat-channel").is_hidden()
    assert "other spectators" in watcher.get_attribute("#chat-input", "placeholder")
    watcher.fill("#chat-input", "Go for the Radio!")
    watcher.press("#chat-input", "Enter")
    watcher.wait_for_selector("#chat li[data-channel=spectators]")
    assert "Spectator" in watcher.inner_text("#chat") and "Go for the Radio!" in watcher.inner_text("#chat")
    assert watcher.locator("#toast").is_hidden()  # taken, not refused
    shot(watcher, f"chat-spectator-{size}")
    # The player has not shown the spectators' channel: nothing of it.
    player.fill("#chat-input", "Table talk")
    player.press("#chat-input", "Enter")
    player.wait_for_selector("#chat li[data-channel=players]")
    watcher.wait_for_selector("#chat li[data-channel=players]")  # the table's talk: everyone reads it
    assert "Go for the Radio!" not in player.inner_text("#chat")
    assert player.locator("#chat-show").is_visible() and player.locator("#chat-channel").is_hidden()
    player.check("#chat-show-spectators")
    player.wait_for_selector("#chat li[data-channel=spectators]")
    lines = player.locator("#chat li").all_inner_texts()
    assert "Go for the Radio!" in lines[0] and "Table talk" in lines[1], lines  # in the order said
    player.select_option("#chat-channel", "spectators")
    player.fill("#chat-input", "Thanks, watchers")
    player.press("#chat-input", "Enter")
    watcher.wait_for_function("() => document.getElementById('chat').textContent.includes('Thanks, watchers')")
    shot(player, f"chat-player-shown-{size}")
    player.uncheck("#chat-show-spectators")
    assert player.locator("#chat li[data-channel=spectators]").count() == 0
    watcher.fill("#chat-input", "Still there?")
    watcher.press("#chat-input", "Enter")
    watcher.wait_for_function("() => document.getElementById('chat').textContent.includes('Still there?')")
    player.wait_for_timeout(400)
    assert "Still there?" not in player.inner_text("#chat")
    # The choice is kept: after a reload the channel is still hidden, and its lines still absent.
    player.reload()
    player.wait_for_function("() => +document.getElementById('table').dataset.version >= 0")
    player.click("#tab-chat")
    player.wait_for_selector("#chat li[data-channel=players]")
    assert not player.is_checked("#chat-show-spectators") and player.locator("#chat li[data-channel=spectators]").count() == 0
    assert not errors, errors
    player.context.close()
    watcher.context.close()


# ----- the log beside the map at 1280x800 ---------------------------------------------------------------
@pytest.mark.parametrize("seat", ["soviet", "rev1"])
def test_the_log_is_in_view_beside_the_map_on_a_desktop(server, browser, day_two, seat):
    errors: list[str] = []
    page = open_seat(browser, server.url, day_two, seat, size=DESKTOP, errors=errors)
    page.wait_for_selector("#log li[data-n]")
    page.wait_for_timeout(300)
    log, board = box(page, "#log"), box(page, "#board-wrap")
    assert log["x"] >= board["x"] + board["width"], (log, board)  # beside the map
    assert log["y"] >= 0 and log["y"] + log["height"] <= DESKTOP[1], log  # in view, whole, without scrolling
    assert log["height"] >= 110 and log["y"] < board["y"] + board["height"], (log, board)
    assert page.evaluate("() => scrollY") == 0
    if seat == "soviet":  # the market and the SPA pool stay in view too
        for sel in ("#spa-pool", "#market .event-card[data-slot='5']", "#hand .card"):
            b = box(page, sel)
            assert b["y"] >= 0 and b["y"] + b["height"] <= DESKTOP[1], (sel, b)
    shot(page, f"log-{seat}-desktop")
    assert not errors, errors
    page.context.close()
