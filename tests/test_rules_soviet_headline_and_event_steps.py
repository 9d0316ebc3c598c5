"""Soviet phase: the headline step and the event step.

Staging helpers: tests/staging_soviet_phase.py."""
from __future__ import annotations

import pytest

from tests.staging_soviet_phase import (
    SOVIET,
    buyable,
    done,
    market_cost,
    play,
    settle,
    sv,
    unchanged_after_illegal,
    with_cp,
    with_event,
    with_hand,
    with_market,
)
from tests.support import act, game, log_texts, of_type, pass_through, refresh


# ===== Headline step ================================================================================
def test_headline_step_red_card_offers_collect_or_resolve_green_offers_collect_or_discard():
    """Red card options: collect CP or resolve headline; green card options: collect CP and resolve, or discard."""
    g = with_hand(game(2), ["h11", "h01"])
    modes = {(a["card"], a["mode"]) for a in of_type(g, SOVIET, "play_headline")}
    assert modes == {("h11", "cp"), ("h11", "resolve"), ("h01", "cp"), ("h01", "discard")}
    assert {"type": "done"} in g.legal_actions(SOVIET)
    assert g.active_seats() == [SOVIET]


def test_headline_step_play_any_number_and_keep_the_rest():
    """The Soviet commander may play any number of headline cards in any order and keep the rest in hand."""
    g = with_hand(game(2), ["h11", "h04", "h05"])
    play(g, "h05", "cp")
    done(g)
    v = sv(g)
    assert v["step"] == "event"
    assert sorted(c["id"] for c in v["hand"]) == ["h04", "h11"]
    assert v["cp"] == 2


def test_headline_red_collect_cp_keeps_card_for_support_step():
    """Red: Collect Command Points: gain the CP, ignore text and icons, keep the card in front of the Soviet until the support step."""
    g = with_hand(game(2), ["h11", "h04"])
    g.s["spa_queue"] = [g.s["spa_pool"].pop(0)]
    refresh(g)
    play(g, "h11", "cp")
    v = sv(g)
    assert v["cp"] == 3
    assert [c["id"] for c in v["cp_cards"]] == ["h11"]
    assert v["soviet_hand_limit"] == 4 and v["support_colour"] == "neutral"  # text ignored
    assert len(v["spa_queue"]) == 1 and len(v["spa_pool"]) == 7  # SPA icon ignored
    assert "h11" not in [c["id"] for c in v["headline_discard"]]
    done(g, 3)  # headline, event, army: the support step discards the CP cards
    v = sv(g)
    assert v["cp_cards"] == []
    assert "h11" in [c["id"] for c in v["headline_discard"]]


def test_headline_red_resolve_executes_text_then_spa_icon_cp_ignored():
    """Red: Resolve headline: execute the text, then the icons (SPA: retrieve from the bottom of the queue); CP ignored; discard the card."""
    g = with_hand(game(2), ["h11"])
    first, second = g.s["spa_pool"][0], g.s["spa_pool"][3]
    g.s["spa_pool"].remove(first)
    g.s["spa_pool"].remove(second)
    g.s["spa_queue"] = [first, second]  # `first` was played first: the bottom of the queue
    refresh(g)
    play(g, "h11", "resolve")
    v = sv(g)
    assert v["cp"] == 0
    assert v["soviet_hand_limit"] == 5 and v["support_colour"] == "red"
    assert [c["id"] for c in v["spa_queue"]] == [second]
    assert first in [c["id"] for c in v["spa_pool"]] and len(v["spa_pool"]) == 7
    assert [c["id"] for c in v["headline_discard"]] == ["h11"]
    assert v["cp_cards"] == []
    texts = log_texts(g, "soviet")
    shift = next(i for i, t in enumerate(texts) if t.startswith("Support shifts toward the Soviet end"))
    spa = next(i for i, t in enumerate(texts) if "retrieves" in t)
    assert shift < spa  # text effect first, then the icon effect


def test_headline_spa_icon_retrieves_that_number_from_the_bottom_of_the_queue():
    """SPA icon (0-3): retrieve that number of SPA cards from the bottom of the SPA discard queue into the pool."""
    g = with_hand(game(2), ["h42"])  # Authorities open fire on the crowd (3): SPA 3
    queue = g.s["spa_pool"][:4]
    g.s["spa_pool"] = g.s["spa_pool"][4:]
    g.s["spa_queue"] = list(queue)
    refresh(g)
    play(g, "h42", "resolve")
    assert {a["type"] for a in g.legal_actions(SOVIET)} == {"choose_location", "undo"}
    act(g, SOVIET, "choose_location", location=of_type(g, SOVIET, "choose_location")[0]["location"])
    assert g.active_seats() != [SOVIET] and of_type(g, g.active_seats()[0], "hit")  # the team takes the hit
    settle(g)
    v = sv(g)
    assert [c["id"] for c in v["spa_queue"]] == queue[3:]
    assert [c["id"] for c in v["spa_pool"]][-3:] == queue[:3]


