"""Helpers shared by the headline effects: targets, fire, action penalties, tank steps."""
from __future__ import annotations

from .. import ops
from ..board import DISTANCE, LOCATION_IDS, NEIGHBOURS
from ..cards import HEADLINE
from ..frames.base import FINISHED, WAITING
from ..frames.choice import ask
from ..frames.hits import push_hits, tanks_fire
from .common import deciders, location_options, seat_options

DONE = {"type": "done"}


# ----- small helpers ----------------------------------------------------------------------------
def _title(f) -> str:
    return HEADLINE[f["key"]]["title"]


def event_locations(g) -> list[str]:
    """Locations with an event on the board (the market row never counts: Appendix A)."""
    return [loc for loc in LOCATION_IDS if g.s["locations"][loc]["event"]]


def player_locations(g) -> list[str]:
    occupied = set(g.s["positions"].values())
    return [loc for loc in g.s["locations"] if loc in occupied]  # a promo location in play counts


def room(g, kind: str) -> int:
    return ops.supply(g, kind)


def fighter_options(g) -> list[dict]:
    """Every active fighter on the board, revolutionary tanks included."""
    return [{"type": "choose_fighter", "fighter": fid, "location": loc}
            for loc, here in g.s["locations"].items() for fid in here["active"]]


def open_fire(g, f) -> str:
    """The Soviet commander chooses a location with a Revolutionary player and deals 1 hit there;
    a barricade does not prevent it (the hit may still be taken on the barricade)."""
    v = f["vars"]
    if "loc" not in v and ask(g, f, "loc", deciders(g, f),
                              f"{_title(f)}: choose a location with a Revolutionary player to take 1 hit.",
                              location_options(player_locations(g)), purpose="hit_location") == WAITING:
        return WAITING
    if f["step"] == 0:
        f["step"] = 1
        if v["loc"]:
            loc = v["loc"]["location"]
            ops.log(g, f"{_title(f)}: 1 hit to {ops.name_of_loc(loc)}.", refs=[loc])
            push_hits(g, loc, 1, _title(f))
            return WAITING
    return FINISHED


def fire_in_turn(g, f, why: str) -> str:
    """Make the Soviet tanks fire in each location of v["fire"] in turn (through barricades);
    FINISHED when every location has fired."""
    v = f["vars"]
    while v["fire"]:
        loc = v["fire"].pop(0)
        if tanks_fire(g, loc, why, through_barricade=True):
            return WAITING
    return FINISHED


# ----- Period 1: Day of the Revolution ------------------------------------------------------------

def one_less_action(g, f, title: str) -> str:
    """The Soviet commander chooses a Revolutionary who has one less action today. Returns WAITING
    while waiting for the choice."""
    v = f["vars"]
    if "seat" not in v and ask(g, f, "seat", deciders(g, f), f"{title}: choose the Revolutionary player "
                                                            f"who has one less action today.",
                               seat_options(ops.rev_seats(g))) == WAITING:
        return WAITING
    if f["step"] == 0:
        f["step"] = 1
        seat = v["seat"]["seat"]
        fewer = g.s["today"]["fewer_actions"]
        fewer[seat] = fewer.get(seat, 0) + 1
        ops.log(g, f"{seat} has one less action today ({title}).", refs=[seat])
    return FINISHED



def tank_steps(g, src: str, events: list[str]) -> list[str]:
    """Adjacent locations one step nearer to the nearest event(s) from `src`."""
    d = min(DISTANCE[src][e] for e in events)
    targets = [e for e in events if DISTANCE[src][e] == d]
    return [n for n in NEIGHBOURS[src] if any(DISTANCE[n][t] == d - 1 for t in targets)]


def step_queued_tanks(g, f, title: str, purpose: str | None = None) -> str:
    """Move each Soviet tank of `f["vars"]["queue"]` (from `amnesty_movers`) one step toward the
    nearest event, asking the deciders where two steps are as near (Offer of amnesty, and the
    General Zhukov card that reads the same)."""
    v = f["vars"]
    events = event_locations(g)
    while v["i"] < len(v["queue"]):
        i = v["i"]
        src = v["queue"][i]
        key = f"m{i}"
        if key not in v and ask(g, f, key, deciders(g, f),
                                f"{title}: the nearest events are equally near; move a Soviet tank from "
                                f"{ops.name_of_loc(src)} toward which?", location_options(tank_steps(g, src, events)),
                                purpose) == WAITING:
            return WAITING
        v["i"] += 1
        ops.move_units(g, src, v[key]["location"], "soviet_tanks", 1)
    return FINISHED


def amnesty_movers(g) -> list[str]:
    """One entry per Soviet tank that moves: not on an event, not in a barricaded location."""
    events = event_locations(g)
    if not events:
        return []
    out = []
    for loc in LOCATION_IDS:
        here = g.s["locations"][loc]
        if here["soviet_tanks"] and not here["event"] and not ops.has_barricade(g, loc):
            out += [loc] * here["soviet_tanks"]
    return out


