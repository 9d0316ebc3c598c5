"""Staging a Revolutionary's position for the card and fighter tests: edit g.s, then refresh(g)."""
from __future__ import annotations

from tests.support import refresh, set_active, set_hand


def hand_ids(g, seat: str = "rev1") -> list[str]:
    return [c["id"] for c in g.view(seat)["hand"]]


def discard_ids(g) -> list[str]:
    return [c["id"] for c in g.view("rev1")["rev_discard"]]


def turn_view(g, seat: str = "rev1") -> dict:
    return g.view(seat)["turn"]


def active_ids(g, loc: str) -> list[str]:
    v = g.view("rev1")["locations"][loc]
    return [f["id"] for f in v["fighters"] if f["active"]] + [t["id"] for t in v["revolutionary_tanks"]]


def stage(g, *, rev1: str | None = None, hand=None, active: dict | None = None, units: dict | None = None,
          injuries: dict | None = None, positions: dict | None = None):
    if rev1:
        g.s["positions"]["rev1"] = rev1
    if positions:
        g.s["positions"].update(positions)
    if hand is not None:
        set_hand(g, "rev1", hand)
    for loc, fighters in (active or {}).items():
        set_active(g, loc, fighters)
    for loc, counts in (units or {}).items():
        g.s["locations"][loc].update(counts)
    if injuries:
        g.s["injuries"].update(injuries)
    return refresh(g)
