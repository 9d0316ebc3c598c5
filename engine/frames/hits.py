"""Dice and hits: every fire of the game rolls here and every hit is settled here.

Rulebook: Soviet tank retaliation (a die per tank before an action), Attack! (the SPA's two
dice against the strength), card texts that make tanks fire, and Hits (each hit to a location
injures a Revolutionary there, removes an active fighter there, or removes a barricade there, as
the Revolutionaries choose). Every roll is logged with its dice as data (`ops.log(dice=...)`).
"""
from __future__ import annotations

from .. import ops
from ..powers import has_power
from . import kinds
from .base import Frame, pop, push, register

JULIA_TOLLAS = "f_julia_tollas"
PETER_HAJAS = "f_peter_hajas"


def hit_threshold(g, loc: str, target: str | None = None) -> int:
    """The highest die that hits for a Soviet tank firing in `loc`: 1-3; 1-4 when it retaliates
    against the yellow power's holder (`target`, disadvantage); Júlia Tollas active there makes it
    "only 1-2" whatever the player's power."""
    if JULIA_TOLLAS in ops.board(g)[loc]["active"]:
        return 2
    if target is not None and has_power(g, target, "yellow", "disadvantage"):
        return 4
    return 3


def push_hits(g, loc: str, n: int, why: str) -> None:
    """Deal n hits to `loc` (the hits frame; nothing when n is 0)."""
    if n > 0:
        push(g, kinds.hits(loc, n, why))


def _roll_tanks(g, loc: str, target: str | None) -> tuple[list[int], int]:
    threshold = hit_threshold(g, loc, target)
    dice = [ops.roll(g) for _ in range(ops.board(g)[loc]["soviet_tanks"])]
    return dice, sum(1 for d in dice if d <= threshold)


def retaliate(g, loc: str, seat: str) -> None:
    """Soviet tank retaliation: the tanks in the location fire before the action, a die each."""
    if not ops.board(g)[loc]["soviet_tanks"]:
        return
    stopped = _retaliation_stopped(g, loc)
    if stopped:
        ops.log(g, stopped, refs=[loc])
        return
    dice, hits = _roll_tanks(g, loc, seat)
    ops.log(g, f"Soviet tanks in {ops.name_of_loc(loc)} fire at {seat}: {', '.join(map(str, dice))}: {hits} hit(s).",
            refs=[loc, seat], dice={"dice": dice, "for": "retaliation", "location": loc, "hits": hits})
    push_hits(g, loc, hits, "tank fire")


def _retaliation_stopped(g, loc: str) -> str | None:
    """What stops the Soviet tanks in `loc` from retaliating (the log's words), or None."""
    if ops.has_barricade(g, loc):
        return f"A barricade in {ops.name_of_loc(loc)} stops the Soviet tanks from firing."
    if PETER_HAJAS in ops.board(g)[loc]["active"]:
        return f"Péter Hajas cancels the retaliation of the Soviet tanks in {ops.name_of_loc(loc)}."
    return None


def retaliation_rolls(g, loc: str) -> bool:
    """Whether the Soviet tanks in `loc` roll at an action there (`retaliate`): public facts only."""
    return bool(ops.board(g)[loc]["soviet_tanks"]) and _retaliation_stopped(g, loc) is None


def tanks_fire(g, loc: str, why: str, through_barricade: bool = True) -> int:
    """A text effect makes every Soviet tank in `loc` fire: a die each; pushes the hits frame.

    Returns the number of hits (the caller's effect must wait for the hits frame if > 0). Péter
    Hajas cancels only retaliation, so he does not stop this fire (Appendix C)."""
    here = g.s["locations"][loc]
    if not here["soviet_tanks"] or (not through_barricade and ops.has_barricade(g, loc)):
        return 0
    if not (ops.players_at(g, loc) or here["active"] or here["barricades"]):
        ops.log(g, f"The Soviet tanks in {ops.name_of_loc(loc)} have nothing to fire at.", refs=[loc])
        return 0
    dice, hits = _roll_tanks(g, loc, None)
    ops.log(g, f"Soviet tanks in {ops.name_of_loc(loc)} fire ({why}): {', '.join(map(str, dice))}: {hits} hit(s).",
            refs=[loc], dice={"dice": dice, "for": "tank_fire", "location": loc, "hits": hits})
    push_hits(g, loc, hits, why)
    return hits


def attack_fire(g, loc: str, strength: int, why: str) -> None:
    """Attack!: roll 2 dice; the smaller <= strength is a hit, the sum <= strength another."""
    a, b = ops.roll(g), ops.roll(g)
    hits = (1 if min(a, b) <= strength else 0) + (1 if a + b <= strength else 0)
    ops.log(g, f"{why} on {ops.name_of_loc(loc)} (strength {strength}): rolled {a} and {b}: {hits} hit(s).",
            refs=[loc], dice={"dice": [a, b], "for": "attack", "location": loc, "hits": hits, "strength": strength})
    push_hits(g, loc, hits, why)


def forced_targets(g, loc: str) -> list[dict]:
    """Targets a hit to `loc` must take, if any: the Howitzer (it must be destroyed by a hit to its
    location) and every player with Last Stand in front of them today (the hit must injure them).
    If both apply, the Revolutionaries choose between these forced targets only."""
    forced = []
    if "rt_howitzer" in g.s["locations"][loc]["active"]:
        forced.append({"type": "hit", "target": "fighter", "fighter": "rt_howitzer"})
    for seat in g.s["today"]["last_stand"]:
        if g.s["positions"].get(seat) == loc:
            forced.append({"type": "hit", "target": "injury", "seat": seat})
    return forced


def hit_options(g, f) -> list[dict]:
    loc = f["location"]
    here = g.s["locations"][loc]
    forced = forced_targets(g, loc)
    if forced:
        return forced
    opts = [{"type": "hit", "target": "injury", "seat": p} for p in ops.players_at(g, loc)]
    opts += [{"type": "hit", "target": "fighter", "fighter": fid} for fid in here["active"]]
    if here["barricades"] > 0:
        opts.append({"type": "hit", "target": "barricade"})
    return opts


@register("hits")
class Hits(Frame):
    """Rulebook: Hits

    The Revolutionaries there (the whole team where none stands) settle the hits one at a time."""

    team_answer = True

    def deciders(self, g, f):
        here = ops.players_at(g, f["location"])
        return here if here else ops.rev_seats(g)

    def actions(self, g, f, seat):
        return hit_options(g, f)

    def on_hit(self, g, f, seat, a):
        loc = f["location"]
        why = f" ({f['why']})" if f["why"] else ""
        f["n"] -= 1
        if a["target"] == "injury":
            ops.injure(g, a["seat"], why)
        elif a["target"] == "fighter":
            ops.remove_fighter(g, loc, a["fighter"], why)
        else:
            ops.remove_barricade(g, loc, why)
        if f["n"] <= 0:
            pop(g, f)

    def run(self, g, f):
        if f["n"] > 0:
            ops.log(g, f"{f['n']} hit(s) to {ops.name_of_loc(f['location'])} find no target.", refs=[f["location"]])
        pop(g, f)

    def decision(self, g, f):
        return {"kind": "hits", "stage": "assign", "location": f["location"], "count": f["n"]}

    def prompt(self, g, f):
        return (f"{f['n']} hit(s) to {ops.name_of_loc(f['location'])}: choose an injury, an active fighter or a "
                f"barricade for each.")
