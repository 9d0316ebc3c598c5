"""Staging helpers for the headline card tests (tests/test_cards_headlines_*.py).

Appendix A: the text effects of the 42 headline cards (H#1-H#42) and their mark interactions.

Each test plays the card from the Soviet hand the way the table does (red: "resolve", executed by
the Soviet commander; green: "cp", executed by the Revolutionaries) and checks what the players
see: views, legal actions and the log."""
from __future__ import annotations

from engine.cards import HEADLINE
from tests.support import act, of_type, pass_through, refresh, top

SOVIET = "soviet"


# ----- staging helpers ----------------------------------------------------------------------------
def with_hand(g, cards):
    """Swap the given headlines into the Soviet hand: each is taken out of its deck and an old hand
    card goes back into that deck in its place."""
    s = g.s
    hand = s["headline_hand"]
    for card in cards:
        if card in hand:
            continue
        deck = s["headline_decks"][str(HEADLINE[card]["period"])]
        old = next(c for c in hand if c not in cards)
        i = deck.index(card)
        deck[i] = old
        hand[hand.index(old)] = card
    return refresh(g)


def play(g, card, mode=None):
    mode = mode or ("resolve" if HEADLINE[card]["colour"] == "red" else "cp")
    with_hand(g, [card])
    act(g, SOVIET, "play_headline", card=card, mode=mode)


def pick_location(g, seat, loc):
    act(g, seat, "choose_location", location=loc)






def hit_injury(g, by, who):
    g.apply(by, {"type": "hit", "target": "injury", "seat": who})


def locations_offered(g, seat):
    return sorted(a["location"] for a in of_type(g, seat, "choose_location"))




def new_log(g, since, seat="rev1"):
    return [e["text"] for e in g.view(seat)["log"] if e["n"] >= since]


def loc_view(g, loc, seat="rev1"):
    return g.view(seat)["locations"][loc]


def in_headline_step(g):
    """The card is fully dealt with: the Soviet may play the next headline or end the step."""
    return top(g)["kind"] == "headline" and g.active_seats() == [SOVIET]


def take_spare_fighters(g, n, avoid=()):
    """Take n fighter tiles from face-down stacks elsewhere (they stay accounted for)."""
    out = []
    for loc, here in g.s["locations"].items():
        if loc in avoid:
            continue
        while here["facedown"] and len(out) < n:
            out.append(here["facedown"].pop())
    assert len(out) == n
    return out


def give_active(g, loc, n):
    fighters = take_spare_fighters(g, n, avoid=(loc,))
    g.s["locations"][loc]["active"].extend(fighters)
    refresh(g)
    return fighters


def give_rev_tank(g, loc, tank="rt_t34"):
    g.s["rev_tank_supply"].remove(tank)
    g.s["locations"][loc]["active"].append(tank)
    refresh(g)


def set_hand(g, seat, cards):
    """Give `seat` exactly these revolutionary cards (taken from wherever they are)."""
    s = g.s
    for c in s["hands"][seat]:
        s["rev_deck"].insert(0, c)
    s["hands"][seat] = []
    for c in cards:
        for pile in [s["rev_deck"], s["rev_discard"]] + list(s["hands"].values()):
            if c in pile:
                pile.remove(c)
        s["hands"][seat].append(c)
    refresh(g)


def fill_hand(g, seat, n):
    s = g.s
    while len(s["hands"][seat]) < n:
        s["hands"][seat].append(s["rev_deck"].pop())
    while len(s["hands"][seat]) > n:
        s["rev_deck"].insert(0, s["hands"][seat].pop())
    refresh(g)


def clear_hits(g):
    """Take every pending hit on the first option offered (an injury, a fighter or a barricade)."""
    while g.result is None and top(g)["kind"] == "hits":
        seat = g.active_seats()[0]
        g.apply(seat, of_type(g, seat, "hit")[0])


def to_turn_of(g, seat):
    """Advance to the Revolutionary turns with `seat` going first."""
    pass_through(g, lambda x: top(x)["kind"] == "turn_order")
    if of_type(g, "rev1", "choose_next"):
        g.apply("rev1", {"type": "choose_next", "seat": seat})
    pass_through(g, lambda x: top(x)["kind"] == "turn")
    return g


def radio_free_europe_while_zhukov_resolved(g):
    """The Soviet holds H#26 Radio Free Europe after resolving H#9 (Georgy Zhukov orders entry into
    Budapest, tanks to Bem Statue and Corvin Passage), so H#26 cannot be discarded and its one use
    draws cards: rev1 stands with one active fighter, so carrying it out draws a card."""
    with_hand(g, ["h09", "h26"])
    act(g, "soviet", "play_headline", card="h09", mode="resolve")
    pick_location(g, "soviet", "bem")
    pick_location(g, "soviet", "corvin")
    here = g.s["positions"]["rev1"]
    g.s["locations"][here]["active"] = []
    give_active(g, here, 1)
    return g
