"""Static facts about the map derived from the component data: names, neighbours, distances."""
from __future__ import annotations

from .data import ADJACENCY, LOCATIONS
from .data.promo import PRINTING_PRESS_LOCATION

LOCATION_IDS: tuple[str, ...] = tuple(loc["id"] for loc in LOCATIONS)
LOCATION_NAMES: dict[str, str] = {loc["id"]: loc["name"] for loc in LOCATIONS}
REINFORCEMENT: tuple[str, ...] = tuple(loc["id"] for loc in LOCATIONS if loc["reinforcement"])

NEIGHBOURS: dict[str, tuple[str, ...]] = {}
for _loc in LOCATION_IDS:
    _n = [e["b"] for e in ADJACENCY if e["a"] == _loc] + [e["a"] for e in ADJACENCY if e["b"] == _loc]
    NEIGHBOURS[_loc] = tuple(x for x in LOCATION_IDS if x in _n)

# Promo locations: off the city's map unless their room option brings them into play (the Printing
# Press from day 3); `ops.neighbours` adds them to their neighbours' steps while they are in play.
PROMO_LOCATIONS: dict[str, dict] = {PRINTING_PRESS_LOCATION["id"]: PRINTING_PRESS_LOCATION}
for _loc, _rec in PROMO_LOCATIONS.items():
    LOCATION_NAMES[_loc] = _rec["name"]
    NEIGHBOURS[_loc] = tuple(_rec["neighbours"])
# The promo locations next to each location (looked up on every move step, so computed once).
PROMO_NEXT: dict[str, tuple[str, ...]] = {
    loc: tuple(p for p, rec in PROMO_LOCATIONS.items() if loc in rec["neighbours"]) for loc in NEIGHBOURS}
_FULL = {loc: list(ns) for loc, ns in NEIGHBOURS.items()}
for _loc, _rec in PROMO_LOCATIONS.items():
    for _n in _rec["neighbours"]:
        _FULL[_n].append(_loc)


def _bfs(start: str) -> dict[str, int]:
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for loc in frontier:
            for n in _FULL[loc]:
                if n not in dist:
                    dist[n] = dist[loc] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


# Steps between locations (promo locations included, so a distance to one in play is known).
DISTANCE: dict[str, dict[str, int]] = {loc: _bfs(loc) for loc in _FULL}


def adjacent(a: str, b: str) -> bool:
    return b in NEIGHBOURS.get(a, ())
