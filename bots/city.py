"""The city map as the bots read it: the locations' neighbours and the steps between them (static,
public data: the same the client draws)."""
from __future__ import annotations

from engine.public import catalog

NEIGHBOURS = {loc["id"]: loc["neighbours"] for loc in catalog()["locations"]}


def distance(v: dict, a: str, b: str) -> int:
    """Breadth-first distance on the map, from the locations' neighbour lists in the view."""
    if a == b:
        return 0
    nbrs = NEIGHBOURS
    seen, frontier, d = {a}, [a], 0
    while frontier:
        d += 1
        nxt = []
        for x in frontier:
            for y in nbrs[x]:
                if y == b:
                    return d
                if y not in seen:
                    seen.add(y)
                    nxt.append(y)
        frontier = nxt
    return 99
