"""Browser tests of issue 12 ("the table as players see it"): one 1-Revolutionary game set up over
REST and looked at by each seat at 1280x800 and 390x844 in the Soviet phase, the Revolutionary
phase, the SPA phase and at the end; the replay, the admin pages, the room and the rules page.

Screenshots go to tests/browser/artifacts/ (named seat-phase-size.png)."""
from __future__ import annotations

import json
import re
import time

import pytest

from engine.catalog import catalog

from .conftest import ADMIN
from .helpers import _req, open_seat, rest_play, rest_room, rest_view

pytestmark = pytest.mark.browser
LONG = "Wojciechowskiszentgyorgyivanovichkovacs1"  # 40 characters, no space
assert len(LONG) == 40
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
CAT = catalog()


@pytest.fixture(scope="module")
def game(server, browser):
    room = rest_room(server.url, 1, {"soviet": "Ivan", "rev1": LONG})
    errors: list[str] = []
    pages = {(seat, size): open_seat(browser, server.url, room, seat, SIZES[size], errors)
             for seat in ("soviet", "rev1") for size in SIZES}
    spectator = open_seat(browser, server.url, room, None, SIZES["desktop"], errors)
    yield {"room": room, "pages": pages, "spectator": spectator, "errors": errors, "url": server.url}
    for p in list(pages.values()) + [spectator]:
        p.context.close()


def synced(g, version=None):
    v = version if version is not None else rest_view(g["url"], g["room"], "soviet")["version"]
    for p in list(g["pages"].values()) + [g["spectator"]]:
        # After a burst of moves made over REST, five pages catch up on a shared two-core machine.
        p.wait_for_function(f"() => +document.getElementById('table').dataset.version === {v}", timeout=40_000)
    return v


def shots(g, artifacts, phase):
    for (seat, size), page in g["pages"].items():
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(artifacts / f"{seat}-{phase}-{size}.png"))


def no_wider_than_viewport(page):
    w = page.evaluate("() => [document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth]")
    assert max(w[0], w[1]) <= w[2], w


def in_viewport(page, selector, settle: float = 3.0):
    """Whether the element lies inside the window, given the layout a moment to settle (the catalog's
    texts and the fonts arrive after the first render and move things)."""
    deadline = time.time() + settle
    while True:
        box = page.locator(selector).first.bounding_box()
        vh = page.evaluate("() => window.innerHeight")
        if box is not None and box["y"] >= 0 and box["y"] + box["height"] <= vh + 1:
            return True
        if time.time() > deadline:
            return False
        time.sleep(0.1)


def test_soviet_phase_table(game, artifacts):
    g = game
    synced(g)
    view = rest_view(g["url"], g["room"], "soviet")["view"]
    shots(g, artifacts, "soviet-phase")
    sov = g["pages"][("soviet", "desktop")]
    # 8. A 40-character name without spaces widens no page, for any seat, at either size.
    for page in list(g["pages"].values()) + [g["spectator"]]:
        assert LONG in page.inner_text("body")
        no_wider_than_viewport(page)
    # 6. At 1280x800 the Soviet sees the headlines, CP, the market and the SPA pool without scrolling.
    for sel in ("#hand .card", "#cp-box", "#spa-pool", "#market .event-card[data-slot='5']", "#prompt"):
        assert in_viewport(sov, sel), sel
    # 2. Every market card shows its placement, reward and penalty texts; 1. and what it needs now.
    events_on_board = sum(1 for loc in view["locations"].values() if loc["event"])
    for m in view["market"]:
        e = CAT["events"][m["event"]["id"]]
        card = sov.locator(f"#market .event-card[data-slot='{m['slot']}']")
        text = card.text_content()
        for label, part in (("Placement", e["placement"]), ("Reward", e["reward"]), ("Penalty", e["penalty"])):
            if part:
                assert f"{label}: {part}" in text, (label, part, text)
        need: dict[str, int] = {}
        for i in e["requires"]:
            need[i] = need.get(i, 0) + 1
        for i in e["requires_per_event"]:
            need[i] = need.get(i, 0) + events_on_board
        assert json.loads(card.locator(".need").get_attribute("data-need")) == need
        if e["requires_per_event"]:
            assert f"{events_on_board} event" in text
    # 5. One icon set: every icon is an SVG painted with fill, with its letter.
    fills = sov.evaluate("""() => [...document.querySelectorAll('.res-icon')].map(g =>
        [g.dataset.icon, g.querySelector('circle,rect,polygon,path').getAttribute('fill'), g.querySelector('text').textContent])""")
    assert fills and all(f[1] and f[1].startswith("#") and f[2] for f in fills), fills[:5]
    assert {f[0] for f in fills} >= {"information"}
    # Tooltips on every token of the map; a legend entry for every token kind.
    tokens = "#board .units, #board .fighter, #board .standee, #board .facedown, #board .event, #board .res-icon"
    untitled = sov.evaluate(f"() => [...document.querySelectorAll('{tokens}')].filter(n => !n.querySelector(':scope > title')).length")
    assert untitled == 0
    kinds = set(sov.evaluate("() => [...document.querySelectorAll('#board [data-token]')].map(n => n.dataset.token)"))
    legend = set(sov.evaluate("() => [...document.querySelectorAll('#legend [data-token]')].map(n => n.dataset.token)"))
    assert kinds <= legend and {"tank", "militia", "sniper", "barricade", "revtank", "fighter"} <= legend
    # 4. Public state: deck counts and the discard piles are drawn.
    counts = sov.inner_text("#deck-counts")
    assert f"Event deck: {view['event_deck_count']}" in counts and f"Revolutionary deck: {view['rev_deck_count']}" in counts
    assert f"Headline discard ({len(view['headline_discard'])})" in sov.inner_text("#public")
    # 6. On a phone the SPA cards are compact: their text only on demand.
    phone = g["pages"][("soviet", "phone")]
    spa = phone.locator("#spa-pool .spa-card").first
    assert not spa.locator(".card-text").is_visible()
    spa.locator(".text-toggle").click()
    assert spa.locator(".card-text").is_visible()
    assert not g["errors"], g["errors"]


