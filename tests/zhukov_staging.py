"""Staging Zhukov positions for the rulebook tests (tests/test_zhukov_rules.py,
tests/test_zhukov_rulings.py): a fresh setup before its first Soviet phase, or a single frame on
the stack."""
from __future__ import annotations

from engine import Game
from engine.data.zhukov import ZHUKOV_CARDS
from engine.frames import kinds
from engine.setup import initial_state

Z = {"ruleset": "zhukov"}
ALL_Z = [c["id"] for c in ZHUKOV_CARDS]
CARDS_PER_DAY_Z = 4


def staged(revs: int = 2, seed: int = 1, day: int = 1, deck_top=(), **options) -> Game:
    """A Zhukov game before its Soviet phase of `day`; `deck_top` are the next Zhukov cards in
    draw order (the rest of the deck below them). Call `run(g)` to start."""
    g = Game(initial_state(revs, seed, {**Z, **options}))
    s = g.s
    s["day"] = day
    rest = [c for c in ALL_Z if c not in deck_top]
    s["zhukov_deck"] = rest + list(reversed(deck_top))
    return g


def run(g: Game) -> Game:
    g.invalidate()
    g._advance()
    g.invalidate()
    return g


def only_frame(g: Game, frame: dict) -> Game:
    """Run one frame alone (nothing after it): the stack holds just it."""
    g.s["stack"] = [frame]
    return run(g)


def clear_units(g: Game) -> None:
    for here in g.s["locations"].values():
        here.update(militia=0, snipers=0, soviet_tanks=0, barricades=0)


def texts(g: Game) -> list[str]:
    return [e["text"] for e in g.s["log"]]


def one_card(g: Game, card: str, icon_event: str | None = None, major_top: str | None = None,
             minor_top: str | None = None) -> Game:
    """Resolve exactly one Zhukov card (support, headline, event step) on the staged game."""
    s = g.s
    s["zhukov_deck"].remove(card)
    if major_top:
        s["event_deck"].remove(major_top)
        s["event_deck"].append(major_top)
    if minor_top:
        s["minor_deck"].remove(minor_top)
        s["minor_deck"].append(minor_top)
    return only_frame(g, kinds.zhukov_card(card, {1: "top", 2: "top", 3: "middle", 4: "middle", 5: "middle",
                                                   6: "bottom", 7: "bottom"}[s["day"]]))


def _drawn(g: Game) -> list[str]:
    return [e["refs"][0] for e in g.s["log"] if "is drawn (" in e["text"] and e["refs"] and e["refs"][0] in ALL_Z]


def spa_example() -> Game:
    """The rulebook's SPA phase example: Yellow (rev1, first in turn) in Corvin Passage, Blue (rev2)
    in Csepel; militia Radio 1, Astoria 1, Corvin 2, Csepel 1; snipers Astoria 1, Corvin 2."""
    g = staged(2, 1)
    clear_units(g)
    s = g.s
    for here in s["locations"].values():
        here["active"] = []
    s["positions"] = {"rev1": "corvin", "rev2": "csepel"}
    s["turn_order"] = ["rev1", "rev2"]
    s["phase"] = "spa"
    for loc, m, sn in (("radio", 1, 0), ("astoria", 1, 1), ("corvin", 2, 2), ("csepel", 1, 0)):
        s["locations"][loc].update(militia=m, snipers=sn)
    g.s["stack"] = [kinds.zhukov_spa()]
    return g
