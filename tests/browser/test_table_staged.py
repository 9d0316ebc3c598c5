"""Browser tests of issue 12 on staged positions: the real table page (its scripts, the catalog)
fed over its socket from an engine game staged here (tests/browser/staged.py), so each numbered
point is checked on the position that shows it, every run, whatever the deal."""
from __future__ import annotations

import json

import pytest

from engine import ops
from engine.catalog import catalog
from tests.staging_events import at_event_step
from tests.staging_headlines import (
    give_active,
    radio_free_europe_while_zhukov_resolved,
    set_hand,
)
from tests.staging_headlines import with_hand as swap_hand
from tests.staging_soviet_phase import with_event, with_market
from tests.support import act, game, pass_through, refresh, to_rev_turn, top

pytestmark = pytest.mark.browser
CAT = catalog()


def texts_of(event_id: str) -> list[tuple[str, str]]:
    e = CAT["events"][event_id]
    return [(label, e[key]) for label, key in (("Placement", "placement"), ("Reward", "reward"), ("Penalty", "penalty"))
            if e[key]]


def test_per_event_needs_and_every_event_text_on_the_board_the_market_and_the_rules(staged, server, artifacts):
    """1. An event that needs an icon "per event" shows the number needed now and why: on the board,
    in the market and in the tooltip. 2. Placement, reward and penalty on every event card."""
    g = game(2, seed=1)
    with_market(g, ["e12", "e05", "e07", "e09", "e10", "e11"])
    with_event(g, "hwpp", "e22")    # Battle: ammunition per event, and a penalty
    with_event(g, "kossuth", "e19")  # Multi-party government demanded: information per event
    view = g.view("spectator")
    on_board = sum(1 for loc in view["locations"].values() if loc["event"])
    assert on_board >= 4 and view["event_needs"]["e22"]["ammunition"] == on_board  # the engine counts them
    t = staged(g, "soviet")
    page = t.page
    # The market: the count now, and why.
    card = page.locator("#market .event-card[data-card=e12]")
    assert json.loads(card.locator(".need").get_attribute("data-need"))["food"] == on_board
    assert f"Needs now: one Food for each of the {on_board} events on the board now" in card.inner_text()
    for label, text in texts_of("e12"):
        assert f"{label}: {text}" in card.text_content()
    # Each of placement, reward and penalty keeps a line of its own on the card: in the tooltip and
    # on the i toggle while the Soviet decides elsewhere (so that the log fits beside the map at
    # 1280x800: issue 33), visible at once when the Soviet decides in the market (below).
    for m in view["market"]:
        box = page.locator(f"#market .event-card[data-card={m['event']['id']}]")
        for label, _ in texts_of(m["event"]["id"]):
            assert f"{label}: " in box.get_attribute("title"), (m["event"]["id"], label)
        if texts_of(m["event"]["id"]):
            box.locator(".text-toggle").click()
            for label, _ in texts_of(m["event"]["id"]):
                line = box.locator(f"p.{label.lower()}")
                assert line.is_visible() and line.bounding_box()["height"] >= 10, (m["event"]["id"], label)
            box.locator(".text-toggle").click()
    # The board: the count beside the icon, and the tooltip with the reason and every text.
    n = page.locator("#loc-hwpp .event .need-n[data-need=ammunition]")
    assert n.text_content() == f"×{on_board}" and "per-event" in n.get_attribute("class")
    tip = page.locator("#loc-hwpp .event > title").text_content()
    assert f"{on_board} Ammunition" in tip and f"one Ammunition for each of the {on_board} events on the board now" in tip, tip
    for label, text in texts_of("e22"):
        assert f"{label}: " in tip and text.split(" H#")[0][:40] in tip, (label, tip)
    page.screenshot(path=str(artifacts / "staged-per-event-needs-desktop.png"))
    # Deciding in the market (the event step, CP to spend): every text line shows without a click.
    buying = staged(at_event_step("e12"), "soviet")
    shown = buying.page.locator("#market .event-card[data-card]")
    assert shown.count() == 6
    for i in range(6):
        eid = shown.nth(i).get_attribute("data-card")
        for label, _ in texts_of(eid):
            line = shown.nth(i).locator(f"p.{label.lower()}")
            assert line.is_visible() and line.bounding_box()["height"] >= 10, (eid, label)
    # The rules page: every event with its texts, and what "per event" means.
    page.goto(server.url + "/rules")
    page.wait_for_selector("#events article")
    shown = dict(page.eval_on_selector_all("#events article", "ns => ns.map(n => [n.dataset.title, n.textContent])"))
    for eid, e in CAT["events"].items():
        body = shown[e["title"]]
        for label, text in texts_of(eid):
            assert f"{label}: {text}" in body, (eid, label)
        if e["requires_per_event"]:
            assert "for every event on the board" in body, eid
    # The General Zhukov cards (Z#n in texts) are listed too, each with its three headlines.
    zhukov = dict(page.eval_on_selector_all("#zhukov article", "ns => ns.map(n => [n.dataset.title, n.textContent])"))
    for z in CAT["zhukov_cards"].values():
        body = zhukov[f"General Zhukov card Z#{z['number']}"]
        assert all(h["title"] in body and h["text"] in body for h in z["headlines"]), z["id"]


