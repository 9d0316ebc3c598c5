"""Rulebook: Conflict Ruleset, Phase 1: Soviet Phase (headline, event, army, support and market
steps) and the headline cards the rulebook spells out (H#11, H#34, H#36)."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.cards import HEADLINE
from tests.support import act, game, of_type, pass_through, refresh

SOVIET = "soviet"


# ----- staging helpers ----------------------------------------------------------------------------
def with_hand(g, cards):
    """Give the Soviet exactly these headlines (taken out of their decks; the old hand goes back
    to the bottom of its decks)."""
    s = g.s
    for card in s["headline_hand"]:
        if card not in cards:
            s["headline_decks"][str(HEADLINE[card]["period"])].insert(0, card)
    for deck in s["headline_decks"].values():
        for card in cards:
            if card in deck:
                deck.remove(card)
    s["headline_hand"] = list(cards)
    return refresh(g)


def with_market(g, events):
    """Put these 6 event ids (or None) in the market; displaced market cards go to the deck bottom."""
    s = g.s
    for e in events:
        if e in s["event_deck"]:
            s["event_deck"].remove(e)
    s["event_deck"][0:0] = [e for e in s["market"] if e and e not in events]
    s["market"] = list(events)
    return refresh(g)


def with_event(g, loc, event):
    g.s["locations"][loc]["event"] = event
    if event in g.s["event_deck"]:
        g.s["event_deck"].remove(event)
    return refresh(g)


def with_cp(g, cp):
    g.s["cp"] = cp
    return refresh(g)


def done(g, times=1):
    for _ in range(times):
        act(g, SOVIET, "done")


def play(g, card, mode):
    act(g, SOVIET, "play_headline", card=card, mode=mode)


def choose(g, by, seat):
    """A Revolutionary answers a "choose a player" prompt."""
    g.apply(by, {"type": "choose_player", "seat": seat})


def settle(g):
    """Answer whatever a card effect asks (a location, a player, a discard, a hit...) with the first
    legal option, until the Soviet is back at the step's own decision ("done" offered). Use it only
    where the exact answer does not matter to the test."""
    for _ in range(50):
        seats = g.active_seats()
        if seats == [SOVIET] and {"type": "done"} in g.legal_actions(SOVIET):
            return g
        seat = seats[0]
        g.apply(seat, [a for a in g.legal_actions(seat) if a["type"] not in ("undo", "cancel")][0])
    raise AssertionError("settle: the card effect keeps asking")


def sv(g):
    return g.view(SOVIET)


def log_texts(g, seat=SOVIET):
    return [e["text"] for e in g.view(seat)["log"]]


def buyable(g):
    return sorted(a["slot"] for a in of_type(g, SOVIET, "buy_event"))


def market_cost(g):
    return [m.get("cost") for m in sv(g)["market"]]


def unchanged_after_illegal(g, seat, action):
    before = g.to_dict()
    with pytest.raises(IllegalAction):
        g.apply(seat, action)
    assert g.to_dict() == before


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
    texts = log_texts(g)
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
    g = with_market(game(2), ["e06", "e07", "e09", "e11", "e12", "e14"])  # all base 3 (period 1 tuned, R95)
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
    assert market_cost(g)[1] == 2  # a major event keeps its base cost (E#5: 1, +1 for period 1, R95)


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
    with_market(g, ["e10", "e24", "e05", "e06", "e07", "e09"])  # Bloodbath (Kossuth Square), base 4
    done(g)
    with_cp(g, 4)
    assert 0 in buyable(g)
    act(g, SOVIET, "buy_event", slot=0)
    v = sv(g)
    assert v["locations"]["kossuth"]["event"]["id"] == "e10"
    assert [e["id"] for e in v["event_discard"]] == ["e33"]
    assert v["support_colour"] == "neutral" and v["morale_draw"] == 2
    assert v["cp"] == 0
    assert "Radio station in the Parliament is removed from Kossuth Square without effect." in log_texts(g)


def test_event_anywhere_needs_an_empty_location_chosen_by_the_soviet():
    """"Anywhere" events must be placed in a location with no event; the Soviet commander chooses which."""
    g = with_market(game(2), ["e08", "e24", "e05", "e06", "e07", "e09"])  # Spreading the news: Anywhere, 2 (R95)
    done(g)
    with_cp(g, 2)
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
    g = with_market(game(2), ["e08", "e24", "e05", "e06", "e07", "e09"])  # Spreading the news: Anywhere, 2 (R95)
    empty = [loc for loc, here in g.s["locations"].items() if not here["event"]]
    spare = [e for e in g.s["event_deck"] if e != "e08"]
    for loc in empty[:-1]:
        with_event(g, loc, spare.pop())
    done(g)
    with_cp(g, 2)
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
    g = with_market(game(2), ["e10", "e24", "e05", "e06", "e07", "e09"])
    done(g)
    with_cp(g, 3)
    assert 0 not in buyable(g)
    unchanged_after_illegal(g, SOVIET, {"type": "buy_event", "slot": 0})
    with_cp(g, 4)
    assert 0 in buyable(g)


def test_event_market_worked_example_8_cp_buys_2_plus_4_plus_1():
    """Example: the Soviet gathers 2+4+2=8 CP then buys 3 events for 2+4+1=7 CP (the minor costs 0, no minor on the board yet)."""
    g = with_hand(game(2), ["h05", "h07", "h13"])  # CP 2 (red), 4 (green), 2 (red)
    # base 2 (+0; E#16, period 2), base 4 (+0), minor (+1)
    with_market(g, ["e16", "e10", "e24", "e15", "e06", "e12"])
    for card in ("h05", "h07", "h13"):
        play(g, card, "cp")
        settle(g)  # H#7 (green) is executed: a Revolutionary chooses the player
    assert sv(g)["cp"] == 8
    done(g)
    assert market_cost(g)[:3] == [2, 4, 1]
    for slot in (0, 1, 2):
        act(g, SOVIET, "buy_event", slot=slot)
        if slot == 0:  # Red star removed belongs anywhere: the Soviet chooses an empty location
            act(g, SOVIET, "place", location="radio")
    v = sv(g)
    assert v["cp"] == 1
    assert (v["locations"]["radio"]["event"]["id"], v["locations"]["kossuth"]["event"]["id"],
            v["locations"]["astoria"]["event"]["id"]) == ("e16", "e10", "e24")
    texts = log_texts(g, "rev1")
    assert "The Soviet commander buys Red star removed from buildings for 2 CP." in texts
    assert "The Soviet commander buys Bloodbath for 4 CP." in texts
    assert "The Soviet commander buys Tanks in sight for 1 CP." in texts


# ===== Army step ====================================================================================
def to_army(g, cp):
    done(g, 2)
    assert g.s["step"] == "army"
    return with_cp(g, cp)


def moves(g):
    return {(a["from"], a["to"]) for a in of_type(g, SOVIET, "move_tank")}


def test_army_move_a_tank_to_an_adjacent_location_for_1_cp():
    """1 CP: move a Soviet tank to an adjacent location (Radio-Corvin Passage and Astoria-Radio are adjacent)."""
    g = to_army(game(2), 1)
    m = moves(g)
    assert ("radio", "corvin") in m and ("radio", "astoria") in m
    assert {src for src, _ in m} == {"kossuth", "radio"}
    assert ("radio", "csepel") not in m and ("kossuth", "radio") not in m
    act(g, SOVIET, "move_tank", **{"from": "radio", "to": "corvin"})
    v = sv(g)
    assert v["cp"] == 0
    assert (v["locations"]["radio"]["soviet_tanks"], v["locations"]["corvin"]["soviet_tanks"]) == (0, 1)
    assert moves(g) == set()  # no CP left


def test_army_the_same_tank_cannot_be_moved_twice():
    """The same tank cannot be moved more than once in the army step."""
    g = game(2)
    g.s["locations"]["astoria"]["soviet_tanks"] = 1
    g = to_army(g, 5)
    act(g, SOVIET, "move_tank", **{"from": "kossuth", "to": "astoria"})
    assert sv(g)["locations"]["astoria"]["soviet_tanks"] == 2
    assert {dst for src, dst in moves(g) if src == "astoria"}  # the tank that was there may still go
    act(g, SOVIET, "move_tank", **{"from": "astoria", "to": "radio"})
    assert not [m for m in moves(g) if m[0] == "astoria"]  # only the moved one is left in Astoria
    assert sv(g)["locations"]["radio"]["soviet_tanks"] == 2
    # One original tank is still in the Radio: exactly one more move from there is possible.
    act(g, SOVIET, "move_tank", **{"from": "radio", "to": "corvin"})
    assert not [m for m in moves(g) if m[0] == "radio"]
    assert sv(g)["cp"] == 2


def test_army_a_tank_never_moves_out_of_a_barricade():
    """The move option cannot be chosen in a location with a barricade."""
    g = game(2)
    g.s["locations"]["radio"]["barricades"] = 1
    g = to_army(g, 3)
    assert {src for src, _ in moves(g)} == {"kossuth"}
    unchanged_after_illegal(g, SOVIET, {"type": "move_tank", "from": "radio", "to": "corvin"})


def test_army_place_a_tank_in_a_reinforcement_location_for_3_cp():
    """3 CP: place one Soviet tank in a reinforcement location (Csepel, Széna Square, HWPP Headquarters)."""
    g = to_army(game(2), 2)
    assert of_type(g, SOVIET, "place_tank") == []
    with_cp(g, 3)
    assert {a["location"] for a in of_type(g, SOVIET, "place_tank")} == {"csepel", "szena", "hwpp"}
    act(g, SOVIET, "place_tank", location="hwpp")
    v = sv(g)
    assert v["cp"] == 0 and v["locations"]["hwpp"]["soviet_tanks"] == 1


def test_army_at_most_8_soviet_tanks_on_the_board():
    """There can only be a maximum of 8 Soviet tanks on the board at any point in the game."""
    g = game(2)
    g.s["locations"]["kossuth"]["soviet_tanks"] = 6
    g = to_army(g, 9)
    act(g, SOVIET, "place_tank", location="csepel")
    assert sum(loc["soviet_tanks"] for loc in sv(g)["locations"].values()) == 8
    assert of_type(g, SOVIET, "place_tank") == []
    assert sv(g)["cp"] == 6
    assert moves(g)  # moving is still possible


def test_army_leftover_cp_are_lost():
    """CP not spent by the end of the army step are lost (the support step discards the CP cards)."""
    g = to_army(game(2), 5)
    done(g)
    assert sv(g)["cp"] == 0
    assert of_type(g, SOVIET, "move_tank") == []


# ===== Support step =================================================================================
def at_support(g, day, hand=(), support=None):
    """Stage the day and the Soviet hand at the headline step, then finish headline/event/army."""
    g.s["day"] = day
    if support is not None:
        g.s["support"] = support
    with_hand(g, list(hand))
    done(g, 3)
    return g


def periods(g):
    return sorted(c["period"] for c in sv(g)["hand"])


def test_support_draw_up_to_the_hand_limit_day_1_from_deck_1():
    """Draw back up to the hand limit (the number under the support marker); on the 1st day from the 1 deck."""
    g = at_support(game(2), 1)
    v = sv(g)
    assert len(v["hand"]) == v["soviet_hand_limit"] == 4
    assert periods(g) == [1, 1, 1, 1]
    assert v["headline_decks"]["1"] == 7
    assert v["step"] == "market"  # one deck only: no decision
    assert "The Soviet commander draws a headline from deck 1." in log_texts(g, "rev1")


@pytest.mark.parametrize("support", [0, 6])
def test_support_hand_limit_is_the_number_under_the_support_marker(support):
    """The hand limit is the number indicated by the support marker on the support track."""
    g = at_support(game(2), 1, support=support)
    v = sv(g)
    assert len(v["hand"]) == v["soviet_hand_limit"]
    assert v["soviet_hand_limit"] == (2 if support == 0 else 7)


def test_support_day_2_any_combination_of_decks_1_and_2():
    """On the 2nd day, cards can be drawn in any combination from the 1 and 2 deck."""
    g = at_support(game(2), 2)
    assert g.active_seats() == [SOVIET]
    assert {a["deck"] for a in of_type(g, SOVIET, "draw_headline")} == {"1", "2"}
    for deck in ("2", "1", "2", "2"):
        act(g, SOVIET, "draw_headline", deck=deck)
    assert periods(g) == [1, 2, 2, 2]
    assert sv(g)["step"] == "market"


@pytest.mark.parametrize("day", [3, 4])
def test_support_days_3_and_4_from_deck_2(day):
    """On the 3rd and 4th day, cards are drawn from the 2 deck."""
    g = at_support(game(2), day)
    assert periods(g) == [2, 2, 2, 2]
    assert sv(g)["step"] == "market"


def test_support_day_5_any_combination_of_decks_2_and_3():
    """On the 5th day, cards can be drawn in any combination from the 2 and 3 deck."""
    g = at_support(game(2), 5)
    assert {a["deck"] for a in of_type(g, SOVIET, "draw_headline")} == {"2", "3"}
    for deck in ("3", "3", "2", "3"):
        act(g, SOVIET, "draw_headline", deck=deck)
    assert periods(g) == [2, 3, 3, 3]


def test_support_day_6_from_deck_3():
    """On the 6th day, cards are drawn from the 3 deck."""
    g = at_support(game(2), 6)
    assert periods(g) == [3, 3, 3, 3]


def test_support_day_6_falls_back_to_deck_2_then_deck_1():
    """If the 3 deck runs out on the 6th day, draw from the 2 deck; if the 2 deck also runs out, from the 1 deck."""
    g = game(2)
    g.s["headline_decks"]["3"] = g.s["headline_decks"]["3"][:1]
    g = at_support(g, 6)
    assert periods(g) == [2, 2, 2, 3]
    g = game(2)
    g.s["headline_decks"]["3"] = []
    g.s["headline_decks"]["2"] = g.s["headline_decks"]["2"][:2]
    g = at_support(g, 6)
    assert periods(g) == [1, 1, 2, 2]


def test_support_no_cards_drawn_on_day_7():
    """No cards are drawn on the 7th day."""
    g = at_support(game(2), 7)
    v = sv(g)
    assert v["hand"] == []
    assert v["headline_decks"] == {"1": 11, "2": 20, "3": 11}


def test_support_hand_above_the_limit_is_kept():
    """Draw back up to the hand limit: a hand already at or over the limit draws nothing (and discards nothing)."""
    g = game(2)
    g.s["support"] = 0  # hand limit 2
    g = at_support(g, 1, hand=["h01", "h02", "h03", "h04"])
    v = sv(g)
    assert sorted(c["id"] for c in v["hand"]) == ["h01", "h02", "h03", "h04"]


def test_support_step_discards_cp_cards_but_not_resolved_or_lapsing_ones():
    """The support step discards the cards played for CP; resolved red cards are already discarded."""
    g = with_hand(game(2), ["h04", "h05", "h36", "h11"])
    play(g, "h04", "cp")
    play(g, "h11", "resolve")
    play(g, "h36", "cp")
    choose(g, "rev1", "rev1")
    assert [c["id"] for c in sv(g)["headline_discard"]] == ["h11"]
    done(g, 3)
    v = sv(g)
    assert [c["id"] for c in v["headline_discard"]] == ["h11", "h04"]
    assert [c["id"] for c in v["lapsing"]] == ["h36"]


# ===== Market step ==================================================================================
def to_market(g):
    done(g, 3)
    return g


def test_market_keep_exactly_2_into_the_plus_0_slots_and_refill_from_plus_1():
    """Keep exactly 2 events, move them to the (+0) slots, discard the rest for good, refill starting with the (+1) slots."""
    g = to_market(game(2, seed=4))
    old = list(g.s["market"])
    deck_top = list(reversed(g.s["event_deck"]))[:4]
    assert g.active_seats() == [SOVIET]
    assert sorted(a["slot"] for a in of_type(g, SOVIET, "keep")) == [0, 1, 2, 3, 4, 5]
    assert of_type(g, SOVIET, "done") == []
    act(g, SOVIET, "keep", slot=3)
    assert sorted(a["slot"] for a in of_type(g, SOVIET, "keep")) == [0, 1, 2, 4, 5]
    assert of_type(g, SOVIET, "done") == []  # exactly 2 must be kept
    act(g, SOVIET, "keep", slot=5)
    v = sv(g)
    assert [m["event"]["id"] for m in v["market"]] == [old[3], old[5]] + deck_top
    assert sorted(e["id"] for e in v["event_discard"]) == sorted(old[i] for i in (0, 1, 2, 4))
    assert v["event_deck_count"] == 20
    assert not set(old[i] for i in (0, 1, 2, 4)) & set(g.view("admin")["secrets"]["event_deck"])
    assert v["phase"] == "revolutionary"


@pytest.mark.parametrize("left", [0, 1, 2])
def test_market_with_only_1_or_2_cards_they_are_kept_automatically(left):
    """If only one (or two) event cards remain on the market, the Soviet keeps them and fills up the market (all 6 if none is left)."""
    g = game(2, seed=6)
    market = list(g.s["market"])
    staged = [None] * 6
    if left:
        staged[4] = market[4]
    if left == 2:
        staged[1] = market[1]
    g.s["event_deck"][0:0] = [e for e in market if e not in staged]
    with_market(g, staged)
    deck_top = list(reversed(g.s["event_deck"]))[: 6 - left]
    to_market(g)
    v = sv(g)
    assert v["phase"] == "revolutionary"  # no keep decision
    assert [m["event"]["id"] for m in v["market"]] == [e for e in staged if e] + deck_top
    assert v["event_discard"] == []


def test_market_refill_as_much_as_possible():
    """If there are not enough cards to refill the market, refill as much as possible."""
    g = game(2, seed=2)
    two = g.s["event_deck"][-2:]
    g.s["event_deck"] = list(two)
    refresh(g)
    to_market(g)
    old = list(g.s["market"])
    act(g, SOVIET, "keep", slot=0)
    act(g, SOVIET, "keep", slot=1)
    v = sv(g)
    assert [m["event"]["id"] if m["event"] else None for m in v["market"]] == \
        [old[0], old[1], two[1], two[0], None, None]
    assert v["event_deck_count"] == 0


def test_market_step_skipped_when_the_event_deck_is_empty():
    """On the 7th day the event deck runs out and the market doesn't need to be refilled."""
    g = game(2, seed=2)
    old = list(g.s["market"])
    g.s["event_deck"] = []
    refresh(g)
    to_market(g)
    v = sv(g)
    assert v["phase"] == "revolutionary"
    assert [m["event"]["id"] for m in v["market"]] == old
    assert v["event_discard"] == []
    assert "The event deck is empty: the market is not refilled." in log_texts(g, "rev1")