def test_enter_confirms_and_u_undoes(game):
    g = game
    page = g["pages"][("soviet", "desktop")]
    v = synced(g)
    red = page.locator("#hand .card.headline.red[data-legal='1']")
    if red.count():
        red.first.click()  # a red headline: collect its CP (undoable) or resolve it, so the choice box opens
        page.wait_for_selector("#choice button.action")
        page.evaluate("() => document.activeElement.blur()")
        page.keyboard.press("Enter")  # nothing focused: Enter takes the highlighted (first) choice
    else:
        page.click("#hand .card.headline.green[data-legal='1']")  # collect CP (the Revolutionaries act) or discard
        page.wait_for_selector("#choice button.action")
        page.focus("#choice button.action >> text=Discard")
        page.keyboard.press("Enter")
    synced(g, v + 1)
    assert page.locator("#buttons button[data-action-type=undo]").count() == 1
    page.keyboard.press("u")
    synced(g, v + 2)
    assert page.locator("#hand .card").count() == rest_view(g["url"], g["room"], "soviet")["view"]["hands"]["soviet"]
    # Every control is reachable by Tab and shows a focus ring.
    for _ in range(80):
        page.keyboard.press("Tab")
        tag = page.evaluate("() => document.activeElement.closest('#buttons') ? 'button' : ''")
        if tag:
            break
    assert tag, "Tab never reached the decision's buttons"
    ring = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert ring not in ("none", ""), ring


def test_prompt_stays_in_view_after_a_buy(game):
    g = game
    room = g["room"]
    rest_play(g["url"], room, lambda v: v["step"] == "event" and any(a["type"] == "buy_event" for a in v["actions"])
              or v["phase"] != "soviet", prefer_end=0.0, seed=3)
    v = synced(g)
    view = rest_view(g["url"], room, "soviet")["view"]
    if not any(a["type"] == "buy_event" for a in view["actions"]):
        pytest.skip("this deal gave the Soviet no affordable event")
    page = g["pages"][("soviet", "phone")]
    slot = next(a["slot"] for a in view["actions"] if a["type"] == "buy_event")
    card = page.locator(f"#market .event-card[data-slot='{slot}']")
    card.scroll_into_view_if_needed()
    card.click()
    synced(g, v + 1)
    assert in_viewport(page, "#prompt")
    assert page.evaluate("() => window.scrollY") > 0  # the page did scroll down to the market
    assert in_viewport(page, "#prompt-text") and in_viewport(page, "#buttons")  # the next decision is in view