def test_single_use_card_asks_first_and_says_why_its_other_use_is_gone(staged, artifacts):
    """3. Radio Free Europe cannot be discarded while H#9 is resolved: its only use (collect CP, which
    draws cards) asks first, says why, and Cancel sends nothing."""
    g = radio_free_europe_while_zhukov_resolved(game(2))
    t = staged(g, "soviet")
    page = t.page
    assert "cannot be discarded" in page.inner_text("#hand .card[data-card=h26] .not-now")
    page.click("#hand .card[data-card=h26]")
    page.wait_for_selector("#confirm[open]")
    text = page.inner_text("#confirm")
    page.screenshot(path=str(artifacts / "staged-confirm-single-use-desktop.png"))
    assert "cannot be discarded: H#9 (Georgy Zhukov orders entry into Budapest) is resolved" in text, text
    assert "Cards are drawn" in text and "Undo will not be offered" in text
    assert "then the Revolutionaries carry out its text" in text  # 10. a green headline's CP
    page.click("#confirm-no")
    page.wait_for_timeout(200)
    assert t.sent == []
    page.click("#hand .card[data-card=h26]")
    page.click("#confirm-yes")
    t.wait_version(2)
    assert t.sent == [{"type": "play_headline", "card": "h26", "mode": "cp"}]


def test_public_state_marks_lapsing_discards_and_removed_fighters(staged):
    """4. Ashtray marks, lapsing effects in force, the discard piles, the fighters and tokens out of
    the game are drawn, each card with its text as a tooltip; card references get their card's title."""
    g = game(2, seed=2)
    s = g.s
    s["marks"] = ["h10"]
    s["lapsing"] = ["h12"]
    s["headline_discard"] = ["h02"]
    s["rev_discard"] = ["rc_aid_1"]
    loc = next(k for k, v in s["locations"].items() if v["facedown"])
    gone = s["locations"][loc]["facedown"].pop()
    s["fighters_removed"] = [gone]
    s["rev_tank_supply"].remove("rt_t34")
    s["rev_tanks_destroyed"] = ["rt_t34"]
    s["out_of_game"] = {"barricades": 1}
    refresh(g)
    t = staged(g, "rev1")
    page = t.page
    mark = page.locator("#marks .pile-card[data-card=h10]")
    assert CAT["headlines"]["h10"]["title"] in mark.inner_text()
    assert CAT["headlines"]["h10"]["text"][:30] in mark.get_attribute("title")
    assert CAT["headlines"]["h12"]["title"] in page.inner_text("#lapsing")
    assert CAT["fighters"][gone]["name"] in page.inner_text("#removed-fighters")
    assert "T-34" in page.inner_text("#destroyed-tanks") and "removed for good: 1" in page.inner_text("#barricades-out")
    assert "Barricades in supply: 1" in page.inner_text("#deck-counts")  # 2 in the box, 1 out of the game
    page.click("#public-body details.pile >> text=Headline discard (1)")
    assert CAT["headlines"]["h02"]["title"] in page.inner_text("#public-body")
    assert "Revolutionary discard (1)" in page.inner_text("#public-body")
    counts = page.inner_text("#deck-counts")
    assert f"Revolutionary deck: {len(s['rev_deck'])}" in counts and f"Event deck: {len(s['event_deck'])}" in counts


