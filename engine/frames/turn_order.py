"""Phase 2: Revolutionary phase (both rulesets): the team decides the turn order."""
from __future__ import annotations

from .. import ops
from ..options import actions_per_turn
from .base import Frame, pop, register


@register("turn_order")
class TurnOrder(Frame):
    """Rulebook: Phase 2: Revolutionary Phase

    At the start of the phase the team decides the turn order, one pick at a time."""

    team_answer = True  # the first to click decides
    always_has_actions = True  # asked only while two or more seats are left to place

    def deciders(self, g, f):
        remaining = [s for s in ops.rev_seats(g) if s not in f["order"]]
        return ops.rev_seats(g) if len(remaining) > 1 else []

    def keeps_undo_for(self, g, f, action):
        # With two or more seats still to place after this pick, the team picks again.
        return action["type"] == "choose_next" and len(ops.rev_seats(g)) - len(f["order"]) > 2

    def actions(self, g, f, seat):
        return [{"type": "choose_next", "seat": s} for s in ops.rev_seats(g) if s not in f["order"]]

    def on_choose_next(self, g, f, seat, a):
        f["order"].append(a["seat"])
        ops.log(g, f"{seat} puts {a['seat']} at position {len(f['order'])} of the turn order.", refs=[a["seat"]])

    def run(self, g, f):
        order = f["order"] + [s for s in ops.rev_seats(g) if s not in f["order"]]
        g.s["turn_order"] = order
        ops.log(g, f"Turn order: {', '.join(order)}.")
        pop(g, f)

    def decision(self, g, f):
        # What the pick means: the actions each seat still to place would have in this position.
        position = len(f["order"]) + 1
        return {"kind": "turn_order", "stage": "choose_next", "position": position,
                "actions": {s: turn_actions(g, s, position) for s in ops.rev_seats(g) if s not in f["order"]}}

    def prompt(self, g, f):
        return f"Choose who takes turn {len(f['order']) + 1} (the team decides; the first to click decides)."


def turn_actions(g, seat: str, position: int) -> int:
    """The actions `seat` has taking turn `position` (1-based) today: the player-count table, with
    today's extra and lost actions."""
    n = actions_per_turn(g.s["revolutionaries"], g.s["options"])[position - 1]
    today = g.s["today"]
    return max(0, n + today["extra_actions"].get(seat, 0) - today["fewer_actions"].get(seat, 0))