def test_headline_green_collect_cp_and_revolutionaries_execute():
    """Green: Collect Command Points and resolve headline: the Soviet gains the CP, the Revolutionaries execute the text; the card is kept for CP."""
    g = with_hand(game(2), ["h34"])
    play(g, "h34", "cp")
    v = sv(g)
    assert v["cp"] == 3
    assert [c["id"] for c in v["cp_cards"]] == ["h34"]
    assert v["locations"]["csepel"]["militia"] == 0  # the text was executed


def test_headline_green_discard_ignores_cp_and_all_effects():
    """Green: Discard: discard the headline face up ignoring CP and all effects (no mark either)."""
    g = with_hand(game(2), ["h34", "h01"])
    play(g, "h34", "discard")
    play(g, "h01", "discard")  # Popular support has the mark icon
    v = sv(g)
    assert v["cp"] == 0
    assert [c["id"] for c in v["headline_discard"]] == ["h34", "h01"]
    assert v["locations"]["csepel"]["militia"] == 1
    assert v["rev_tank_supply"] == 3
    assert v["marks"] == []
    assert "discards the green headline" in log_texts(g, "rev1")[-1]


@pytest.mark.parametrize("mark,card", [("h10", "h17"), ("h09", "h26"), ("h05", "h29")])
def test_headline_cannot_be_discarded_when_its_mark_is_in_the_ashtray(mark, card):
    """H#17 (H#10 resolved), H#26 (H#9 resolved), H#29 (H#5 resolved): "This card cannot be discarded"."""
    g = with_hand(game(2), [mark, card])
    assert {"type": "play_headline", "card": card, "mode": "discard"} in g.legal_actions(SOVIET)
    play(g, mark, "resolve")
    settle(g)  # H#10: rev1 and rev2 each discard a card; H#9: two locations; H#5: one location
    assert [c["id"] for c in sv(g)["marks"]] == [mark]
    assert {"type": "play_headline", "card": card, "mode": "discard"} not in g.legal_actions(SOVIET)
    assert {"type": "play_headline", "card": card, "mode": "cp"} in g.legal_actions(SOVIET)
    unchanged_after_illegal(g, SOVIET, {"type": "play_headline", "card": card, "mode": "discard"})


def test_headline_mark_goes_to_the_ashtray_only_when_its_icons_are_executed():
    """Mark icon: place the resolution marker in the ashtray; a red card collected for CP ignores its icons, so no marker."""
    g = with_hand(game(2), ["h10", "h09", "h01"])
    play(g, "h09", "cp")
    assert sv(g)["marks"] == []
    play(g, "h10", "resolve")
    for seat in ("rev1", "rev2"):  # H#10: each Revolutionary discards one card, in seat order
        assert g.active_seats() == [seat]
        act(g, seat, "discard", card=of_type(g, seat, "discard")[0]["card"])
    assert [c["id"] for c in sv(g)["marks"]] == ["h10"]
    play(g, "h01", "cp")  # green: the Revolutionaries execute text and icons, the mark included
    assert [c["id"] for c in sv(g)["marks"]] == ["h10", "h01"]
    assert any("ashtray" in t for t in log_texts(g, "rev1"))


def test_headline_lapsing_card_stays_on_display_until_end_of_day():
    """Lapsing: the card stays on the board as a reminder for the whole day; discard it at the end of the day only."""
    g = with_hand(game(2), ["h12"])  # Curfew: red, lapsing
    play(g, "h12", "resolve")
    assert of_type(g, SOVIET, "choose_player")
    settle(g)  # the Soviet chooses the player
    v = sv(g)
    assert [c["id"] for c in v["lapsing"]] == ["h12"]
    assert v["headline_discard"] == []
    pass_through(g, lambda x: x.s["phase"] == "spa")
    assert [c["id"] for c in sv(g)["lapsing"]] == ["h12"]
    pass_through(g, lambda x: x.s["day"] == 2)
    v = sv(g)
    assert v["lapsing"] == []
    assert "h12" in [c["id"] for c in v["headline_discard"]]