def test_no_action_left_says_the_turn_ends_and_last_roll_is_todays_only(staged):
    """9. At 0 actions, a free card (Build barricade) ends the turn: the click says so first. A roll
    shows as dice in the "Last roll" line on its day only."""
    g = game(1, seed=3)
    to_rev_turn(g)
    set_hand(g, "rev1", ["rc_build_barricade_1", "rc_aid_1"])
    top(g).update(actions_left=0, free_move=False)
    ops.log(g, "Tanks fire at Astoria: rolled 2 and 5, 1 hit.", refs=["astoria"],
            dice={"dice": [2, 5], "for": "tank_fire", "location": "astoria", "hits": 1})
    refresh(g)
    t = staged(g, "rev1", apply=False)
    page = t.page
    assert page.locator("#last-roll svg.die").count() == 2 and page.is_visible("#last-roll")
    page.click("#hand .card[data-card=rc_build_barricade_1]")
    page.wait_for_selector("#confirm[open]")
    assert "no actions left, so your turn ends after this" in page.inner_text("#confirm")
    page.click("#confirm-no")
    assert t.sent == []
    g.s["day"] += 1  # the next day: yesterday's roll is no news
    t.restage()
    assert page.is_hidden("#last-roll")
    assert page.locator("#log li.dice svg.die").count() >= 2  # still in the log, as dice


def to_support_draw(g):
    """Day 2's support step with headlines to draw: each headline played for CP, every step ended."""
    for _ in range(3000):
        seat = g.active_seats()[0]
        acts = [a for a in g.legal_actions(seat) if a["type"] not in ("undo", "cancel")]
        if any(a["type"] == "draw_headline" for a in acts):
            return g
        pick = [a for a in acts if a["type"] == "play_headline" and a["mode"] == "cp"] or \
            [a for a in acts if a["type"] in ("done", "end_turn")] or acts
        g.apply(seat, pick[0])
    raise AssertionError("no support step with a choice of decks")


def to_split(revs: int = 3, seed: int = 2):
    """A game played at random (seeded) until the team splits the cards drawn for morale."""
    import random

    g, rng = game(revs, seed), random.Random(seed)
    for _ in range(3000):
        seat = rng.choice(g.active_seats())
        acts = [a for a in g.legal_actions(seat) if a["type"] != "undo"]
        if any(a["type"] == "distribute" for a in acts):
            return g, seat
        ends = [a for a in acts if a["type"] in ("done", "end_turn", "retrieve_spa")]
        g.apply(seat, rng.choice(ends) if ends and rng.random() < 0.4 else rng.choice(acts))
    raise AssertionError("no split of drawn cards")