def test_army_step_names_its_end(game):
    g = game
    rest_play(g["url"], g["room"], lambda v: v["step"] == "army" or v["phase"] != "soviet", prefer_end=0.7, seed=4)
    synced(g)
    view = rest_view(g["url"], g["room"], "soviet")["view"]
    if view["step"] != "army":
        pytest.skip("the army step was passed without a decision")
    text = g["pages"][("soviet", "desktop")].inner_text("#buttons")
    assert ("no CP left" in text) if view["cp"] == 0 else (f"{view['cp']} CP unspent" in text), text
    assert "Done" not in text
    # The last move: a tank moved over the API glows on the Revolutionary's board, and hovering
    # its log entry highlights both places and the tanks that changed in them.
    move = next((a for a in view["actions"] if a["type"] == "move_tank"), None)
    if move is None:
        return
    msg = rest_view(g["url"], g["room"], "soviet")
    _req(g["url"], f"/api/games/{g['room']['gid']}/actions", {"version": msg["version"], "action": move},
         token=g["room"]["tokens"]["soviet"])
    synced(g, msg["version"] + 1)
    rev = g["pages"][("rev1", "desktop")]
    for loc in (move["from"], move["to"]):
        if rest_view(g["url"], g["room"], "rev1")["view"]["locations"][loc]["soviet_tanks"]:
            assert rev.locator(f"#loc-{loc} .units.changed[data-token=tank]").count() == 1, loc
    entry = rev.locator("#log li", has_text="Soviet tank(s) moved from").last
    entry.hover()
    assert "ref-hl" in rev.get_attribute(f"#loc-{move['to']}", "class")
    assert rev.locator(f"#loc-{move['to']} .units.ref-hl[data-token=tank]").count() == 1
    rev.mouse.move(0, 0)
    assert rev.locator(".ref-hl").count() == 0


def test_market_step_asks_before_the_keep_that_reveals_new_events(game):
    """3. A single-use click asks first only when the engine marks it irreversible, and says why:
    the first kept event can be taken back; the second refills the market from the deck."""
    g = game
    room = g["room"]
    rest_play(g["url"], room, lambda v: v["step"] == "market" and any(a["type"] == "keep" for a in v["actions"])
              or v["phase"] != "soviet", prefer_end=0.7, seed=8)
    v = synced(g)
    view = rest_view(g["url"], room, "soviet")["view"]
    if view["step"] != "market" or view["decision"]["count"] != 2 or not view["event_deck_count"]:
        pytest.skip("this deal gave the Soviet no market choice")
    page = g["pages"][("soviet", "desktop")]
    first = next(a for a in view["actions"] if a["type"] == "keep")
    assert view["irreversible"][view["actions"].index(first)] is None
    page.click(f"#market .event-card[data-slot='{first['slot']}']")
    synced(g, v + 1)
    assert not page.locator("#confirm[open]").count()
    assert "✓ kept" in page.inner_text(f"#market .event-card[data-slot='{first['slot']}']")
    view = rest_view(g["url"], room, "soviet")["view"]
    second = next(a for a in view["actions"] if a["type"] == "keep")
    assert view["irreversible"][view["actions"].index(second)] == "reveal"
    page.click(f"#market .event-card[data-slot='{second['slot']}']")
    page.wait_for_selector("#confirm[open]")
    text = page.inner_text("#confirm")
    assert "Hidden cards or tiles are revealed" in text and "Undo will not be offered" in text, text
    page.click("#confirm-no")
    page.wait_for_timeout(300)
    assert rest_view(g["url"], room, "soviet")["version"] == v + 1
    page.click(f"#market .event-card[data-slot='{second['slot']}']")
    page.click("#confirm-yes")
    synced(g, v + 2)