# ===== Headline cards with spelled-out effects =======================================================
def test_h11_crowd_burns_propaganda_resolve_shifts_support_and_retrieves_1_spa():
    """H#11 example: resolving shifts support towards the Soviet end, then the icon retrieves one SPA card; no CP."""
    g = with_hand(game(2), ["h11"])
    card = g.s["spa_pool"].pop()
    g.s["spa_queue"] = [card]
    refresh(g)
    play(g, "h11", "resolve")
    v = sv(g)
    assert v["soviet_hand_limit"] == 5
    assert v["spa_queue"] == [] and len(v["spa_pool"]) == 8
    assert v["cp"] == 0


def test_h11_crowd_burns_propaganda_collect_gives_3_cp():
    """H#11 example: "Collect Command Points" gives 3 CP; text and icon effects are ignored."""
    g = with_hand(game(2), ["h11"])
    play(g, "h11", "cp")
    v = sv(g)
    assert v["cp"] == 3 and v["soviet_hand_limit"] == 4


def test_h11_crowd_burns_propaganda_at_the_soviet_end_does_nothing():
    """H#11: If support is at the Soviet end, do nothing (the SPA icon is still executed: engine ruling)."""
    g = with_hand(game(2), ["h11"])
    g.s["support"] = 6
    card = g.s["spa_pool"].pop()
    g.s["spa_queue"] = [card]
    refresh(g)
    log_before = len(g.s["log"])
    play(g, "h11", "resolve")
    v = sv(g)
    assert v["support"] == 6 and v["soviet_hand_limit"] == 7
    assert not [e for e in g.s["log"][log_before:] if e["text"].startswith("Support shifts")]
    assert v["spa_queue"] == []


