"""Event placement, reward and penalty effects (Appendix B)."""
from __future__ import annotations

from .. import ops
from ..frames.base import push
from ..frames.choice import ask
from . import effect
from .common import seat_options


@effect("e03:reward")
def civilians_armed(g, f):
    """Lapsing: for the rest of the day every "Resolve an event" and "Attack militia" action
    collects one extra ammunition icon, even with no card discarded and no fighter (Appendix B)."""
    ops.add_bonus_icon(g, "ammunition", ("resolve_event", "attack_militia"), "e03")
    ops.log(g, "Civilians armed: every Resolve an event and Attack militia action collects one more ammunition today.")
    return True


@effect("e14:placement")
def kilian_barracks_placement(g, f):
    """The Soviet commander chooses a Revolutionary; one hit is dealt to that player's location."""
    v = f["vars"]
    revs = ops.rev_seats(g)
    if "seat" not in v and ask(g, f, "seat", ["soviet"], "Kilián Barracks: choose a Revolutionary whose location takes a hit.",
                               seat_options(revs)):
        return False
    if f["step"] == 0:
        f["step"] = 1
        seat = v["seat"]["seat"]
        loc = g.s["positions"][seat]
        push(g, {"kind": "hits", "location": loc, "n": 1, "why": "Kilián Barracks treats the wounded"})
        return False
    return True


@effect("e14:reward")
def kilian_barracks_reward(g, f):
    """Remove one injury from yourself."""
    ops.heal(g, f["actor"])
    return True


@effect("e21:placement")
def ambulance_under_fire_placement(g, f):
    """The Revolutionary with the fewest injuries takes one; the Soviet commander breaks ties."""
    v = f["vars"]
    revs = ops.rev_seats(g)
    fewest = min(g.s["injuries"][r] for r in revs)
    tied = [r for r in revs if g.s["injuries"][r] == fewest]
    if "seat" not in v and ask(g, f, "seat", ["soviet"], "Ambulance under fire: choose among the tied players who takes an injury.",
                               seat_options(tied)):
        return False
    ops.injure(g, v["seat"]["seat"], " (Ambulance under fire)")
    return True


@effect("e21:reward")
def ambulance_under_fire_reward(g, f):
    """Remove one injury from a player in your location. If Kilián Barracks treats the wounded
    (E#14) was resolved, also remove one other injury from yourself."""
    v = f["vars"]
    actor = f["actor"]
    here = g.s["positions"][actor]
    hurt = [p for p in ops.players_at(g, here) if g.s["injuries"][p] > 0]
    if "seat" not in v and ask(g, f, "seat", [actor], "Ambulance under fire: remove an injury from whom?", seat_options(hurt)):
        return False
    if v["seat"]:
        ops.heal(g, v["seat"]["seat"])
    if "e14" in g.s["marks"]:
        ops.heal(g, actor)
    return True