def test_headline_lapsing_red_card_collected_for_cp_is_not_lapsing():
    """Collect Command Points ignores the icons, the lapsing icon too: the card is discarded in the support step."""
    g = with_hand(game(2), ["h12"])
    play(g, "h12", "cp")
    v = sv(g)
    assert v["lapsing"] == [] and [c["id"] for c in v["cp_cards"]] == ["h12"]
    done(g, 3)
    assert "h12" in [c["id"] for c in sv(g)["headline_discard"]]


# ===== Event step ===================================================================================
def test_event_cost_is_base_plus_slot_surcharge():
    """The base cost is increased by the number above the market slot: (+0), (+0), (+1), (+1), (+2), (+2)."""
    # all base 3: E#5 and E#8 (period 1, +2: R106), E#11, E#12, E#14, E#18 (period 2 as first reconstructed)
    g = with_market(game(2), ["e05", "e08", "e11", "e12", "e14", "e18"])
    done(g)
    assert market_cost(g) == [3, 3, 4, 4, 5, 5]
    with_cp(g, 4)
    assert buyable(g) == [0, 1, 2, 3]
    with_cp(g, 5)
    assert buyable(g) == [0, 1, 2, 3, 4, 5]


def test_event_minor_base_cost_is_number_of_minor_events_on_board():
    """Minor event (X): its base cost equals the number of minor events currently on the board."""
    g = with_market(game(2), ["e24", "e05", "e25", "e06", "e07", "e09"])
    assert market_cost(g)[0] == 0 and market_cost(g)[2] == 1
    with_event(g, "hwpp", "e23")
    assert market_cost(g)[0] == 1 and market_cost(g)[2] == 2
    with_event(g, "stalin", "e31")
    assert market_cost(g)[0] == 2 and market_cost(g)[2] == 3
    assert market_cost(g)[1] == 3  # a major event keeps its base cost (E#5: 1, +2 for period 1, R106)


def test_event_first_minor_placed_costs_0_the_second_1():
    """Note: the base cost of the first minor event placed is 0 CP, the second placed is 1 CP."""
    g = with_market(game(2), ["e24", "e25", "e05", "e06", "e07", "e09"])
    done(g)
    with_cp(g, 1)
    act(g, SOVIET, "buy_event", slot=0)
    assert sv(g)["cp"] == 1
    assert sv(g)["market"][1]["cost"] == 1
    act(g, SOVIET, "buy_event", slot=1)
    v = sv(g)
    assert v["cp"] == 0
    assert v["locations"]["astoria"]["event"]["id"] == "e24"
    assert v["locations"]["szena"]["event"]["id"] == "e25"


def test_event_minor_cannot_be_bought_into_an_occupied_location():
    """A minor event belonging to a location that already has an event cannot be bought."""
    g = with_market(game(2), ["e26", "e24", "e05", "e06", "e07", "e09"])  # Fake anti-tank mines: Corvin
    done(g)
    with_cp(g, 10)
    assert 0 not in buyable(g)
    assert 1 in buyable(g)
    unchanged_after_illegal(g, SOVIET, {"type": "buy_event", "slot": 0})


def test_event_major_replaces_the_occupant_without_effect():
    """A major event may be bought into an occupied location: discard the event there without effect, then place it."""
    g = with_event(game(2), "kossuth", "e33")  # minor: its reward would shift support
    with_market(g, ["e10", "e24", "e05", "e06", "e07", "e09"])  # Bloodbath (Kossuth Square), base 4 (R106)
    done(g)
    with_cp(g, 4)
    assert 0 in buyable(g)
    act(g, SOVIET, "buy_event", slot=0)
    v = sv(g)
    assert v["locations"]["kossuth"]["event"]["id"] == "e10"
    assert [e["id"] for e in v["event_discard"]] == ["e33"]
    assert v["support_colour"] == "neutral" and v["morale_draw"] == 2
    assert v["cp"] == 0
    assert "Radio station in the Parliament is removed from Kossuth Square without effect." in log_texts(g, "soviet")


def test_event_anywhere_needs_an_empty_location_chosen_by_the_soviet():
    """"Anywhere" events must be placed in a location with no event; the Soviet commander chooses which."""
    g = with_market(game(2), ["e08", "e24", "e05", "e06", "e07", "e09"])  # Spreading the news: Anywhere, 3 (R106)
    done(g)
    with_cp(g, 3)
    act(g, SOVIET, "buy_event", slot=0)
    places = {a["location"] for a in of_type(g, SOVIET, "place")}
    assert places == {"szena", "kossuth", "astoria", "radio", "blaha", "hwpp", "stalin", "csepel"}
    assert g.active_seats() == [SOVIET]
    unchanged_after_illegal(g, SOVIET, {"type": "place", "location": "corvin"})
    act(g, SOVIET, "place", location="csepel")
    v = sv(g)
    assert v["locations"]["csepel"]["event"]["id"] == "e08"
    assert v["step"] == "event"


