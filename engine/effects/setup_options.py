"""Difficulty settings that need a decision right after setup (Conflict ruleset: Difficulty Settings)."""
from __future__ import annotations

from .. import ops
from ..frames.base import FINISHED, WAITING
from ..frames.choice import ask
from . import effect
from .common import deciders, location_options


@effect("setup:rev_activate_fighter")
def activate_a_fighter_where_a_revolutionary_stands(g, f):
    """"Activate a fighter in the same location as one of the Revolutionary players": the team
    chooses which Revolutionary's location (R31); one choice only is taken without asking."""
    v = f["vars"]
    starts = []
    for seat in ops.rev_seats(g):
        loc = g.s["positions"][seat]
        if loc not in starts and g.s["locations"][loc]["inactive"] and ops.fighter_room(g, loc) > 0:
            starts.append(loc)
    if "loc" not in v and ask(g, f, "loc", deciders(g, f),
                              "Difficulty setting: choose the Revolutionary's location where a fighter is "
                              "activated before the game begins.", location_options(starts)) == WAITING:
        return WAITING
    if v["loc"]:
        ops.activate_fighter(g, v["loc"]["location"])
    return FINISHED