def test_wording_of_turn_order_decks_declines_fighters_and_team_choices(staged):
    """10. "You take the next turn", not "you takes"; an empty headline deck says so, not "(0 left)";
    declining a "may" effect is a button that says so, not "Done"; fighter tooltips carry the ability's
    text; a teammate's dropped click on a team choice gets a notice."""
    g = game(2, seed=1)
    pass_through(g, lambda x: top(x)["kind"] == "turn_order")
    seat = g.active_seats()[0]
    t = staged(g, seat, apply=False)
    buttons = t.page.inner_text("#buttons")
    assert "You take" in buttons and "takes" not in buttons.split("You take")[0].split("\n")[-1], buttons
    assert "you takes" not in buttons.lower()
    t.close()

    g = game(2, seed=1)
    pass_through(g, lambda x: top(x)["kind"] == "army")  # 9. the army step with no CP left
    g.s["cp"] = 0
    refresh(g)
    t = staged(g, "soviet", apply=False)
    assert t.page.inner_text("#buttons button[data-action-type=done]") == "End the army step (no CP left)"
    t.close()

    g, seat = to_split()
    t = staged(g, seat, apply=False, names={"rev1": "Anna", "rev2": "Béla", "rev3": "Cili"})
    splits = t.page.locator("#buttons button[data-action-type=distribute], #choice button[data-action-type=distribute]")
    labels = splits.all_inner_texts() if splits.count() else [
        x for x in t.page.eval_on_selector_all("[data-action-types~=distribute]", "ns => ns.map(n => n.getAttribute('aria-label'))")]
    assert labels and all(x.startswith("Split: ") and "you " in x and "(Revolutionary" not in x for x in labels), labels
    t.close()

    g = to_support_draw(game(2, seed=1))
    decks = sorted({a["deck"] for a in g.legal_actions("soviet") if a["type"] == "draw_headline"})
    g.s["headline_decks"][decks[0]] = g.s["headline_decks"][decks[0]][:1]
    refresh(g)
    t = staged(g, "soviet", apply=False)
    buttons = t.page.inner_text("#buttons")
    assert f"Draw from headline deck {decks[0]} (1 card in it)" in buttons and "left)" not in buttons, buttons
    t.close()

    g = game(2, seed=1)
    swap_hand(g, ["h17"])
    act(g, "soviet", "play_headline", card="h17", mode="cp")  # Sympathetic Soviets: the team may remove a tank
    for loc in ("bem", "astoria"):
        give_active(g, loc, 1)
    t = staged(g, "rev1", names={"rev2": "Béla"})
    page = t.page
    decline = page.locator("#buttons button[data-action-type=done]")
    assert decline.inner_text() == "Decline (do not use this effect)"
    assert "Team choice: you decide for the team, or Béla (Revolutionary 2): the first answer counts" in page.inner_text("#team-note")
    t.send({"type": "error", "code": "stale", "message": "stale"})  # what the server says when Béla was first
    page.wait_for_selector("#toast:not([hidden])")
    assert "Another player acted first" in page.inner_text("#toast")
    # Fighter and tank tooltips: the ability's text, not only its kind.
    checked = 0
    for f in page.eval_on_selector_all("#board .fighter", "ns => ns.map(n => [n.dataset.fighter, n.querySelector('title').textContent])"):
        ab = CAT["fighters"][f[0]]["ability"]
        if ab:
            assert ab["text"].split(" H#")[0][:40] in f[1], f
            checked += 1
    assert checked, "no fighter with an ability on the board"

    # Action 6, taking (R5): the taker picks face-down cards by their place in the holder's hand.
    g = game(2, seed=1)
    to_rev_turn(g)
    seat = top(g)["seat"]
    other = "rev2" if seat == "rev1" else "rev1"
    g.s["positions"][other] = g.s["positions"][seat]
    set_hand(g, other, ["rc_food_1", "rc_molotov_1"])
    refresh(g)
    act(g, seat, "take_cards", **{"from": other})
    t = staged(g, seat, names={other: "Béla"})
    buttons = t.page.inner_text("#buttons")
    assert "Take card 1 of Béla" in buttons and "Take card 2 of Béla" in buttons and "(face down)" in buttons, buttons
    assert "Food" not in buttons and "Molotov" not in buttons, buttons
    t.page.click("#buttons button[data-action-type=take_card] >> nth=1")
    t.wait_version(2)
    assert "cards picked: 2" in t.page.inner_text("#picks")
    t.close()
    # The holder's table (the click above was applied to g) numbers its cards and marks the pick.
    assert top(g)["positions"] == [1]
    t = staged(g, other, apply=False)
    assert t.page.locator("#hand .card[data-place]").count() == 2
    assert t.page.locator("#hand .card.picked[data-place='2']").count() == 1
    assert "card 1" in t.page.inner_text("#hand")
    t.close()


def test_multi_select_shows_what_is_selected_and_what_is_still_missing(staged):
    """7. Cards discarded for icons: each pick shows as selected and "still missing" follows."""
    g = game(1, seed=3)
    to_rev_turn(g)
    here = g.s["positions"]["rev1"]
    with_event(g, here, "e01")  # Students' demands: information and food
    set_hand(g, "rev1", ["rc_information_1", "rc_food_1", "rc_ammunition_1"])
    g.s["locations"][here]["active"] = []
    refresh(g)
    t = staged(g, "rev1")
    page = t.page
    page.click("#buttons button[data-action-type=resolve_event]")
    t.wait_version(2)
    picks = page.locator("#picks .need-line")
    assert json.loads(picks.get_attribute("data-missing")) == {"information": 1, "food": 1}
    page.click("#hand .card[data-card=rc_information_1]")
    t.wait_version(3)
    assert page.locator("#hand .card.picked[data-card=rc_information_1]").count() == 1
    assert "Selected (1" in page.inner_text("#picks")
    assert json.loads(picks.get_attribute("data-missing")) == {"food": 1}
    page.click("#hand .card[data-card=rc_food_1]")
    t.wait_version(4)
    assert json.loads(picks.get_attribute("data-missing")) == {}
    assert "nothing: confirm when ready" in page.inner_text("#picks")
    assert page.locator("#hand .card.picked").count() == 2


