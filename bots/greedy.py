"""Greedy bots: score every legal action from the seat's view with a few rules of thumb of each
side and take the best (random tie-break). They use only the view and the legal actions.

Revolutionaries: resolve events, destroy tanks, clear militia, walk toward the events they can
resolve with fighters in tow, spend hits on barricades and fighters before injuries.
Soviet: collect CP from red headlines, discard green ones, buy as many events as possible, put
tanks where the Revolutionaries stand, and send the SPA after them.
"""
from __future__ import annotations

import random

from engine.catalog import catalog

# The map is public, static information (the same the client draws).
NEIGHBOURS = {loc["id"]: loc["neighbours"] for loc in catalog()["locations"]}
ICON_ACTIONS = {"resolve_event": 100, "destroy_tank": 80, "attack_militia": 40}


class GreedyBot:
    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: dict, actions: list[dict]) -> dict:
        pool = [a for a in actions if a["type"] != "undo"] or actions
        scored = [(self.score(view, a), self.rng.random(), i) for i, a in enumerate(pool)]
        return pool[max(scored)[2]]

    # ----- scoring ----------------------------------------------------------------------------------
    def score(self, v: dict, a: dict) -> float:
        seat = v["seat"]
        if seat == "soviet":
            return soviet_score(v, a)
        return rev_score(v, a, seat)


def _dist(v: dict, a: str, b: str) -> int:
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


def _players(v):
    return {p for loc in v["locations"].values() for p in loc["players"]}


def _icons_available(v: dict, loc_id: str) -> tuple[dict, int]:
    """Icons the player could collect at `loc_id`: their hand plus the active fighters there
    (Aid cards count as wildcards)."""
    fixed: dict[str, int] = {}
    wild = 0
    for c in v["hand"]:
        if c.get("aid"):
            wild += 1
        else:
            for i in c["icons"]:
                fixed[i] = fixed.get(i, 0) + 1
    loc = v["locations"][loc_id]
    for f in loc["fighters"] + loc["revolutionary_tanks"]:
        if f["active"]:
            for i in f["icons"]:
                fixed[i] = fixed.get(i, 0) + 1
    return fixed, wild


def _could_resolve(v: dict, loc_id: str) -> bool:
    event = v["locations"][loc_id]["event"]
    if not event:
        return False
    need: dict[str, int] = {}
    n_events = sum(1 for x in v["locations"].values() if x["event"])
    for i in event["requires"]:
        need[i] = need.get(i, 0) + 1
    for i in event["requires_per_event"]:
        need[i] = need.get(i, 0) + n_events
    fixed, wild = _icons_available(v, loc_id)
    missing = sum(max(0, n - fixed.get(i, 0)) for i, n in need.items())
    return missing <= wild


def rev_score(v: dict, a: dict, seat: str) -> float:
    t = a["type"]
    here = v["positions"][seat]
    loc = v["locations"][here]
    if t == "resolve_event":
        return 100
    if t == "destroy_tank":
        return 70
    if t == "attack_militia":
        return 50 if loc["militia"] >= 3 else 15 + 5 * loc["militia"]
    if t == "discard":  # paying icons or a movement step
        return 50
    if t == "done":
        return 45
    if t == "take_fighter":
        return 60
    if t == "hit":
        return {"barricade": 30, "fighter": 20, "injury": 10 - 3 * v["injuries"].get(a.get("seat"), 0)}[a["target"]]
    if t == "move":
        dest = a["to"]
        free = (v.get("turn") or {}).get("free_move")
        if _could_resolve(v, here):
            return 2  # stay and resolve the event here
        danger = v["locations"][dest]["soviet_tanks"] * 4 + v["locations"][dest]["snipers"] * 2
        if _could_resolve(v, dest):
            return (90 if free else 60) - danger
        events = [lid for lid, x in v["locations"].items() if x["event"]]
        if not events:
            return 3
        before = min(_dist(v, here, e) for e in events)
        after = min(_dist(v, dest, e) for e in events)
        return (25 if free else 4) + (before - after) * 10 - danger
    if t == "activate_fighter":
        return 35 if len(loc["fighters"]) + len(loc["revolutionary_tanks"]) < 4 else 5
    if t == "play_card":
        return 30
    if t in ("use_fighter", "use_power"):
        return 18
    if t == "draw_card":
        return 40 if len(v["hand"]) < 5 else 20
    if t == "give_cards" or t == "take_cards":
        return 3
    if t == "end_turn":
        return 1
    if t == "cancel":
        return -50
    if t in ("choose", "choose_player", "choose_location", "choose_fighter", "choose_next", "distribute",
             "select", "take", "stay", "step", "move_unit", "move_tank"):
        return 10
    return 5


def soviet_score(v: dict, a: dict) -> float:
    t = a["type"]
    players = {v["positions"][p] for p in v["positions"]}
    if t == "play_headline":
        card = next((c for c in v["hand"] if c["id"] == a["card"]), None)
        if card is None:
            return 0
        if card["colour"] == "red":
            return 50 + card["cp"] if a["mode"] == "cp" else 20 + 5 * (card.get("spa") or 0)
        return 25 if a["mode"] == "discard" else 20 + 3 * card["cp"]
    if t == "buy_event":
        slot = v["market"][a["slot"]]
        where = slot.get("location")
        replaces = where in v["locations"] and v["locations"][where]["event"] is not None
        near = min((_dist(v, where, p) for p in players), default=5) if where in v["locations"] else 3
        # An event that replaces another adds nothing to the board at the evaluation.
        return 60 - slot.get("cost", 0) - (45 if replaces else 0) + 2 * near
    if t == "place":
        loc = a["location"]
        return 20 + 3 * min((_dist(v, loc, p) for p in players), default=3)
    if t == "choose_location":
        loc = a["location"]
        return 20 + (15 if loc in players else 0) - v["locations"][loc]["barricades"] * 10
    if t == "place_tank":
        return 30 + (10 if any(_dist(v, a["location"], p) <= 1 for p in players) else 0)
    if t == "move_tank":
        return 25 + (20 if a["to"] in players else 0) - (10 if a["from"] in players else 0)
    if t == "keep":
        slot = v["market"][a["slot"]]
        return 30 - slot.get("cost", 0)
    if t == "play_spa":
        kind = next((c["kind"] for c in v["spa_pool"] if c["id"] == a["card"]), "")
        return {"attack": 40, "place_militia": 30, "move_militia": 25, "move_sniper": 20}.get(kind, 10)
    if t == "attack":
        loc = v["locations"][a["location"]]
        strength = 3 * loc["snipers"] + loc["militia"]
        targets = len(loc["players"]) + sum(1 for f in loc["fighters"] if f["active"]) + loc["barricades"] \
            + len(loc["revolutionary_tanks"])
        return 10 + strength * 3 + (20 if targets else -20)
    if t == "place_militia":
        near = min((_dist(v, a["location"], p) for p in players), default=5)
        return 20 + a["count"] * 5 - near
    if t in ("move_militia", "move_sniper"):
        before = min((_dist(v, a["from"], p) for p in players), default=5)
        after = min((_dist(v, a["to"], p) for p in players), default=5)
        return 20 + (before - after) * 10
    if t == "retrieve_spa":
        return 45 if not v["spa_pool"] else 5
    if t == "draw_headline":
        return 10
    if t == "done":
        return 15
    if t in ("choose_player",):
        return 10 + 5 * v["injuries"].get(a["seat"], 0)
    return 10
