"""Staging helpers for the Soviet phase rule tests (tests/test_rules_soviet_*.py).

Rulebook: Conflict Ruleset, Phase 1: Soviet Phase (headline, event, army, support and market
steps) and the headline cards the rulebook spells out (H#11, H#34, H#36)."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.cards import HEADLINE
from tests.support import act, of_type, refresh

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




def buyable(g):
    return sorted(a["slot"] for a in of_type(g, SOVIET, "buy_event"))


def market_cost(g):
    return [m.get("cost") for m in sv(g)["market"]]


def unchanged_after_illegal(g, seat, action):
    before = g.to_dict()
    with pytest.raises(IllegalAction):
        g.apply(seat, action)
    assert g.to_dict() == before