def test_h34_national_guard_begins_organization_removes_csepel_militia_and_places_rev_tank():
    """H#34 example: collect 3 CP; the Revolutionaries remove one militia from Csepel and place a random revolutionary tank on Kossuth Square."""
    g = with_hand(game(2, seed=3), ["h34"])
    play(g, "h34", "cp")
    v = g.view("rev1")
    assert v["cp"] == 3
    assert v["locations"]["csepel"]["militia"] == 0
    tanks = v["locations"]["kossuth"]["revolutionary_tanks"]
    assert len(tanks) == 1 and tanks[0]["id"] in {"rt_howitzer", "rt_t34", "rt_t55"}
    assert tanks[0]["active"] is True
    assert v["rev_tank_supply"] == 2
    assert any(t.startswith("Revolutionary tank") and "Kossuth Square" in t for t in log_texts(g, "rev1"))


def test_h34_revolutionary_tank_is_chosen_randomly():
    """H#34: the revolutionary tank is chosen randomly from the available tokens."""
    seen = set()
    for seed in range(12):
        g = with_hand(game(2, seed=seed), ["h34"])
        play(g, "h34", "cp")
        seen.add(g.view("rev1")["locations"]["kossuth"]["revolutionary_tanks"][0]["id"])
    assert len(seen) >= 2


