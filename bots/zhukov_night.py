"""The Zhukov ruleset's nightly SPA phase as the team sees it coming: where every militia and
sniper will stand when the Attack step fires, for a given set of end-of-day positions, and what
the fire and the threaten are expected to cost the whole team.

Why a team price rather than a price per player: the SPA rolls once per occupied location, so a
Revolutionary who joins a teammate adds (almost) nothing to the night's dice, while one who ends
the day alone adds a whole attack; and the team shares a location's hits out, healthiest first.
Everything here reads the public view only (positions, units, injuries, fighters, barricades,
turn order, today's lapsing rewards).
"""
from __future__ import annotations

from engine.public import catalog, injury_limit

NEIGHBOURS = {loc["id"]: loc["neighbours"] for loc in catalog()["locations"]}
REINFORCEMENT = ("csepel", "szena", "hwpp")   # Phase 3, Place militia
SNIPER_FALLBACK = "astoria"                    # a sniper when no militia could be placed
MILITIA_TOKENS, SNIPER_TOKENS = 14, 5
# Expected hits of the SPA's two dice at each strength: one when the smaller die is at most the
# strength, another when the sum is.
_PAIRS = [(a, b) for a in range(1, 7) for b in range(1, 7)]
P_ONE = [sum(min(a, b) <= s for a, b in _PAIRS) / 36 for s in range(0, 40)]
P_TWO = [sum(a + b <= s for a, b in _PAIRS) / 36 for s in range(0, 40)]
# What the team loses per hit target (event resolved = 100): a barricade (it also stops the
# threaten and pins the SPA units), an active fighter (its icons), an injury (growing as the
# player nears the limit), the injury that reaches the limit (the game).
BARRICADE_COST, FIGHTER_COST = 10.0, 12.0
LAST_INJURY_COST = 400.0
THREATEN_COST = 60.0   # morale one step toward the Soviet end (a card less at each draw)
LOOKAHEAD = 0.5        # tomorrow night's attack, if everyone stayed


INJURY_BASE, INJURY_STEP = 25.0, 15.0


def injury_cost(k: int, limit: int) -> float:
    """A Revolutionary's injury number k+1: the one that reaches the limit costs the game."""
    return LAST_INJURY_COST if k + 1 >= limit else INJURY_BASE + INJURY_STEP * k


def _skipped(v: dict) -> set:
    ids = {x.get("id") for x in v.get("lapsing", [])}
    out = set()
    if "e18" in ids:
        out.add("militia")
    if "e17" in ids:
        out.add("snipers")
    if "e06" in ids:
        out.add("attack")
    return out


def _strength(v: dict, loc: str, militia: int, snipers: int) -> int:
    total = militia + 3 * snipers
    for f in v["locations"][loc]["fighters"]:
        if f["active"] and f["id"] == "f_marton_kalapos":
            total -= 3
        if f["active"] and f["id"] == "f_marta_wawelska":
            total -= 1
    return max(0, total)


def spa_moves(v: dict, positions: dict, militia: dict, snipers: dict, skipped: set = frozenset()) -> tuple[dict, dict]:
    """Phase 3 steps 1-3 (move militia, move snipers, place) from `militia`/`snipers` with the
    players at `positions`; returns the units per location at the Attack step. A sniper with a
    choice of steps takes the one toward the fewest players (as the team would choose)."""
    locs = v["locations"]
    militia, snipers = dict(militia), dict(snipers)
    occupied = {}
    for loc in positions.values():
        occupied[loc] = occupied.get(loc, 0) + 1

    def stays(loc):
        return loc in occupied or locs[loc]["barricades"] > 0

    if "militia" not in skipped:
        order = [s for s in v.get("turn_order") or [] if s in positions] or sorted(positions)
        moves = []
        for loc in locs:
            if militia.get(loc) and not stays(loc):
                near = NEIGHBOURS.get(loc, ())
                for seat in order:
                    if positions[seat] in near:
                        moves.append((loc, positions[seat]))
                        break
        for src, dst in moves:
            militia[dst] = militia.get(dst, 0) + militia[src]
            militia[src] = 0
    if "snipers" not in skipped and occupied:
        dist = {loc: 0 for loc in occupied}
        frontier = list(occupied)
        while frontier:
            nxt = []
            for x in frontier:
                for y in NEIGHBOURS.get(x, ()):
                    if y in locs and y not in dist:
                        dist[y] = dist[x] + 1
                        nxt.append(y)
            frontier = nxt
        moves = []
        for loc in locs:
            n = snipers.get(loc, 0)
            d = dist.get(loc)
            if not n or stays(loc) or not d:
                continue
            steps = [y for y in NEIGHBOURS.get(loc, ()) if dist.get(y) == d - 1]
            if steps:
                moves.append((loc, min(steps, key=lambda y: (occupied.get(y, 0), y)), n))
        for src, dst, n in moves:
            snipers[src] -= n
            snipers[dst] = snipers.get(dst, 0) + n
    room = MILITIA_TOKENS - sum(militia.values())
    if room >= len(REINFORCEMENT):
        for loc in REINFORCEMENT:
            militia[loc] = militia.get(loc, 0) + 1
    elif room > 0:  # the team picks: where nobody stands first
        for loc in sorted(REINFORCEMENT, key=lambda x: (occupied.get(x, 0), x))[:room]:
            militia[loc] = militia.get(loc, 0) + 1
    elif sum(snipers.values()) < SNIPER_TOKENS:
        snipers[SNIPER_FALLBACK] = snipers.get(SNIPER_FALLBACK, 0) + 1
    return militia, snipers