def test_end_screen_names_the_player_who_lost_not_the_seat_id(staged):
    """End of game (Zhukov ruleset): the reason names the player ("Anna took injury number 4"), as the
    prompt does, never the seat id "rev1"."""
    g = game(2, seed=4, ruleset="zhukov")
    g.s["injuries"]["rev1"] = ops.injury_limit(g) - 1
    ops.injure(g, "rev1")
    assert g.result and "rev1" in g.result["reason"]
    t = staged(g, "rev2", names={"rev1": "Anna"})
    page = t.page
    page.wait_for_selector("#endscreen:not([hidden])")
    reason = page.inner_text("#end-reason")
    assert reason == g.result["reason"].replace("rev1", "Anna"), reason
    assert "General Zhukov wins" in page.inner_text("#end-title")


ON_SCREEN_JS = """() => {
  const top = document.getElementById('prompt').getBoundingClientRect().bottom;
  const box = document.getElementById('board-scroll').getBoundingClientRect();
  const nodes = [...document.querySelectorAll('#board [data-legal="1"]')];
  const shown = nodes.filter((n) => { const r = n.getBoundingClientRect(); const y = (r.top + r.bottom) / 2;
    return y > top && y < innerHeight && y > box.top && y < box.bottom; });  // the map scrolls sideways itself
  return [shown.length, nodes.length, document.getElementById('prompt').getBoundingClientRect().top >= 0];
}"""


def test_after_a_buy_on_a_phone_the_places_to_choose_are_in_view(staged, artifacts):
    """6. The current decision and its controls are always in view: a Soviet buying an event that goes
    anywhere, at the bottom of a phone's page, sees the map's places to choose under the prompt (the
    map itself scrolls sideways on a phone, or fits with "Fit map")."""
    from tests.staging_events import at_event_step

    g = at_event_step("e09", cp=10)  # Government building occupied: anywhere
    t = staged(g, "soviet", size=(390, 844))
    page = t.page
    card = page.locator("#market .event-card[data-slot='0']")
    card.scroll_into_view_if_needed()
    card.click()
    t.wait_version(2)
    assert "Choose an empty location" in page.inner_text("#prompt-text")
    label = page.get_attribute('#board .loc[data-legal="1"]', "aria-label")
    assert "Place “Government building occupied” in " in label, label  # 10. what is placed, not "Place in"
    page.wait_for_function(f"() => ({ON_SCREEN_JS})()[0] * 2 >= ({ON_SCREEN_JS})()[1]", timeout=5_000)
    shown, legal, prompt_in_view = page.evaluate(ON_SCREEN_JS)
    page.screenshot(path=str(artifacts / "staged-after-buy-phone.png"))
    assert legal >= 5 and prompt_in_view, (shown, legal)


