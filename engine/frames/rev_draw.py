"""End of Phase 2 (both rulesets): Drawing Revolutionary Cards (the morale draw, split among
the team)."""
from __future__ import annotations

from functools import lru_cache

from .. import ops
from .base import Frame, pop, register


def allocations(g) -> list[dict]:
    """Every legal split of the morale draw (Drawing Revolutionary Cards): as even as possible;
    a player at the hand limit takes fewer and the excess goes to the others; cards nobody can
    take go back into the deck (they are simply not drawn)."""
    s = g.s
    seats = s["turn_order"] or ops.rev_seats(g)
    rooms = [ops.hand_room(g, seat) for seat in seats]
    available = len(s["rev_deck"]) + len(s["rev_discard"])
    total = min(ops.morale_draw(g), sum(rooms), available)
    return [dict(zip(seats, counts, strict=True)) for counts in _splits(tuple(rooms), total)]


@lru_cache(maxsize=1024)
def _splits(rooms: tuple[int, ...], total: int) -> tuple[tuple[int, ...], ...]:
    """The even splits of `total` cards among seats with these hand rooms, most to the first seat
    first. Remembered: the draw step asks for them several times a step (who decides, what they
    may choose, the automatic deal), and the undo marks' tries again."""
    result = []

    def rec(i, left, acc):
        if i == len(rooms):
            if left == 0 and _even(acc, rooms):
                result.append(tuple(acc))
            return
        for c in range(min(rooms[i], left), -1, -1):
            rec(i + 1, left - c, acc + [c])

    rec(0, total, [])
    return tuple(result)


def _even(counts, rooms) -> bool:
    for ci in counts:
        for j, cj in enumerate(counts):
            if ci - cj > 1 and cj < rooms[j]:
                return False
    return True


@register("rev_draw")
class RevDraw(Frame):
    """Rulebook: Drawing Revolutionary Cards

    The morale draw split as evenly as possible among the team."""

    team_answer = True
    always_has_actions = True  # asked only where there are two splits or more

    def deciders(self, g, f):
        return ops.rev_seats(g) if len(allocations(g)) > 1 else []

    def actions(self, g, f, seat):
        return [{"type": "distribute", "counts": a} for a in allocations(g)]

    def cuts_undo_for(self, g, f, action):
        # The split is dealt at once: its first card is drawn (a split is asked for only when
        # there are two or more, so at least one card is drawn), after a reshuffle of the discard
        # pile when the deck is empty (a pile of one card is not shuffled). Both sizes are public.
        s = g.s
        return "draw" if s["rev_deck"] or len(s["rev_discard"]) <= 1 else "shuffle"

    def on_distribute(self, g, f, seat, a):
        pop(g, f)
        deal(g, a["counts"])

    def run(self, g, f):
        pop(g, f)
        options = allocations(g)
        if options:
            deal(g, options[0])

    def decision(self, g, f):
        return {"kind": "rev_draw", "stage": "distribute", "count": ops.morale_draw(g)}

    def prompt(self, g, f):
        return f"Split the {ops.morale_draw(g)} card(s) drawn for morale among the team (as evenly as possible)."


def deal(g, counts: dict) -> None:
    ops.log(g, "Morale draw: " + ", ".join(f"{seat} takes {n}" for seat, n in counts.items()) + ".")
    for seat, n in counts.items():
        ops.draw_rev_cards(g, seat, n)
