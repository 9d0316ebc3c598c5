"""Invariants that must hold after every action of every game, and the leak oracle."""
from __future__ import annotations

import json

from engine.cards import EVENT, HEADLINE, REV_CARD
from engine.data import FIGHTERS, MORALE_TRACK, SPA_CARDS, SUPPORT_TRACK
from engine.data.promo import ALTERNATIVE_START_EVENTS
from engine.data.zhukov import ZHUKOV_CARDS

CAPS = {"militia": 14, "snipers": 5, "soviet_tanks": 8, "barricades": 2}


def check_invariants(g) -> None:
    s = g.s
    locs = s["locations"]
    # Unit limits: 8 tanks, 14 militia, 5 snipers, 2 barricades; never negative.
    for kind, cap in CAPS.items():
        total = sum(loc[kind] for loc in locs.values())
        assert 0 <= total <= cap, f"{kind} on board {total} > cap {cap}"
        assert all(loc[kind] >= 0 for loc in locs.values()), f"negative {kind}"
    # At most 4 active fighters (revolutionary tanks included) in any location.
    for name, loc in locs.items():
        assert len(loc["active"]) <= 4, f"{len(loc['active'])} active fighters in {name}"
    # Hand limit 10 for each Revolutionary.
    for seat, hand in s["hands"].items():
        assert len(hand) <= 10, f"{seat} holds {len(hand)} cards"
    # Tracks in range.
    assert 0 <= s["morale"] < len(MORALE_TRACK)
    assert 0 <= s["support"] < len(SUPPORT_TRACK)
    assert s["cp"] >= 0
    assert 1 <= s["day"] <= 7
    # Injuries: never negative; at the limit only when the game is over.
    from engine.ops import injury_limit

    for seat, n in s["injuries"].items():
        assert n >= 0
        if s["result"] is None:
            assert n < injury_limit(g), f"{seat} has {n} injuries and the game goes on"
    # Conservation of components.
    rev_cards = s["rev_deck"] + s["rev_discard"] + [c for h in s["hands"].values() for c in h]
    rev_cards += s.get("removed_from_play", [])  # Last Stand, once played
    assert len(rev_cards) == len(set(rev_cards))
    expected_rev = {c for c in REV_CARD if not c.startswith(("rc_ak47", "rc_last_stand"))}
    if s["options"].get("promo_ak47"):
        expected_rev.add("rc_ak47")
    if s["options"].get("promo_last_stand"):
        expected_rev.add("rc_last_stand")
    assert set(rev_cards) == expected_rev
    zhukov = "zhukov_deck" in s
    events = (s["event_deck"] + [e for e in s["market"] if e] + s["event_discard"] + s.get("minor_deck", [])
              + [loc["event"] for loc in locs.values() if loc["event"]] + [c for c in s["lapsing"] if c in EVENT]
              + [f["event"] for f in s["stack"] if f["kind"] == "place_event"])
    assert len(events) == len(set(events)), "an event card is in two places"
    expected_events = 33 + (1 if s.get("printing_press") in ("in_play", "removed") else 0)  # promo event
    assert len(events) == expected_events, f"{len(events)} event cards accounted for"
    if zhukov:
        _check_zhukov(g)
    heads = [] if zhukov else (s["headline_hand"] + s["cp_cards"] + s["headline_discard"] + [c for c in s["lapsing"] if c in HEADLINE]
             + [c for d in s["headline_decks"].values() for c in d] + _in_play_headlines(s))
    assert sorted(heads) == ([] if zhukov else sorted(HEADLINE)), "headline cards lost or doubled"
    fighters = s["fighters_removed"] + [f for loc in locs.values() for f in loc["active"] + loc["facedown"]
                                        + ([loc["inactive"]] if loc["inactive"] else []) if not f.startswith("rt_")]
    assert sorted(fighters) == sorted(f["id"] for f in FIGHTERS)
    tanks = s["rev_tank_supply"] + s["rev_tanks_destroyed"] + [f for loc in locs.values() for f in loc["active"]
                                                               if f.startswith("rt_")]
    assert sorted(tanks) == ["rt_howitzer", "rt_t34", "rt_t55"]
    assert sorted(s["spa_pool"] + s["spa_queue"]) == ([] if zhukov else sorted(c["id"] for c in SPA_CARDS))
    # The Revolutionary team never spends more actions than it has.
    today = s["today"]
    assert today["actions_taken"] + today["actions_passed"] <= max(4, today["actions_allowed"]) + 1
    assert all(ev not in [e["id"] for e in ALTERNATIVE_START_EVENTS] or s["options"].get("alternative_start_events")
               for ev in events)
    # No dead end: while the game goes on, someone can do more than undo or cancel.
    if s["result"] is None:
        assert any(a["type"] not in ("undo", "cancel") for seat in g.seats for a in g.legal_actions(seat)), \
            f"only undo/cancel is left: {[f['kind'] for f in s['stack'][-3:]]}"