FOCUS_JS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  const id = a.dataset.loc || a.dataset.card || a.dataset.fighter || a.dataset.slot || a.id || a.textContent.slice(0, 30);
  const cs = getComputedStyle(a);
  let ring = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2;
  const box = a.querySelector(':scope > .loc-box, :scope > .chip');  // places and fighter tiles on the map: a thick stroke
  if (!ring && box) ring = parseFloat(getComputedStyle(box).strokeWidth) >= 5;
  return [a.dataset.legal === '1' ? 'legal:' + id : id, ring, a.tagName];
}"""


def test_tab_reaches_every_legal_target_with_a_visible_focus_ring(staged):
    """Keyboard: every control is reachable by Tab with a visible focus ring; Enter on a focused
    place answers with it."""
    g = game(1, seed=3)
    to_rev_turn(g)
    t = staged(g, "rev1", apply=False)
    page = t.page
    legal = set(page.eval_on_selector_all('#table [data-legal="1"]', "ns => ns.map(n => 'legal:' + (n.dataset.loc || n.dataset.card || n.dataset.fighter || n.dataset.slot))"))
    assert legal
    seen, no_ring = set(), []
    page.evaluate("() => document.activeElement.blur()")
    for _ in range(250):
        page.keyboard.press("Tab")
        got = page.evaluate(FOCUS_JS)
        if got is None:
            continue
        if not got[1]:
            no_ring.append(got)
        seen.add(got[0])
        if legal <= seen and len(seen) > len(legal) + 5:
            break
    assert legal <= seen, legal - seen
    assert not no_ring, no_ring[:5]
    move = next(a for a in g.legal_actions("rev1") if a["type"] == "move")
    page.focus(f"#loc-{move['to']}")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#choice button.action') || document.body.classList.contains('pending')")
    assert t.sent == [move] or page.locator("#choice button.action[data-action-type=move]").count() == 1


def test_fighters_taken_along_show_as_selected_and_counted(staged):
    """7. Fighters taken along on a move: the tile shows as picked, the count follows, and the map
    marks where the move goes."""
    g = game(2, seed=3)
    to_rev_turn(g)
    seat = g.active_seats()[0]
    here = g.s["positions"][seat]
    give_active(g, here, 2)
    t = staged(g, seat)
    page = t.page
    move = next(a for a in g.legal_actions(seat) if a["type"] == "move")
    page.click(f"#loc-{move['to']}")
    if page.locator("#choice button.action[data-action-type=move]").count():
        page.click("#choice button.action[data-action-type=move]")
    t.wait_version(2)
    assert "fighters along: 0 of at most 2" in page.inner_text("#picks")
    assert "dest" in page.get_attribute(f"#loc-{move['to']}", "class").split()
    fid = page.get_attribute(f"#loc-{here} .fighter[data-legal='1']", "data-fighter")
    page.click(f"#loc-{here} .fighter[data-fighter={fid}]")
    t.wait_version(3)
    assert "picked" in page.get_attribute(f"#loc-{here} .fighter[data-fighter={fid}]", "class").split()
    picks = page.inner_text("#picks")
    assert "Selected (1" in picks and CAT["fighters"][fid]["name"] in picks and "fighters along: 1 of at most 2" in picks, picks


def test_long_names_and_chat_never_widen_a_phone_page(staged):
    """8. No user text ever widens the layout: 40-character names without spaces in the prompt's team
    note, the players, the log and a 500-character chat message, on a phone."""
    long = "Wojciechowskiszentgyorgyivanovichkovacs"
    g = game(2, seed=1)
    swap_hand(g, ["h17"])
    act(g, "soviet", "play_headline", card="h17", mode="cp")  # a team choice: the note names the teammate
    names = {s: long + s[-1] for s in g.seats}
    t = staged(g, "rev1", size=(390, 844), names=names)
    page = t.page
    assert names["rev2"] in page.inner_text("#team-note")
    t.send({"type": "chat", "seat": "rev2", "name": names["rev2"], "text": "x" * 500})
    page.click("#tab-chat")
    page.wait_for_selector("#chat li")
    w = page.evaluate("() => [document.documentElement.scrollWidth, document.body.scrollWidth, innerWidth]")
    assert max(w[:2]) <= w[2], w


def test_a_full_seven_card_hand_leaves_the_market_and_spa_pool_in_view(staged):
    """6. At 1280x800 the Soviet sees headlines, CP, the market and the SPA pool without scrolling, even
    with the largest hand (support at S7: 7 headlines, two rows; their texts on demand)."""
    from tests.staging_soviet_phase import with_hand

    g = game(2, seed=3)
    g.s["support"] = 6  # hand limit 7
    with_hand(g, [h for h, c in CAT["headlines"].items() if c["period"] == 1][:7])
    t = staged(g, "soviet")
    page = t.page
    assert page.locator("#hand .card").count() == 7
    height = page.evaluate("() => innerHeight")
    for sel in ("#hand .card >> nth=6", "#cp-box", "#spa-pool .spa-card >> nth=7", "#market .event-card[data-slot='5']", "#prompt"):
        box = page.locator(sel).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, (sel, box)
    card = page.locator("#hand .card").first
    card.locator(".text-toggle").click()  # the text on demand
    assert card.locator(".card-text").is_visible()
