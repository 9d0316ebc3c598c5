"""Static facts about the map derived from the component data: names, neighbours, distances."""
from __future__ import annotations

from .data import ADJACENCY, LOCATIONS

LOCATION_IDS: tuple[str, ...] = tuple(loc["id"] for loc in LOCATIONS)
LOCATION_NAMES: dict[str, str] = {loc["id"]: loc["name"] for loc in LOCATIONS}
REINFORCEMENT: tuple[str, ...] = tuple(loc["id"] for loc in LOCATIONS if loc["reinforcement"])

NEIGHBOURS: dict[str, tuple[str, ...]] = {}
for _loc in LOCATION_IDS:
    _n = [e["b"] for e in ADJACENCY if e["a"] == _loc] + [e["a"] for e in ADJACENCY if e["b"] == _loc]
    NEIGHBOURS[_loc] = tuple(x for x in LOCATION_IDS if x in _n)


def _bfs(start: str) -> dict[str, int]:
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for loc in frontier:
            for n in NEIGHBOURS[loc]:
                if n not in dist:
                    dist[n] = dist[loc] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


DISTANCE: dict[str, dict[str, int]] = {loc: _bfs(loc) for loc in LOCATION_IDS}


def adjacent(a: str, b: str) -> bool:
    return b in NEIGHBOURS.get(a, ())