def _check_zhukov(g) -> None:
    """Zhukov ruleset: no Soviet seat; the 14 General Zhukov cards are each in exactly one place
    (deck, discard pile, on the board as a lapsing reminder, or being resolved); at most 4 drawn
    a day; no market, no headline or SPA cards."""
    s = g.s
    assert "soviet" not in s["seats"] and "soviet" not in g.active_seats()
    cards = (s["zhukov_deck"] + s["zhukov_discard"] + s["zhukov_on_board"]
             + [f["card"] for f in s["stack"] if f["kind"] == "zhukov_card"])
    assert sorted(cards) == sorted(c["id"] for c in ZHUKOV_CARDS), "General Zhukov cards lost or doubled"
    assert s["market"] == [] and s["headline_hand"] == [] and s["cp"] == 0
    phase = [f for f in s["stack"] if f["kind"] == "zhukov_phase"]
    assert all(0 <= f["drawn"] <= 4 for f in phase)


def _in_play_headlines(s) -> list[str]:
    """A headline being resolved right now sits in a headline_icons frame."""
    return [f["card"] for f in s["stack"] if f["kind"] == "headline_icons"]


def check_day_actions(g, prev_phase: str | None) -> None:
    """At the end of each Revolutionary phase the team took or passed exactly its actions."""
    s = g.s
    if prev_phase == "revolutionary" and s["phase"] == "spa" and s["result"] is None:
        today = s["today"]
        assert today["actions_taken"] + today["actions_passed"] == today["actions_allowed"], today


def secret_ids(g, seat: str) -> set[str]:
    """Ids that `seat` must never see: other seats' hands, deck contents (and so their order),
    face-down fighter tiles."""
    s = g.s
    ids = set(s["rev_deck"]) | set(s["event_deck"]) | {c for d in s["headline_decks"].values() for c in d}
    for loc in s["locations"].values():
        ids |= set(loc["facedown"])
    ids -= {p["fighter"] for p in s.get("peeked", {}).get(seat, [])}  # tiles this seat peeked at (promo)
    for other, hand in s["hands"].items():
        if other != seat:
            ids |= set(hand)
    if seat != "soviet":
        ids |= set(s["headline_hand"])
    ids |= set(s.get("minor_deck", []))
    if "zhukov_deck" in s:
        # The Zhukov deck's order is the secret; its content is public once every card has been
        # seen (after the day-4 reshuffle). A card never drawn yet must appear nowhere.
        seen = {r for e in s["log"] for r in e["refs"]}
        ids |= set(s["zhukov_deck"]) - seen
    return ids


def check_no_leak(g, seat: str, view: dict | None = None) -> None:
    text = json.dumps(view if view is not None else g.view(seat))
    leaked = [i for i in secret_ids(g, seat) if f'"{i}"' in text]
    assert not leaked, f"view of {seat} leaks {leaked}"
    assert str(g.s["rng"]) not in text or seat == "admin"


def check_no_deck_order(g, seat: str, view: dict | None = None) -> None:
    """Zhukov ruleset: no view but the admin's carries the order of the General Zhukov deck or of
    the event decks (only their sizes)."""
    view = view if view is not None else g.view(seat)
    text = json.dumps(view)
    for key in ("zhukov_deck", "minor_deck"):
        assert f'"{key}"' not in text or seat == "admin", f"view of {seat} shows {key}"
    if seat != "admin" and "zhukov_deck" in g.s and len(g.s["zhukov_deck"]) > 1:
        order = json.dumps(g.s["zhukov_deck"])[1:-1]
        assert order not in text, f"view of {seat} shows the Zhukov deck's order"