def test_h34_not_placed_if_4_active_fighters_on_kossuth_square():
    """H#34: if there are 4 active fighters in Kossuth Square, the tank may not be placed."""
    g = game(2, seed=3)
    locs = g.s["locations"]
    spare = []
    for loc in ("astoria", "blaha"):
        spare += [locs[loc]["inactive"]] + locs[loc]["facedown"]
        locs[loc]["inactive"], locs[loc]["facedown"] = None, []
    locs["kossuth"]["active"] = spare
    with_hand(g, ["h34"])
    play(g, "h34", "cp")
    v = g.view("rev1")
    assert v["locations"]["csepel"]["militia"] == 0
    assert v["locations"]["kossuth"]["revolutionary_tanks"] == []
    assert len(v["locations"]["kossuth"]["fighters"]) == 5  # 4 active + the inactive one
    assert v["rev_tank_supply"] == 3
    assert any("already has 4 active fighters" in t for t in log_texts(g, "rev1"))


def test_h36_pal_maleter_aids_the_revolution_tank_and_team_chooses_who_gets_one_more_action():
    """H#36: a random revolutionary tank in Corvin Passage; the team chooses who takes one more action; the card lapses."""
    g = with_hand(game(2, seed=5), ["h36", "h04"])
    play(g, "h36", "cp")
    v = g.view("rev1")
    assert v["cp"] == 5
    assert len(v["locations"]["corvin"]["revolutionary_tanks"]) == 1
    assert sorted(g.active_seats()) == ["rev1", "rev2"]  # a team choice: offered to every Revolutionary
    assert g.legal_actions(SOVIET) == []  # the card is fully dealt with before the next one
    for seat in ("rev1", "rev2"):
        assert {a["seat"] for a in of_type(g, seat, "choose_player")} == {"rev1", "rev2"}
    choose(g, "rev1", "rev2")
    assert g.active_seats() == [SOVIET]
    assert [c["id"] for c in sv(g)["lapsing"]] == ["h36"]
    assert any("rev2 will take one more action today" in t for t in log_texts(g, "rev2"))


