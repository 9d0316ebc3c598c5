"""Small decision frames that card effects push: a player discards cards of their choice, or
takes cards of their choice from the revolutionary discard pile."""
from __future__ import annotations

from .. import ops
from ..cards import REV_CARD, name_of
from . import kinds
from .base import Frame, pop, push, register


def push_forced_discard(g, seat: str, n: int, why: str, icons: list[str] | None = None) -> None:
    """`seat` discards n cards of their choice (only cards showing one of `icons`, if given)."""
    push(g, kinds.forced_discard(seat, n, why, icons))


def push_forced_discards(g, n: int, why: str, icons: list[str] | None = None) -> None:
    """Every Revolutionary discards n cards of their choice, rev1 first (seat order)."""
    for seat in reversed(ops.rev_seats(g)):  # the stack runs the last pushed first
        push_forced_discard(g, seat, n, why, icons)


def push_take_from_discard(g, seat: str, n: int, why: str) -> None:
    """`seat` takes up to n cards of their choice from the revolutionary discard pile."""
    push(g, kinds.take_from_discard(seat, n, why))


def _eligible(g, f) -> list[str]:
    hand = g.s["hands"][f["seat"]]
    if f["icons"] is None:
        return list(hand)
    return [c for c in hand if any(i in f["icons"] for i in REV_CARD[c]["icons"])]


@register("forced_discard")
class ForcedDiscard(Frame):
    """Rulebook: Appendix B: Event Cards

    A player discards cards of their choice because a card text says so (also H#10)."""

    def deciders(self, g, f):
        return [f["seat"]] if f["n"] > 0 and _eligible(g, f) else []

    def actions(self, g, f, seat):
        return [{"type": "discard", "card": c} for c in _eligible(g, f)]

    def asks(self, g, f):
        # Whether the hand holds a card with one of the icons is the seat's secret; its size is not.
        return [f["seat"]] if f["n"] > 0 and g.s["hands"][f["seat"]] else []

    def on_discard(self, g, f, seat, a):
        ops.discard_rev_card(g, seat, a["card"])
        ops.log(g, f"{seat} discards {name_of(a['card'])} ({f['why']}).", refs=[seat, a["card"]])
        f["n"] -= 1
        if f["n"] <= 0:
            pop(g, f)

    def decision(self, g, f):
        return {"kind": "forced_discard", "stage": "discard", "seat": f["seat"], "count": f["n"], "icons": f["icons"]}

    def prompt(self, g, f):
        which = "" if f["icons"] is None else f" showing {' or '.join(f['icons'])}"
        return f"{f['why']}: discard {f['n']} card(s){which} of your choice."


@register("take_from_discard")
class TakeFromDiscard(Frame):
    """Rulebook: Appendix B: Event Cards

    A player takes cards of their choice from the revolutionary discard pile (a card text)."""

    def deciders(self, g, f):
        ok = f["n"] > 0 and g.s["rev_discard"] and ops.hand_room(g, f["seat"]) > 0
        return [f["seat"]] if ok else []

    def actions(self, g, f, seat):
        seen, acts = set(), []
        for c in reversed(g.s["rev_discard"]):  # one option per kind of card: copies are alike
            kind = REV_CARD[c]["kind"]
            if kind not in seen:
                seen.add(kind)
                acts.append({"type": "take", "card": c})
        return acts + [{"type": "done"}]

    on_done = Frame.close

    def on_take(self, g, f, seat, a):
        g.s["rev_discard"].remove(a["card"])
        g.s["hands"][seat].append(a["card"])
        ops.log(g, f"{seat} takes {name_of(a['card'])} from the discard pile ({f['why']}).", refs=[seat, a["card"]])
        f["n"] -= 1
        if f["n"] <= 0:
            pop(g, f)

    def decision(self, g, f):
        return {"kind": "take_from_discard", "stage": "take", "seat": f["seat"], "count": f["n"], "optional": True}

    def prompt(self, g, f):
        return f"{f['why']}: take up to {f['n']} card(s) of your choice from the discard pile."
