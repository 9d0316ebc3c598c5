"""Hits (Revolutionary phase: Hits): each hit to a location injures a Revolutionary there, removes
an active fighter there, or removes a barricade there, as the Revolutionaries choose."""
from __future__ import annotations

from .. import ops
from .base import Frame, pop, register


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
    def deciders(self, g, f):
        here = ops.players_at(g, f["location"])
        return here if here else ops.rev_seats(g)

    def actions(self, g, f, seat):
        return hit_options(g, f)

    def apply(self, g, f, seat, a):
        loc = f["location"]
        why = f" ({f['why']})" if f.get("why") else ""
        f["n"] -= 1
        if a["target"] == "injury":
            ops.injure(g, a["seat"], why)
        elif a["target"] == "fighter":
            ops.remove_fighter(g, loc, a["fighter"], why)
        else:
            g.s["locations"][loc]["barricades"] -= 1
            ops.log(g, f"A barricade is removed from {ops.name_of_loc(loc)}{why}.", refs=[loc])
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
