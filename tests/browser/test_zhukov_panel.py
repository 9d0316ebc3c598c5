"""Browser tests (issue 15 with issue 12's table standards): the Zhukov ruleset as a player sees it.
The solo lobby offers 4 seats only against General Zhukov; the header names each Zhukov step; the
General Zhukov panel takes the market's place and draws the card being resolved; On the table lists
the Zhukov decks; the players list says "you" once."""
from __future__ import annotations

import json
import urllib.request

import pytest

from .helpers import open_seat, rest_play, rest_room, rest_view

pytestmark = pytest.mark.browser
ZHUKOV = {"ruleset": "zhukov"}


def test_solo_lobby_offers_4_revolutionary_seats_only_against_general_zhukov(server, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.click("#solo summary")
    four = "input[name=solo-revs][value='4']"
    assert not page.is_visible(four)  # Conflict: 1-3 Revolutionaries
    assert "a bot commands the Soviet" in page.inner_text("#solo-hint")
    page.check("input[name=solo-side][value='zhukov']")
    page.check(four)
    page.check("#solo-teammates")
    hint = page.inner_text("#solo-hint")
    assert "General Zhukov" in hint and "commands the Soviet" not in hint and "bots play Revolutionaries 2-4" in hint
    page.check("input[name=solo-side][value='soviet']")  # 4 was picked: back to 3
    assert not page.is_visible(four)
    assert page.eval_on_selector("input[name=solo-revs]:checked", "n => n.value") == "3"
    assert page.inner_text("#solo-hint").startswith("You command the Soviet against 3 bot Revolutionaries")
    page.check("input[name=solo-side][value='zhukov']")
    page.check(four)
    page.click("#solo-btn")
    page.wait_for_url("**/table", timeout=15_000)
    gid = page.url.rstrip("/").rsplit("/", 2)[-2]
    with urllib.request.urlopen(f"{server.url}/api/games/{gid}") as r:
        room = json.load(r)
    assert room["options"]["ruleset"] == "zhukov"
    assert {s["seat"]: s["bot"] for s in room["seats"]} == {"rev1": None, "rev2": "normal", "rev3": "normal",
                                                            "rev4": "normal"}
    ctx.close()


def _room_resolving_a_card(server) -> tuple[dict, dict]:
    """A 2-player Zhukov room waiting on a choice of a General Zhukov card (the first Soviet phase),
    with rev1 named "Zoltan" and rev2 "Anna"."""
    for _ in range(12):
        room = rest_room(server.url, 2, {"rev1": "Zoltan", "rev2": "Anna"}, options=ZHUKOV)
        view = rest_view(server.url, room, "rev1")["view"]
        if view["zhukov"]["current"]:
            return room, view
    raise AssertionError("no room waited on a General Zhukov card's choice")


def test_zhukov_table_names_the_step_draws_the_card_being_resolved_and_the_zhukov_decks(server, browser):
    room, view = _room_resolving_a_card(server)
    z = view["zhukov"]
    with urllib.request.urlopen(f"{server.url}/api/catalog") as r:
        cards = json.load(r)["zhukov_cards"]  # views over REST name cards by id; the catalog has the rest
    for d in [z["current"]["card"], *z["today"], *z["discard"]]:
        d.update(title=f"Z#{cards[d['id']]['number']}", colour=cards[d["id"]]["colour"])
    errors: list[str] = []
    page = open_seat(browser, server.url, room, "rev1", errors=errors)
    try:
        # Header: the step by name, never the raw "zhukov" step id.
        header = page.inner_text("#turn")
        stage = {"headline": "headline step", "event": "event step"}[z["current"]["stage"]]
        n = [d["id"] for d in z["today"]].index(z["current"]["card"]["id"]) + 1
        assert header.startswith(f"Day 1 · Soviet phase · General Zhukov card {n} of 4 ({z['current']['card']['title']}) · {stage}")
        assert "zhukov" not in header
        # The General Zhukov panel instead of the market: the card being resolved, as a card.
        assert page.inner_text("#market-wrap h2").lower().startswith(f"general zhukov · {z['deck_count']} in the deck")
        assert not page.query_selector("#market .event-card")
        card = page.query_selector("#zhukov-current")
        assert card.get_attribute("data-card") == z["current"]["card"]["id"]
        assert z["current"]["card"]["colour"] in card.get_attribute("class")
        rows = [li.get_attribute("data-row") for li in card.query_selector_all(".zk-headline")]
        assert rows == ["top", "middle", "bottom"]
        today = card.query_selector(".zk-headline.today")
        assert today.get_attribute("data-row") == "top"  # days 1-2
        headline = next(h for h in cards[z["current"]["card"]["id"]]["headlines"] if h["position"] == "top")
        assert headline["title"] in today.inner_text() and headline["text"][:40] in today.inner_text()
        # The support step's outcome, as the engine reports it (it depends on the room's random
        # seed: a headline of the other colour is skipped).
        outcome = z["current"]["headline"]
        assert outcome in ("resolved", "skipped")
        if outcome == "resolved":
            assert "today's headline applies" in card.inner_text() and "today: skipped" not in card.inner_text()
        else:
            assert "the headline is skipped" in card.inner_text() and "today: skipped" in today.inner_text()
        placement = card.query_selector(".zk-placement")  # the placement icon, in words too
        icon = cards[z["current"]["card"]["id"]]["placement"]
        assert placement.get_attribute("data-placement") == icon
        assert {"place_minor": "Event step: place a minor event", "discard_major": "Event step: discard a major event",
                "place_major": "Event step: place a major event"}[icon] in placement.inner_text()
        drawn = page.inner_text("#zhukov-today")
        assert [f"{i + 1}. {d['title']}" in drawn for i, d in enumerate(z["today"])] == [True] * len(z["today"])
        decks = page.inner_text("#zhukov-decks")
        assert f"General Zhukov deck: {z['deck_count']} cards left" in decks
        assert f"Major event deck: {z['major_deck_count']}" in decks and f"Minor event deck: {z['minor_deck_count']}" in decks
        assert f"({len(z['discard'])})" in page.inner_text("#zhukov-discard summary")
        # On the table: the Zhukov decks, no empty headline-decks line.
        counts = page.inner_text("#deck-counts")
        assert "Headline decks" not in counts and "Event deck:" not in counts
        assert f"Major event deck: {z['major_deck_count']}" in counts and f"General Zhukov deck: {z['deck_count']}" in counts
        assert "General Zhukov discard" in page.inner_text("#public-body")
        # The General Zhukov deck is no longer a grey line under the players; the injury that loses
        # the game is under them (ruling Z3: the 4th with 2 players).
        assert not page.query_selector("#player-list .zhukov-public")
        assert page.inner_text("#player-list .injury-limit") == \
            "Injury number 4 of any Revolutionary loses the game for the team."
        assert not errors, errors
    finally:
        page.context.close()


def test_the_players_list_says_you_once(server, browser):
    room = rest_room(server.url, 2, {"rev1": "Zoltan", "rev2": "Anna"}, options=ZHUKOV)
    pages = {seat: open_seat(browser, server.url, room, seat) for seat in ("rev1", "rev2")}
    try:
        names = {seat: [n.inner_text() for n in p.query_selector_all("#player-list li[data-seat] .pname")]
                 for seat, p in pages.items()}
        assert names["rev1"] == ["Zoltan (Revolutionary 1), you", "Anna (Revolutionary 2)"]
        assert names["rev2"] == ["Zoltan (Revolutionary 1)", "Anna (Revolutionary 2), you"]
    finally:
        for p in pages.values():
            p.context.close()


def test_every_zhukov_step_has_a_readable_name(server, browser):
    """The header's words for each step of a Zhukov day (decisions.js phaseLabel on the view's data)."""
    page = browser.new_context().new_page()
    page.goto(server.url + "/rules")
    labels = page.evaluate("""async () => {
      const { phaseLabel } = await import('/static/js/decisions.js');
      const card = { id: 'z03', title: 'Z#3', colour: 'green' };
      const z = (extra) => ({ deck_count: 12, discard: [], on_board: [], row: 'top', today: [{ ...card, headline: 'resolved' }],
                              current: null, spa_step: null, minor_deck_count: 11, major_deck_count: 19, ...extra });
      const v = (phase, step, extra) => ({ day: 1, phase, step, zhukov: z(extra) });
      return [
        phaseLabel(v('soviet', 'zhukov', { current: { card, stage: 'headline', row: 'top', headline: 'resolved' } })),
        phaseLabel(v('soviet', 'zhukov', { current: { card, stage: 'event', row: 'top', headline: 'skipped' } })),
        phaseLabel(v('revolutionary', 'turn_order', {})),
        phaseLabel(v('revolutionary', 'draw', {})),
        ...['move_militia', 'move_snipers', 'place', 'attack'].map((s) => phaseLabel(v('spa', 'zhukov_spa', { spa_step: s }))),
        phaseLabel(v('end', 'end_of_day', {})),
      ];
    }""")
    assert labels == [
        "Day 1 · Soviet phase · General Zhukov card 1 of 4 (Z#3) · headline step",
        "Day 1 · Soviet phase · General Zhukov card 1 of 4 (Z#3) · event step",
        "Day 1 · Revolutionary phase · choosing the turn order",
        "Day 1 · Revolutionary phase · drawing cards",
        "Day 1 · SPA phase · step 1 of 4: move militia",
        "Day 1 · SPA phase · step 2 of 4: move snipers",
        "Day 1 · SPA phase · step 3 of 4: place militia",
        "Day 1 · SPA phase · step 4 of 4: attack",
        "Day 1 · End of the day",
    ]
    page.context.close()


def test_zhukov_spa_phase_shows_its_four_fixed_steps_and_who_chooses(server, browser):
    room = rest_room(server.url, 3, options=ZHUKOV)
    rest_play(server.url, room, lambda v: v["zhukov"]["spa_step"] is not None, seed=1, max_moves=400)
    view = rest_view(server.url, room, "rev1")["view"]
    seat = view["active"][0]
    view = rest_view(server.url, room, seat)["view"]
    step = view["zhukov"]["spa_step"]
    order = ["move_militia", "move_snipers", "place", "attack"]
    page = open_seat(browser, server.url, room, seat)
    try:
        assert f"SPA phase · step {order.index(step) + 1} of 4:" in page.inner_text("#turn")
        states = {li.get_attribute("data-step"): li.get_attribute("data-state")
                  for li in page.query_selector_all("#zhukov-spa-steps li")}
        assert states[step] == "now"
        assert all(states[s] in ("done", "skipped") for s in order[:order.index(step)])
        # Several Revolutionaries may answer: the prompt says who decides.
        if len(view["active"]) > 1:
            assert page.inner_text("#team-note").startswith("Team choice: you decide for the team")
        if step == "move_snipers":  # the sniper's location is marked; its possible steps are the targets
            origin = view["decision"]["from"]
            assert "origin" in page.get_attribute(f"#loc-{origin}", "class")
            to = {a["to"] for a in view["actions"] if a["type"] == "move_sniper"}
            assert {n.get_attribute("data-loc") for n in page.query_selector_all('.loc[data-legal="1"]')} == to
    finally:
        page.context.close()


def test_a_turn_order_pick_says_the_actions_it_gives(server, browser):
    """decisions.js on the turn-order decision's data: a pick says whose turn and how many actions."""
    page = browser.new_context().new_page()
    page.goto(server.url + "/rules")
    labels = page.evaluate("""async () => {
      const { actionLabel } = await import('/static/js/decisions.js');
      const { describe } = await import('/static/js/common.js');
      const seats = [{ seat: 'rev1', name: 'You' }, { seat: 'rev2', name: 'Anna' }];
      const view = { decision: { kind: 'turn_order', stage: 'choose_next', position: 2, actions: { rev1: 1, rev2: 0 } } };
      return [{ type: 'choose_next', seat: 'rev1' }, { type: 'choose_next', seat: 'rev2' }]
        .map((a) => actionLabel(a, view, seats, 'rev1', describe));
    }""")
    assert labels == ["You take turn 2 (1 action)", "Anna (Revolutionary 2) takes turn 2 (0 actions)"]
    page.context.close()