def test_h36_the_chosen_player_takes_one_more_action_this_day_only():
    """H#36 lapsing example: one Revolutionary player can take one more action during the day it was resolved."""
    g = with_hand(game(2, seed=5), ["h36"])
    play(g, "h36", "cp")
    choose(g, "rev2", "rev2")
    pass_through(g, lambda x: x.s["stack"][-1]["kind"] == "turn")
    assert g.view("rev1")["turn"]["seat"] == "rev1" and g.view("rev1")["turn"]["actions_left"] == 2
    act(g, "rev1", "end_turn")
    assert g.view("rev2")["turn"] == {"seat": "rev2", "actions_left": 3, "free_move": True}
    hand = len(g.s["hands"]["rev2"])
    for _ in range(3):
        act(g, "rev2", "draw_card")
    assert len(g.s["hands"]["rev2"]) == hand + 3
    assert of_type(g, "rev2", "draw_card") == []
    assert [c["id"] for c in g.view("rev1")["lapsing"]] == ["h36"]
    pass_through(g, lambda x: x.s["day"] == 2 and x.s["stack"][-1]["kind"] == "turn")
    v = g.view("rev1")
    assert v["lapsing"] == [] and "h36" in [c["id"] for c in v["headline_discard"]]
    turns = {}
    while g.s["day"] == 2 and g.s["stack"][-1]["kind"] == "turn":
        seat = g.s["stack"][-1]["seat"]
        turns[seat] = g.view(seat)["turn"]["actions_left"]
        act(g, seat, "end_turn")
    assert turns == {"rev1": 2, "rev2": 2}