def test_event_anywhere_with_exactly_one_empty_location_is_placed_there_without_a_prompt():
    """"Anywhere" event with a single empty location: nothing to choose, it is placed there at once."""
    g = with_market(game(2), ["e08", "e24", "e05", "e06", "e07", "e09"])  # Spreading the news: Anywhere, 3 (R106)
    empty = [loc for loc, here in g.s["locations"].items() if not here["event"]]
    spare = [e for e in g.s["event_deck"] if e != "e08"]
    for loc in empty[:-1]:
        with_event(g, loc, spare.pop())
    done(g)
    with_cp(g, 3)
    act(g, SOVIET, "buy_event", slot=0)
    assert of_type(g, SOVIET, "place") == []
    v = sv(g)
    assert v["locations"][empty[-1]]["event"]["id"] == "e08"
    assert v["step"] == "event" and {"type": "done"} in g.legal_actions(SOVIET)


def test_event_e14_placement_with_one_revolutionary_asks_no_choice():
    """E#14 placement ("the Soviet commander chooses a player"): with one Revolutionary there is nobody to choose."""
    g = with_market(game(1), ["e14", "e24", "e05", "e06", "e07", "e09"])  # Kilián Barracks: Corvin Passage
    done(g)
    with_cp(g, 10)
    act(g, SOVIET, "buy_event", slot=0)
    assert of_type(g, SOVIET, "choose_player") == []
    assert g.active_seats() == ["rev1"]
    assert g.legal_actions("rev1") == [{"type": "hit", "target": "injury", "seat": "rev1"}]


def test_event_anywhere_cannot_be_bought_with_no_empty_location():
    """If there is no location without an event, an "Anywhere" event cannot be bought."""
    g = game(2)
    for loc, e in {"szena": "e25", "kossuth": "e33", "astoria": "e24", "radio": "e30", "blaha": "e27",
                   "hwpp": "e23", "stalin": "e31", "csepel": "e29"}.items():
        with_event(g, loc, e)
    with_market(g, ["e08", "e10", "e05", "e06", "e07", "e09"])
    done(g)
    with_cp(g, 20)
    assert 0 not in buyable(g)
    assert 1 in buyable(g)  # a major with its own location still replaces


def test_event_cannot_buy_with_too_few_cp():
    """The Soviet commander spends collected CP: an event costing more than the CP left cannot be bought."""
    g = with_market(game(2), ["e10", "e24", "e05", "e06", "e07", "e09"])  # Bloodbath: 4 CP (R106)
    done(g)
    with_cp(g, 3)
    assert 0 not in buyable(g)
    unchanged_after_illegal(g, SOVIET, {"type": "buy_event", "slot": 0})
    with_cp(g, 4)
    assert 0 in buyable(g)


def test_event_market_worked_example_8_cp_buys_2_plus_4_plus_1():
    """Example: the Soviet gathers 2+4+2=8 CP then buys 3 events for 2+4+1=7 CP (the minor costs 0, no minor on the board yet)."""
    g = with_hand(game(2), ["h05", "h07", "h13"])  # CP 2 (red), 4 (green), 2 (red)
    # base 2 (+0; E#16), base 4 (+0; E#7), minor (+1): the tuned costs keep the example's numbers
    with_market(g, ["e16", "e07", "e25", "e15", "e06", "e12"])
    for card in ("h05", "h07", "h13"):
        play(g, card, "cp")
        settle(g)  # H#7 (green) is executed: a Revolutionary chooses the player
    assert sv(g)["cp"] == 8
    done(g)
    assert market_cost(g)[:3] == [2, 4, 1]
    for slot in (0, 1, 2):
        act(g, SOVIET, "buy_event", slot=slot)
        if slot == 0:  # Red star removed belongs anywhere: the Soviet chooses an empty location
            act(g, SOVIET, "place", location="blaha")
    v = sv(g)
    assert v["cp"] == 1
    assert (v["locations"]["blaha"]["event"]["id"], v["locations"]["astoria"]["event"]["id"],
            v["locations"]["szena"]["event"]["id"]) == ("e16", "e07", "e25")
    texts = log_texts(g, "rev1")
    assert "The Soviet commander buys Red star removed from buildings for 2 CP." in texts
    assert "The Soviet commander buys Fire in the National Museum for 4 CP." in texts
    assert "The Soviet commander buys Medic gravely injured for 1 CP." in texts
