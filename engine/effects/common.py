"""Helpers shared by card effects: who decides, and the common choices."""
from __future__ import annotations

from .. import ops


def deciders(g, f) -> list[str]:
    """The seats that execute a card's text: the Soviet commander, or the Revolutionary team."""
    return ["soviet"] if f["by"] == "soviet" else ops.rev_seats(g)


def seat_options(seats) -> list[dict]:
    return [{"type": "choose_player", "seat": s} for s in seats]


def location_options(locs) -> list[dict]:
    return [{"type": "choose_location", "location": loc} for loc in locs]
