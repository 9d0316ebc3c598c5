"""Soviet phase: the army, support and market steps.

Staging helpers: tests/staging_soviet_phase.py."""
from __future__ import annotations

import pytest

from tests.staging_soviet_phase import (
    SOVIET,
    done,
    play,
    sv,
    unchanged_after_illegal,
    with_cp,
    with_hand,
    with_market,
)
from tests.support import act, choose_player, game, log_texts, of_type, refresh


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
    choose_player(g, "rev1", "rev1")
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


def test_market_step_skipped_when_the_event_deck_is_empty_on_day_7():
    """On the 7th day the event deck runs out and the market doesn't need to be refilled (R3)."""
    g = game(2, seed=2)
    old = list(g.s["market"])
    g.s["day"] = 7
    g.s["event_deck"] = []
    refresh(g)
    to_market(g)
    v = sv(g)
    assert v["phase"] == "revolutionary"
    assert [m["event"]["id"] for m in v["market"]] == old
    assert v["event_discard"] == []
    assert "The event deck is empty on the last day: the market is not refilled." in log_texts(g, "rev1")