def test_h36_single_revolutionary_gets_the_extra_action_without_a_choice():
    """H#36 with one Revolutionary: that player takes 4 + 1 actions this day."""
    g = with_hand(game(1, seed=5), ["h36"])
    play(g, "h36", "cp")
    assert g.active_seats() == [SOVIET]
    pass_through(g, lambda x: x.s["stack"][-1]["kind"] == "turn")
    assert g.view("rev1")["turn"]["actions_left"] == 5


def test_h36_tank_not_placed_if_4_active_fighters_in_corvin_passage():
    """H#36: if there are 4 active fighters in Corvin Passage, the tank may not be placed (the extra action still is)."""
    g = game(2, seed=5)
    locs = g.s["locations"]
    spare = []
    for loc in ("astoria", "blaha"):
        spare += [locs[loc]["inactive"]] + locs[loc]["facedown"]
        locs[loc]["inactive"], locs[loc]["facedown"] = None, []
    locs["corvin"]["active"] = spare
    with_hand(g, ["h36"])
    play(g, "h36", "cp")
    assert g.view("rev1")["locations"]["corvin"]["revolutionary_tanks"] == []
    assert g.view("rev1")["rev_tank_supply"] == 3
    choose(g, "rev2", "rev1")
    assert g.s["today"]["extra_actions"] == {"rev1": 1}


def test_event_anywhere_with_a_sniper_needs_an_empty_location_with_a_sniper():
    """E#17 (Anywhere with a sniper): placed only in an empty location with a sniper; it cannot be placed with no sniper on the board."""
    g = with_market(game(2), ["e17", "e24", "e05", "e06", "e07", "e09"])  # SPA resupplies, base 3
    done(g)
    with_cp(g, 3)
    act(g, SOVIET, "buy_event", slot=0)
    assert {a["location"] for a in of_type(g, SOVIET, "place")} == {"kossuth", "radio", "hwpp"}
    g = with_market(game(2), ["e17", "e24", "e05", "e06", "e07", "e09"])
    for loc in g.s["locations"].values():
        loc["snipers"] = 0
    done(refresh(g))
    with_cp(g, 3)
    assert 0 not in buyable(g)