def test_revolutionary_phase_moves_picks_and_last_move(game, artifacts):
    g = game
    room = g["room"]
    rest_play(g["url"], room, lambda v: v["phase"] == "revolutionary" and v["turn"] and v["turn"]["actions_left"] == 4
              and v["turn"]["free_move"], prefer_end=0.6, seed=5)
    synced(g)
    shots(g, artifacts, "revolutionary-phase")
    rev = g["pages"][("rev1", "desktop")]
    view = rest_view(g["url"], room, "rev1")["view"]
    start = view["positions"]["rev1"]
    # 9. A move says whether it is free before the click.
    move = next(a for a in view["actions"] if a["type"] == "move")
    assert "free step" in rev.inner_text("#step-cost")
    assert "free step" in rev.get_attribute(f"#loc-{move['to']}", "aria-label")
    rev.click(f"#loc-{move['to']}")
    rev.wait_for_selector("#choice button.action, #buttons button[data-action-type=done]")
    if rev.locator("#choice button.action").count():
        rev.click("#choice button.action[data-action-type=move]")
    rev.wait_for_selector("#buttons button[data-action-type=done]")
    assert "Confirm the move" in rev.inner_text("#buttons")
    # Until it is confirmed, the board marks where the move goes.
    assert "dest" in rev.get_attribute(f"#loc-{move['to']}", "class").split()
    assert "moving here" in rev.text_content(f"#loc-{move['to']} .dest-label")
    v2 = rest_view(g["url"], room, "rev1")["version"]
    rev.click("#buttons button[data-action-type=done]")
    synced(g, v2 + 1)
    # The last move glows on the other seat's board: where the Revolutionary left and arrived.
    sov = g["pages"][("soviet", "desktop")]
    for loc in (start, move["to"]):
        assert "changed" in sov.get_attribute(f"#loc-{loc}", "class"), (
            loc, sov.eval_on_selector("#table", "t => [t.dataset.baseVersion, t.dataset.version, t.dataset.changed]"))
    # Hovering the log entry of the move highlights what it refers to.
    entry = sov.locator("#log li", has_text="moves from").last
    entry.hover()
    assert "ref-hl" in sov.get_attribute(f"#loc-{move['to']}", "class")
    # 7. The next step costs a card: it says so, and the card picked to pay shows as selected.
    view = rest_view(g["url"], room, "rev1")["view"]
    move2 = next((a for a in view["actions"] if a["type"] == "move"), None)
    if move2 and view["hand"]:
        assert "costs a card" in rev.inner_text("#step-cost")
        rev.click(f"#loc-{move2['to']}")
        rev.wait_for_selector("#choice button.action, #hand .card[data-action-types~=discard]")
        if rev.locator("#choice button.action").count():
            rev.click("#choice button.action[data-action-type=move]")
        rev.wait_for_selector("#hand .card[data-action-types~=discard]")
        v3 = rest_view(g["url"], room, "rev1")["version"]
        paid = rev.get_attribute("#hand .card[data-action-types~=discard]", "data-card")
        rev.click("#hand .card[data-action-types~=discard]")
        synced(g, v3 + 1)
        assert rev.locator("#hand .card.picked").count() == 1
        picks = rev.inner_text("#picks")
        assert "Selected (1)" in picks and CAT["revolutionary_cards"][paid]["name"] in picks and "[object" not in picks, picks
        assert rest_view(g["url"], room, "rev1")["view"]["picks"]["pay"] == paid
        rev.click("#buttons button[data-action-type=cancel]")
        synced(g, v3 + 2)
        assert rev.locator("#hand .card.picked").count() == 0
    assert not g["errors"], g["errors"]


def test_spa_phase_confirms_single_use_card(game, artifacts):
    g = game
    rest_play(g["url"], g["room"], lambda v: v["phase"] == "spa" and any(a["type"] == "play_spa" for a in v["actions"]),
              prefer_end=0.6, seed=6)
    v = synced(g)
    shots(g, artifacts, "spa-phase")
    page = g["pages"][("soviet", "desktop")]
    assert "SPA phase" in page.inner_text("#turn") and "Spa · Spa" not in page.inner_text("#turn")
    # 3. A single-use click asks first exactly when the engine marks it irreversible; Cancel changes nothing.
    view = rest_view(g["url"], g["room"], "soviet")["view"]
    card = page.get_attribute("#spa-pool .spa-card[data-legal='1']", "data-card")
    uses = [i for i, a in enumerate(view["actions"]) if a.get("card") == card]
    assert len(uses) == 1
    page.click(f"#spa-pool .spa-card[data-card='{card}']")
    if view["irreversible"][uses[0]] is None:
        synced(g, v + 1)  # played at once: undo takes it back
        assert not page.locator("#confirm[open]").count()
        page.keyboard.press("u")
        synced(g, v + 2)
        return
    page.wait_for_selector("#confirm[open]")
    assert "undo will not be offered" in page.inner_text("#confirm").lower()
    page.click("#confirm-no")
    page.wait_for_timeout(300)
    assert rest_view(g["url"], g["room"], "soviet")["version"] == v
    page.click(f"#spa-pool .spa-card[data-card='{card}']")
    page.click("#confirm-yes")
    synced(g, v + 1)


