"""The team's choices in the Zhukov ruleset, where the Revolutionaries execute the hostile texts
of the General Zhukov cards and the event placements themselves, and choose a sniper's step or
the last militia's location in the SPA phase. Rules of thumb, from the view and the legal
actions only: hostile units and hits go where they hurt least (nobody there, nobody next door,
a fighter or a barricade to absorb the hit, the least injured player), gifts to whoever can use
them, an "Anywhere" event next to a player who can walk to it.
"""
from __future__ import annotations

from engine.public import catalog, injury_limit

NEIGHBOURS = {loc["id"]: loc["neighbours"] for loc in catalog()["locations"]}
HOSTILE_UNITS = ("place_soviet_tanks", "place_snipers")
BY_FIGHTERS = False
UNITS_HERE = ("e09", "e13", "e17")  # "Anywhere" events whose placement puts militia or a sniper on their location


def _players_near(v: dict, loc: str) -> tuple[int, int]:
    here = len(v["locations"][loc]["players"]) if loc in v["locations"] else 0
    near = sum(len(v["locations"][n]["players"]) for n in NEIGHBOURS.get(loc, ()) if n in v["locations"])
    return here, near


def _absorbers(v: dict, loc: str) -> int:
    x = v["locations"][loc]
    return x["barricades"] + len(x["revolutionary_tanks"]) + sum(1 for f in x["fighters"] if f["active"])


def hit_harm(v: dict, loc: str) -> float:
    """What one hit to `loc` costs the team: nothing without a target, little on a barricade or a
    fighter, much on the least injured player there, everything on a last injury."""
    x = v["locations"][loc]
    if _absorbers(v, loc):
        return 1.0
    if not x["players"]:
        return 0.0
    least = min(v["injuries"].get(p, 0) for p in x["players"])
    if least + 1 >= injury_limit(v["revolutionaries"], v["options"]):
        return 1000.0
    return 5.0 + 3.0 * least


def unit_harm(v: dict, loc: str, unit: str) -> float:
    here, near = _players_near(v, loc)
    weight = 3.0 if unit == "snipers" else 2.0
    return weight * (3 * here + near) + 0.5 * _absorbers(v, loc)


def _seat_hit_harm(v: dict, seat: str) -> float:
    return hit_harm(v, v["positions"][seat])


def choose(v: dict, actions: list[dict]) -> dict | None:
    """The team's pick for a Zhukov decision, or None to leave it to the general scoring."""
    d = v["decision"] or {}
    kind, stage, effect = d.get("kind"), d.get("stage"), d.get("effect") or ""
    if kind == "place_event":
        # Next to a player (it can be resolved), unless its placement puts SPA units right there.
        places = [a for a in actions if a["type"] == "place"]
        if not places:
            return None
        if d.get("event") in UNITS_HERE:
            return max(places, key=lambda a: (_dist_to_player(v, a["location"]), a["location"]))
        return min(places, key=lambda a: (_dist_to_player(v, a["location"]), a["location"]))
    if kind == "turn_order":
        # The largest hand first: it gets the 2 actions of a 3-player day and sets the place the
        # later players join for the night (they see where it ended).
        picks = [a for a in actions if a["type"] == "choose_next"]
        if picks:
            if BY_FIGHTERS:
                return max(picks, key=lambda a: (_absorbers(v, v["positions"][a["seat"]]) - v["locations"][v["positions"][a["seat"]]]["barricades"],
                                                 v["hands"].get(a["seat"], 0), a["seat"] == v["seat"]))
            return max(picks, key=lambda a: (v["hands"].get(a["seat"], 0), -v["injuries"].get(a["seat"], 0),
                                             a["seat"] == v["seat"]))
        return None
    if kind == "zhukov_spa":
        if stage == "place_militia":
            return max(actions, key=lambda a: (-sum(_players_near(v, a["location"])), a["location"]))
        if stage == "move_sniper":
            # Toward the player best able to take it: fighters or a barricade there, fewest injuries.
            return max(actions, key=lambda a: (_absorbers(v, a["to"]) - sum(_players_near(v, a["to"])), a["to"]))
        return None
    if kind != "choice":
        return None
    locs = [a for a in actions if a["type"] == "choose_location"]
    seats = [a for a in actions if a["type"] == "choose_player"]
    fighters = [a for a in actions if a["type"] == "choose_fighter"]
    if locs and stage in HOSTILE_UNITS:
        unit = "snipers" if stage == "place_snipers" else "soviet_tanks"
        return min(locs, key=lambda a: unit_harm(v, a["location"], unit))
    if locs and (stage == "hit_location" or effect.startswith("e19")):
        return min(locs, key=lambda a: hit_harm(v, a["location"]))
    if seats and stage == "draw_player":
        return min(seats, key=lambda a: v["hands"].get(a["seat"], 0))
    if seats and stage == "discard_player":
        if effect.startswith("z10:middle"):  # the chosen player discards 2, all if fewer (Z28)
            return min(seats, key=lambda a: v["hands"].get(a["seat"], 0))
        return max(seats, key=lambda a: v["hands"].get(a["seat"], 0))
    done = next((a for a in actions if a["type"] == "done"), None)
    if done and (stage == "remove_inactive" or effect.startswith("e18")):  # a hostile "up to" (Z7, Z16)
        return done
    if seats and effect.startswith(("e14", "e21")):  # a hit to their location / an injury
        if effect.startswith("e21"):
            return min(seats, key=lambda a: v["injuries"].get(a["seat"], 0))
        return min(seats, key=_seat_key(v))
    if seats and "first_aid" in effect:  # First aid kit: heal the most injured player here
        return max(seats, key=lambda a: (v["injuries"].get(a["seat"], 0), a["seat"] == v["seat"]))
    if seats and effect.startswith("e20"):
        return seats[0]
    if fighters and stage == "remove_fighter":
        icons = {f["id"]: len(f["icons"]) for x in v["locations"].values()
                 for f in x["fighters"] + x["revolutionary_tanks"]}
        return min(fighters, key=lambda a: icons.get(a["fighter"], 0))
    if locs and stage == "remove_inactive":
        return max(locs, key=lambda a: _dist_to_player(v, a["location"]))
    return None


def _seat_key(v):
    return lambda a: _seat_hit_harm(v, a["seat"])


def _dist_to_player(v: dict, loc: str) -> int:
    players = {p for x in v["locations"].values() for p in x["players"]}
    if not players:
        return 0
    seen, frontier, d = {loc}, [loc], 0
    while frontier:
        if any(v["locations"][x]["players"] for x in frontier if x in v["locations"]):
            return d
        d += 1
        nxt = []
        for x in frontier:
            for y in NEIGHBOURS.get(x, ()):
                if y not in seen:
                    seen.add(y)
                    nxt.append(y)
        frontier = nxt
    return 9
