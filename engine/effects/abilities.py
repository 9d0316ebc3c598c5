"""Revolutionary card abilities (Action 5: Use card or active fighter ability)."""
from __future__ import annotations

from .. import ops
from ..frames.choice import ask
from . import effect, playable_when
from .common import seat_options


@playable_when("rc:build_barricade")
def _can_build(g, seat):
    return ops.on_board(g, "barricades") < ops.CAPS["barricades"]


@effect("rc:build_barricade")
def build_barricade(g, f):
    """Place a barricade token in your location."""
    ops.place_units(g, g.s["positions"][f["actor"]], "barricades", 1)
    return True


@playable_when("rc:ambush")
def _can_ambush(g, seat):
    return g.s["locations"][g.s["positions"][seat]]["snipers"] > 0


@effect("rc:ambush")
def ambush(g, f):
    """Kill one sniper in your location."""
    loc = g.s["positions"][f["actor"]]
    ops.remove_units(g, loc, "snipers", 1)
    return True


@playable_when("rc:first_aid_kit")
def _can_first_aid(g, seat):
    loc = g.s["positions"][seat]
    return any(g.s["injuries"][p] > 0 for p in ops.players_at(g, loc))


@effect("rc:first_aid_kit")
def first_aid_kit(g, f):
    """Action: remove one injury from a player in your location."""
    v = f["vars"]
    loc = g.s["positions"][f["actor"]]
    hurt = [p for p in ops.players_at(g, loc) if g.s["injuries"][p] > 0]
    if "seat" not in v and ask(g, f, "seat", [f["actor"]], "First aid kit: remove an injury from whom?", seat_options(hurt)):
        return False
    if v["seat"]:
        ops.heal(g, v["seat"]["seat"])
    return True