def test_end_screen_rematch_and_replay(game, artifacts, browser):
    g = game
    room = g["room"]
    rest_play(g["url"], room, lambda v: v["result"] is not None, prefer_end=0.7, seed=7)
    synced(g)
    for page in g["pages"].values():
        page.wait_for_selector("#endscreen:not([hidden]) .timeline")
    shots(g, artifacts, "end")
    view = rest_view(g["url"], room, "soviet")["view"]
    page = g["pages"][("soviet", "desktop")]
    assert view["result"]["reason"] in page.inner_text("#end-reason")
    assert page.locator("#end-players tr[data-seat=rev1]").count() == 1
    assert "Over · Over" not in page.inner_text("#turn") and "Game over" in page.inner_text("#turn")
    for p in g["pages"].values():
        no_wider_than_viewport(p)
    assert page.get_attribute("#replay-link", "href") == f"/games/{room['gid']}/replay"
    assert g["spectator"].locator("#rematch-btn").is_hidden()  # a rematch is for the players
    page.click("#rematch-btn")
    page.wait_for_selector("#end-rematch input.invite-link")
    links = page.eval_on_selector_all("#end-rematch input.invite-link", "ns => ns.map(n => n.dataset.seat)")
    assert links == ["rev1"]  # the Soviet keeps their seat in the new room: only the other player's link
    new = page.get_attribute("#rematch-room", "href").rsplit("/", 1)[-1]
    again = _req(g["url"], f"/api/games/{new}")
    assert again["options"] == view["options"] and again["revolutionaries"] == view["revolutionaries"]
    assert {s["seat"]: s["name"] for s in again["seats"] if s["claimed"]} == {"soviet": "Ivan"}
    assert json.loads(page.evaluate(f"() => localStorage.getItem('doi:seat:{new}')"))["seat"] == "soviet"
    # After looking at the board, the summary and the replay stay one click away.
    page.click("#end-close")
    assert page.locator("#endscreen").is_hidden()
    page.click("#show-summary")
    assert page.locator("#endscreen").is_visible()


def test_long_name_widens_no_other_page(game, browser, server):
    """8. No user text widens the layout: the room, the replay, the lobby, the admin list and review
    with a 40-character name without spaces, on a desktop and a phone."""
    gid = game["room"]["gid"]
    rest_play(game["url"], game["room"], lambda v: v["result"] is not None, prefer_end=0.7, seed=7)  # the replay opens
    rest_room(server.url, 1, {"soviet": LONG, "rev1": "Anna"})  # listed in the lobby's live games
    for size in SIZES.values():
        ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
        page = ctx.new_page()
        for path in ("/", f"/games/{gid}", f"/games/{gid}/replay"):
            page.goto(server.url + path)
            page.wait_for_function(f"() => document.body.innerText.includes('{LONG}')")  # drawn from the API
            no_wider_than_viewport(page)
        page.goto(server.url + "/admin")
        page.fill("#admin-name", ADMIN[0])
        page.fill("#admin-password", ADMIN[1])
        page.click("#login-btn")
        page.click("#status-tabs button[data-status=finished]")
        page.locator(f"tr[data-game='{gid}']").wait_for()
        assert LONG in page.inner_text("body")
        no_wider_than_viewport(page)
        page.goto(f"{server.url}/admin/games/{gid}")
        page.wait_for_selector("#all-hands ul[data-seat=rev1]")
        assert LONG in page.inner_text("body")
        no_wider_than_viewport(page)
        ctx.close()


def secret_ids(admin_view) -> set[str]:
    sec = admin_view["secrets"]
    ids = {c["id"] for cards in sec["hands"].values() for c in cards} | {h["id"] for h in sec["headline_hand"]}
    ids |= set(sec["rev_deck"]) | set(sec["event_deck"]) | {h for d in sec["headline_decks"].values() for h in d}
    ids |= {f for fs in sec["facedown"].values() for f in fs} | set(sec["rev_tank_supply"])
    return ids


def without_cross_references(html: str) -> str:
    return re.sub(r'data-ref="[^"]*"', "", html)


def test_cross_references_are_all_that_is_left_out_of_the_page_search():
    html = '<span class="cref" data-ref="h33" title="H#33 SPA dissolved">H#33</span><li data-card="h12">'
    assert without_cross_references(html) == '<span class="cref"  title="H#33 SPA dissolved">H#33</span><li data-card="h12">'


