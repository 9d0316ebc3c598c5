"""The hard bot (issue 32): determinized search over what its seat may know (engine/sampling.py,
bots/search.py)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from bots.greedy import GreedyBot
from bots.search import SearchBot
from engine import Game, new_game
from engine.cards import EVENT, HEADLINE


def advance(g, moves: int, seed: int = 3):
    bot, pick = GreedyBot(seed), random.Random(seed)
    for _ in range(moves):
        if g.result is not None:
            break
        seat = pick.choice(g.active_seats())
        v = g.view(seat, marks=False)
        g.apply(seat, bot.choose(v, v["actions"]))
    return g


def twin_with_other_secrets(g, seat: str):
    """A second true state that gives `seat` the same view: hidden cards swapped between places the
    seat cannot see (the draw deck and another hand, two face-down tiles, two event-deck cards of
    one band, the Soviet's hand and a headline deck)."""
    t = Game.from_dict(g.to_dict())
    s = t.s
    others = [r for r in s["hands"] if r != seat and s["hands"][r]]
    if others and s["rev_deck"]:
        hand = s["hands"][others[0]]
        hand[0], s["rev_deck"][0] = s["rev_deck"][0], hand[0]
    elif len(s["rev_deck"]) > 1:
        s["rev_deck"][0], s["rev_deck"][-1] = s["rev_deck"][-1], s["rev_deck"][0]
    tiles = [loc for loc, here in s["locations"].items() if here["facedown"]]
    if len(tiles) >= 2:
        a, b = s["locations"][tiles[0]]["facedown"], s["locations"][tiles[1]]["facedown"]
        a[-1], b[-1] = b[-1], a[-1]
    deck = s["event_deck"]
    if len(deck) >= 2:
        deck[-1], deck[-2] = deck[-2], deck[-1]  # the two top cards: one band
    if seat != "soviet" and s.get("headline_hand"):
        period = str(HEADLINE[s["headline_hand"][0]]["period"])
        if s["headline_decks"].get(period):
            s["headline_hand"][0], s["headline_decks"][period][0] = s["headline_decks"][period][0], s["headline_hand"][0]
    s["rng"] ^= 0x5DEECE66D  # dice to come differ too
    s["seed"] += 1
    t.invalidate()
    assert t.to_dict() != g.to_dict()
    return t


@pytest.mark.parametrize("revs, options, moves, seat", [
    (1, {}, 40, "rev1"), (2, {}, 25, "soviet"), (3, {}, 60, "rev2"), (2, {"ruleset": "zhukov"}, 30, "rev1"),
])
def test_the_hard_bot_cannot_see_through_its_view(revs, options, moves, seat):
    """Issue 32 (ISMCTS uses only what the seat may know): two true states that give the seat the
    same view give it the same information set, and the same decision for the same bot seed."""
    g = advance(new_game(revs, 11, options), moves)
    while seat not in g.active_seats():  # on to a decision of this seat
        g = advance(g, 1, seed=len(g.s["history"]))
    t = twin_with_other_secrets(g, seat)
    view = g.view(seat, marks=False)
    assert t.view(seat, marks=False) == view
    assert t.information_set(seat) == g.information_set(seat)
    one = SearchBot(5, playouts=6).choose(view, g.information_set(seat))
    two = SearchBot(5, playouts=6).choose(t.view(seat, marks=False), t.information_set(seat))
    assert one == two


def test_an_information_set_holds_no_secret_of_another_seat():
    """Views and the information set: no other seat's hand, no deck order, no seed or PRNG state."""
    g = advance(new_game(2, 4), 30)
    info = g.information_set("rev1")
    s = info["state"]
    assert s["hands"]["rev2"] == [] and s["rev_deck"] == [] and s["headline_hand"] == []
    assert s["event_deck"] == [] and all(not here["facedown"] for here in s["locations"].values())
    assert s["hands"]["rev1"] == g.s["hands"]["rev1"]
    assert s["seed"] == 0 and s["rng"] == 0 and s["log"] == [] and s["history"] == []
    for pool in info["pools"]:
        assert pool["items"] == sorted(pool["items"])


@pytest.mark.parametrize("revs, options", [(1, {}), (3, {}), (4, {"ruleset": "zhukov"})])
def test_a_sample_is_consistent_with_the_seat_s_view(revs, options):
    """Sampling (issue 32): the unseen cards are dealt back with the places' sizes, from what is
    still unseen; the seat's own hand and everything public stay; each headline deck holds its own
    period, each band of the event deck its own periods (Setup: decks 1, 2, 3 and the X events)."""
    g = advance(new_game(revs, 21, options), 50)
    for seat in g.seats:
        info = g.information_set(seat)
        samples = [Game.sample(info, random.Random(k)) for k in range(5)]
        for sg in samples:
            s, true = sg.s, g.s
            assert s["hands"][seat] if seat != "soviet" else True
            if seat != "soviet":
                assert s["hands"][seat] == true["hands"][seat]
            else:
                assert s["headline_hand"] == true["headline_hand"]
            assert {r: len(h) for r, h in s["hands"].items()} == {r: len(h) for r, h in true["hands"].items()}
            def hidden(st, seat=seat):
                return Counter(st["rev_deck"] + [c for r, h in st["hands"].items() if r != seat for c in h])
            assert hidden(s) == hidden(true)
            assert Counter(s["event_deck"]) == Counter(true["event_deck"])
            assert s["market"] == true["market"] and s["positions"] == true["positions"]
            for period, deck in s.get("headline_decks", {}).items():
                assert all(str(HEADLINE[h]["period"]) == period for h in deck)
            if "zhukov_deck" not in s:
                bottom = [str(EVENT[e]["period"]) for e in s["event_deck"][:8]]
                assert set(bottom[:4]) <= {"X"} and set(bottom[4:8]) <= {"3"}
            assert sg.view(seat, marks=False)["actions"] == [a for a in g.view(seat, marks=False)["actions"]
                                                            if a["type"] != "undo"]
        assert len({sg.state_hash() for sg in samples}) > 1  # the unseen really is dealt at random


def test_a_sampled_game_plays_to_the_end():
    """Fast playouts (issue 32): a sample is a whole game the greedy bots finish."""
    g = advance(new_game(2, 8), 60)
    sg = Game.sample(g.information_set("soviet"), random.Random(1))
    copy = sg.copy()
    advance(sg, 5000)
    assert sg.result is not None and copy.result is None


def test_a_think_budget_out_of_range_is_refused():
    with pytest.raises(ValueError):
        SearchBot(1, think_ms=10)
    with pytest.raises(ValueError):
        SearchBot(1, think_ms=60_000)
