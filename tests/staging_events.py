"""Staging helpers for the event card tests (tests/test_cards_events_*.py).

Appendix B: the placement, reward and penalty of every event card (E#1-E#33) and of the
promo's alternative starting events (A1-A3), as a player sees them (views, legal actions, log,
result).

Placement: the event is swapped into market slot 0 at the Soviet event step and bought.
Reward: the position is staged (the event in its location, the resolving player there with the
cards the requirement needs) and the player takes {"type": "resolve_event"}, discards, "done"."""
from __future__ import annotations

from engine.board import LOCATION_IDS
from engine.cards import EVENT
from engine.frames.revolutionary import event_need
from tests.support import act, at_step, game, of_type, pass_through, refresh, set_active, set_hand, top

SOVIET = "soviet"

# Cards giving each icon, in the order the helper hands them out (Aid is wild for 3 icons).
ICON_CARDS = {
    "molotov": [f"rc_molotov_{i}" for i in range(1, 7)],
    "ammunition": [f"rc_ammunition_{i}" for i in range(1, 6)],
    "information": [f"rc_information_{i}" for i in range(1, 4)] + [f"rc_aid_{i}" for i in range(1, 5)],
    "medical": [f"rc_medical_{i}" for i in range(1, 4)] + [f"rc_aid_{i}" for i in range(1, 5)],
    "food": [f"rc_food_{i}" for i in range(1, 4)] + [f"rc_aid_{i}" for i in range(1, 5)],
    "vehicle": ["rc_vehicle_1", "rc_vehicle_2", "rc_transportation_1", "rc_transportation_2"],
}


# ----- staging helpers ----------------------------------------------------------------------------


def loc_view(g, loc: str, seat: str = "spectator") -> dict:
    return g.view(seat)["locations"][loc]


def to_discard_pile(g, cards) -> None:
    """Move these cards from the draw deck into the revolutionary discard pile."""
    for c in cards:
        g.s["rev_deck"].remove(c)
        g.s["rev_discard"].append(c)
    refresh(g)




def put_event(g, event: str, loc: str) -> None:
    """Put `event` on `loc`; the event there (if any) takes the place `event` came from, so every
    event card stays in exactly one place."""
    s = g.s
    occupant = s["locations"][loc]["event"]
    if occupant == event:
        return
    for pile in (s["event_deck"], s["event_discard"]):
        if event in pile:
            i = pile.index(event)
            if occupant:
                pile[i] = occupant
            else:
                pile.pop(i)
            break
    else:
        if event in s["market"]:
            s["market"][s["market"].index(event)] = occupant
        else:
            src = next(k for k, here in s["locations"].items() if here["event"] == event)
            s["locations"][src]["event"] = occupant
    s["locations"][loc]["event"] = event
    refresh(g)


def cards_for(g, event: str) -> list[str]:
    picked: list[str] = []
    for icon, n in event_need(g, event).items():
        picked += [c for c in ICON_CARDS[icon] if c not in picked][:n]
    return picked


def resolve(g, seat: str, event: str, loc: str | None = None, fighters=(), keep_units: bool = False):
    """Stage and resolve `event` with `seat` (its turn must be on): the event in `loc` (its own
    location by default), the player there, exactly the cards needed in hand. Soviet tanks there
    are removed unless keep_units (then give Péter Hajas as a fighter to stop their fire)."""
    s = g.s
    where = EVENT[event]["location"]
    loc = loc or (where if where in LOCATION_IDS else "astoria")
    put_event(g, event, loc)
    s["positions"][seat] = loc
    if not keep_units:
        s["locations"][loc]["soviet_tanks"] = 0
    set_active(g, loc, list(fighters))
    cards = cards_for(g, event)
    set_hand(g, seat, cards)
    assert {"type": "resolve_event"} in g.legal_actions(seat)
    act(g, seat, "resolve_event")
    for c in cards:
        if {"type": "discard", "card": c} in g.legal_actions(seat):
            act(g, seat, "discard", card=c)
    act(g, seat, "done")
    return g


def at_event_step(event: str, seed: int = 1, revs: int = 2, cp: int = 10, **options):
    """A game at the Soviet event step of day 1 with `event` in market slot 0 and `cp` CP."""
    g = game(revs, seed, **options)
    pass_through(g, at_step("event"))
    s = g.s
    if s["market"][0] != event:
        displaced = s["market"][0]
        s["market"][0] = None
        put_event_in_slot(s, event, displaced)
    s["cp"] = cp
    refresh(g)
    assert top(g)["kind"] == "event_step"
    return g


def put_event_in_slot(s, event, displaced) -> None:
    for pile in (s["event_deck"], s["event_discard"]):
        if event in pile:
            pile[pile.index(event)] = displaced
            break
    else:
        if event in s["market"]:
            s["market"][s["market"].index(event)] = displaced
        else:
            src = next(k for k, here in s["locations"].items() if here["event"] == event)
            s["locations"][src]["event"] = None
            s["event_deck"].insert(0, displaced)
    s["market"][0] = event


def take_kind(g, seat: str, kind: str) -> str:
    """Take the offered card of this kind from the discard pile (copies are alike); returns its id."""
    from engine.cards import REV_CARD

    card = next(a["card"] for a in of_type(g, seat, "take") if REV_CARD[a["card"]]["kind"] == kind)
    act(g, seat, "take", card=card)
    return card


def buy(g, event: str) -> None:
    assert g.s["market"][0] == event
    act(g, SOVIET, "buy_event", slot=0)




def stage_day_7(g, events=None):
    """Jump to the 7th day (Soviet headline step), the event deck spent as it would be by then."""
    s = g.s
    s["day"] = 7
    s["event_discard"].extend(s["event_deck"])
    s["event_deck"] = []
    for loc, event in (events or {}).items():
        put_event(g, event, loc)
    return refresh(g)


def until_over(g):
    return pass_through(g, lambda x: x.result is not None)


def spa_cards_offered(g) -> set[str]:
    from engine.cards import SPA

    return {SPA[a["card"]]["kind"] for a in of_type(g, SOVIET, "play_spa")}


def to_spa_phase(g):
    return pass_through(g, lambda x: top(x)["kind"] == "spa")