def test_replay_steps_with_arrows_and_shows_no_secret(game, browser, server, artifacts):
    from .helpers import admin_session

    g = game
    gid = g["room"]["gid"]
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.goto(f"{server.url}/games/{gid}/replay")
    page.wait_for_function("() => document.body.dataset.step === '0'")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.body.dataset.step === '1'")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.body.dataset.step === '2'")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.body.dataset.step === '1'")
    page.keyboard.press("End")
    steps = _req(server.url, f"/api/games/{gid}/replay?step=0")["steps"]
    page.wait_for_function(f"() => document.body.dataset.step === '{steps}'")
    page.screenshot(path=str(artifacts / "replay-desktop.png"))
    get = admin_session(server.url, *ADMIN)
    for step in (0, 1, steps // 2, steps):
        public = json.dumps(_req(server.url, f"/api/games/{gid}/replay?step={step}"))
        admin = get(f"/api/admin/games/{gid}/replay?step={step}")["view"]
        leaked = {i for i in secret_ids(admin) if f'"{i}"' in public}
        assert not leaked, (step, leaked)
    # A card text's cross-reference names another card by id (E#13's text mentions H#33: a span with
    # data-ref="h33" and the headline's printed text as its tooltip), whichever pile that card is in:
    # static text from the catalog, not the game's state, so it is left out of the search.
    html = without_cross_references(page.content())
    final = get(f"/api/admin/games/{gid}/replay?step={steps}")["view"]
    assert not {i for i in secret_ids(final) if f'"{i}"' in html}
    ctx.close()


def test_admin_day_column_arrows_and_logout(game, browser, server):
    g = game
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ap = ctx.new_page()
    ap.goto(server.url + "/admin")
    ap.fill("#admin-name", ADMIN[0])
    ap.fill("#admin-password", ADMIN[1])
    ap.click("#login-btn")
    ap.click("#status-tabs button[data-status=finished]")
    row = ap.locator(f"tr[data-game='{g['room']['gid']}']")
    row.wait_for()
    assert re.fullmatch(r"[1-7]", row.locator("td").nth(2).inner_text().strip())
    ap.click(f"a[href='/admin/games/{g['room']['gid']}']")
    ap.wait_for_function("() => +document.getElementById('step').max > 0")
    ap.keyboard.press("Home")
    ap.wait_for_function("() => document.getElementById('step-action').textContent.startsWith('Start')")
    ap.keyboard.press("ArrowRight")
    ap.wait_for_function("() => document.getElementById('step-action').textContent.startsWith('Step 1')")
    ap.click("#logout-btn")
    ap.wait_for_selector("#login-panel:not([hidden])")
    ctx.close()


def test_second_invite_in_a_seated_browser_says_why(server, browser):
    created = _req(server.url, "/api/games", {"revolutionaries": 1, "options": {}, "private": False})
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.goto(server.url + created["invites"]["soviet"])
    page.fill("#claim-name", "Ivan")
    page.click("#claim-btn")
    page.wait_for_selector("#leave-btn")
    page.goto(server.url + created["invites"]["rev1"])
    page.wait_for_selector("#join-note:not([hidden])")
    assert "already holds the seat Soviet commander" in page.inner_text("#join-note")
    ctx.close()


def test_card_references_have_tooltips(server, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.goto(server.url + "/rules")
    page.wait_for_selector(".cref")
    # The references inside card texts (the rules in our words above them link to the cards by
    # anchor instead, fighters too: tests/browser/test_learn.py follows those links).
    refs = page.eval_on_selector_all(".cref[data-ref]", "ns => ns.map(n => [n.textContent, n.dataset.ref, n.title])")
    assert len(refs) > 10
    for text, rid, title in refs:
        card = CAT["headlines"].get(rid) or CAT["events"][rid]
        assert title.startswith(f"{text} {card['title']}:"), (text, title)
    ctx.close()


def _zhukov_resolved_soviet_view() -> dict:
    """The Soviet's view (from the engine) with H#9 resolved and H#26 Radio Free Europe in hand."""
    from tests.staging_headlines import radio_free_europe_while_zhukov_resolved
    from tests.support import game

    g = radio_free_europe_while_zhukov_resolved(game(2))
    return json.loads(json.dumps(g.view("soviet")))


def test_client_logic_confirm_reason_dice_and_needs(server, browser):
    """The client's own rules on the engine's data: why other uses are impossible (view.unavailable),
    what ends undo (view.irreversible), dice from the log entry's data only, needs per event."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(server.url + "/rules")
    engine_view = _zhukov_resolved_soviet_view()
    out = page.evaluate("""async (engineView) => {
      const common = await import('/static/js/common.js');
      await common.loadCatalog();
      const { confirmReason } = await import('/static/js/decisions.js');
      const { diceOf, diceRow } = await import('/static/js/dice.js');
      const { eventNeed } = await import('/static/js/facts.js');
      const view = engineView;
      const h26 = view.actions.find((a) => a.card === 'h26');
      const why = confirmReason(h26, view, { single: true, kind: 'card' });
      const chosen = confirmReason(h26, view, { single: false, kind: 'card' });
      const done = view.actions.find((a) => a.type === 'done');
      const reversible = confirmReason(done, { ...view, irreversible: view.actions.map(() => null) }, { single: true, kind: 'enter' });
      // Picking one of several places to attack is the answer itself: no second question.
      const attacks = { seat: 'soviet', decision: { kind: 'spa_attack', stage: 'location' },
                        actions: [{ type: 'attack', location: 'radio' }, { type: 'attack', location: 'corvin' }], irreversible: ['roll', 'roll'] };
      const answer = confirmReason(attacks.actions[0], attacks, { single: true, kind: 'location' });
      const onlyOne = { ...attacks, actions: attacks.actions.slice(0, 1), irreversible: ['roll'] };
      const lastOption = confirmReason(onlyOne.actions[0], onlyOne, { single: true, kind: 'location' });
      const row = diceRow(diceOf({ text: 'whatever', dice: { dice: [3, 6], for: 'tank_fire', location: 'astoria', hits: 1 } }));
      const loc = (e) => ({ event: e });
      const ev = { id: 'e12', requires: ['food'], requires_per_event: ['food'] };
      const board = { locations: { a: loc({}), b: loc({}), c: loc(null) } };
      const need = eventNeed(ev, { ...board, event_needs: { e12: { food: 3 } } });
      const printedOnly = eventNeed(ev, board).need;  // a view without the engine's count: no guessing
      return { why, chosen, reversible, answer, lastOption, dice: [...row.querySelectorAll('svg.die')].map(d => d.getAttribute('aria-label')),
               fallback: diceOf({ text: 'Tanks fire: rolled 2, 4 and 5.' }), need: need.need, printedOnly };
    }""", engine_view)
    assert "cannot be discarded: H#9 (Georgy Zhukov orders entry into Budapest) is resolved" in out["why"]
    assert "Cards are drawn" in out["why"] and "Undo will not be offered" in out["why"]
    assert out["chosen"] == ""  # picked among several uses: a deliberate choice
    assert out["reversible"] == ""
    assert out["answer"] == "" and "Dice are rolled" in out["lastOption"]
    assert out["dice"] == ["die showing 3", "die showing 6"]
    assert out["fallback"] == []  # dice come as data (docs/contract.md); the text is never parsed
    assert out["need"] == {"food": 3} and out["printedOnly"] == {"food": 1}
    ctx.close()


def test_table_runs_under_a_strict_content_security_policy(game, browser):
    """No inline script or style attribute: the table renders with CSP 'self' only (hardening adds one)."""
    from .conftest import ARGS, CHROMIUM

    g = game
    # Responses fulfilled by a route lose their address space, and Chromium would then refuse the
    # socket to 127.0.0.1: this browser skips that check.
    own = browser.browser_type.launch(executable_path=CHROMIUM, headless=True,
                                      args=ARGS + ["--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessChecks"])
    ctx = own.new_context(viewport={"width": 1280, "height": 800})
    policy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:"

    def with_csp(route):
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": policy})

    ctx.route("**/*", with_csp)
    page = ctx.new_page()
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(f"{g['url']}/games/{g['room']['gid']}/table")
    page.wait_for_selector("#loc-radio")
    page.wait_for_selector("#public-body .deck-counts")
    page.wait_for_timeout(300)
    assert not violations, violations[:3]
    # The policy is in force: an inline style attribute set from an HTML string is refused.
    page.evaluate("() => { document.getElementById('prompt').insertAdjacentHTML('beforeend', '<b style=\"color:red\">x</b>'); }")
    page.wait_for_timeout(200)
    assert violations
    own.close()
