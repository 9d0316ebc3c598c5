"""The greedy Revolutionary's rules of thumb for the decisions its turn plan does not cover (hits,
choices, a move when no plan applies): a score per legal action."""
from __future__ import annotations

from .city import distance
from .revolutionary_values import GAME_LOST, lethal_here


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


# Rulebook, Retaliation of Soviet Tanks: the tanks fire before each of these actions.
TANK_FIRE_ACTIONS = {"resolve_event", "destroy_tank", "attack_militia", "activate_fighter", "draw_card",
                     "give_cards", "take_cards"}


def rev_score(v: dict, a: dict, seat: str) -> float:
    t = a["type"]
    here = v["positions"][seat]
    loc = v["locations"][here]
    if t in TANK_FIRE_ACTIONS and (v.get("decision") or {}).get("kind") == "turn" and lethal_here(v, seat):
        return -GAME_LOST
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
        before = min(distance(v, here, e) for e in events)
        after = min(distance(v, dest, e) for e in events)
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
             "select", "take", "take_card", "move_unit", "move_tank"):
        return 10
    return 5