def _location_cost(v: dict, loc: str, seats: list, strength: int, injuries: dict, limit: int,
                   fighters_moved: dict | None = None) -> float:
    """Expected cost of one location's fire: the first hit on its cheapest target, the second on
    the next cheapest (the team's choice), plus the threaten at 9+ without a barricade."""
    if strength <= 0:
        return 0.0
    x = v["locations"][loc]
    targets = [BARRICADE_COST] * x["barricades"]
    fighters = sum(1 for f in x["fighters"] if f["active"]) + len(x["revolutionary_tanks"])
    targets += [FIGHTER_COST] * max(0, fighters + (fighters_moved or {}).get(loc, 0))
    ks = sorted(injuries.get(s, 0) for s in seats)
    first = [injury_cost(k, limit) for k in ks]
    # the second hit: the same player one injury further, or the next one
    opts = sorted(targets + first)
    if not opts:
        return 0.0
    c1 = opts[0]
    rest = sorted(targets + first)[1:]
    if c1 not in targets and ks:
        rest = sorted(targets + [injury_cost(ks[0] + 1, limit)] + first[1:])
    c2 = rest[0] if rest else 0.0
    s = min(strength, 39)
    cost = P_ONE[s] * c1 + P_TWO[s] * c2
    if strength >= 9 and not x["barricades"]:
        # morale on the skull at the end of the day loses the game
        cost += THREATEN_COST + {1: LAST_INJURY_COST, 2: 3 * THREATEN_COST}.get(v["morale"], 0.0)
    return cost


def night_cost(v: dict, positions: dict, militia_gone: dict | None = None,
               fighters_moved: dict | None = None) -> float:
    """What tonight's Attack step (and, at LOOKAHEAD weight, tomorrow night's if nobody moved) is
    expected to cost the team with the Revolutionaries ending the day at `positions`;
    `fighters_moved` adds or takes away active fighters (activated, or taken along) per location."""
    locs = v["locations"]
    skipped = _skipped(v)
    militia = {loc: x["militia"] - (militia_gone or {}).get(loc, 0) for loc, x in locs.items()}
    snipers = {loc: x["snipers"] for loc, x in locs.items()}
    limit = injury_limit(v["revolutionaries"], v["options"])
    injuries = v["injuries"]
    at: dict[str, list] = {}
    for seat, loc in positions.items():
        at.setdefault(loc, []).append(seat)
    total = 0.0
    militia, snipers = spa_moves(v, positions, militia, snipers, skipped)
    if "attack" not in skipped:
        for loc, seats in at.items():
            total += _location_cost(v, loc, seats, _strength(v, loc, militia.get(loc, 0), snipers.get(loc, 0)),
                                    injuries, limit, fighters_moved)
    if v["day"] < 7:
        militia, snipers = spa_moves(v, positions, militia, snipers)
        for loc, seats in at.items():
            total += LOOKAHEAD * _location_cost(
                v, loc, seats, _strength(v, loc, militia.get(loc, 0), snipers.get(loc, 0)), injuries, limit, fighters_moved)
    return total
