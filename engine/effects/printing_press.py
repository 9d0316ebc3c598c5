"""The Printing Press promo: a location next to Blaha Lujza Square from the beginning of day 3, with
its printed event "Making Pamphlets at the Atheneaum Printing Press" (engine/data/promo.py).

The event is resolved like any other. Its reward lets the resolving player peek at up to 3 face-down
fighter tiles (only that seat sees them: `g.s["peeked"]`), place up to 2 of them active in Blaha
Lujza Square together with every piece in the Printing Press, and then removes the location from
the game. Unresolved at the end of the game it counts at the evaluation and its penalty shifts
morale toward the Soviet end.
"""
from __future__ import annotations

from .. import ops
from ..cards import name_of
from ..data.promo import PRINTING_PRESS_EVENTS, PRINTING_PRESS_LOCATION
from ..frames.base import FINISHED, WAITING
from ..frames.choice import ask
from ..frames.flow import at_start_of_day
from . import effect

LOCATION = PRINTING_PRESS_LOCATION["id"]
EVENT_ID = PRINTING_PRESS_EVENTS[0]["id"]
DESTINATION = "blaha"
PEEKS = 3
PLACED = 2
DONE = {"type": "done"}


def in_play(g) -> bool:
    return LOCATION in g.s["locations"]


@at_start_of_day
def start_of_day(g) -> None:
    """Bring the location into play at the beginning of its day (day 3), its event on it, no fighters."""
    s = g.s
    if not s["options"].get(PRINTING_PRESS_LOCATION["option"]) or s["day"] != PRINTING_PRESS_LOCATION["from_day"]:
        return
    if LOCATION in s["locations"] or s.get("printing_press") == "removed":
        return
    s["locations"][LOCATION] = {"event": EVENT_ID, "militia": 0, "snipers": 0, "soviet_tanks": 0, "barricades": 0,
                                "active": [], "inactive": None, "facedown": []}
    s["printing_press"] = "in_play"
    ops.log(g, f"The {PRINTING_PRESS_LOCATION['name']} comes into play next to {ops.name_of_loc(DESTINATION)}, "
               f"with its event {PRINTING_PRESS_EVENTS[0]['title']}.", refs=[LOCATION, EVENT_ID, DESTINATION])


def peeked_by(g, seat: str) -> list[dict]:
    """The face-down tiles `seat` has peeked at and that are still face down: [{location, fighter}]."""
    out = []
    for p in g.s.get("peeked", {}).get(seat, []):
        here = g.s["locations"].get(p["location"])
        if here and p["fighter"] in here["facedown"]:
            out.append(dict(p))
    return out


def _peekable(g, seen: list[dict]) -> list[str]:
    taken = {p["location"] for p in seen}
    return [loc for loc, here in g.s["locations"].items() if here["facedown"] and loc not in taken]


@effect(f"{EVENT_ID}:reward")
def making_pamphlets(g, f):
    v = f["vars"]
    seat = f["actor"]
    seen = v.setdefault("seen", [])
    # 1. Peek at up to 3 face-down fighter tiles, one at a time (only the resolving player sees them).
    while f["step"] == 0:
        options = [{"type": "peek", "location": loc} for loc in _peekable(g, seen)]
        if len(seen) >= PEEKS or not options:
            f["step"] = 1
            break
        key = f"peek{len(seen)}"
        if key not in v and ask(g, f, key, [seat], f"Making Pamphlets: peek at a face-down fighter ({len(seen)} "
                                                   f"of up to {PEEKS} so far), or stop.", options + [DONE]) == WAITING:
            return WAITING
        pick = v[key]
        if pick is None or pick["type"] == "done":
            f["step"] = 1
            break
        loc = pick["location"]
        tile = g.s["locations"][loc]["facedown"][-1]
        seen.append({"location": loc, "fighter": tile})
        known = g.s.setdefault("peeked", {}).setdefault(seat, [])
        if {"location": loc, "fighter": tile} not in known:
            known.append({"location": loc, "fighter": tile})
        ops.checkpoint(g, "reveal")  # hidden information revealed to a seat: no undo across it
        ops.log(g, f"{seat} peeks at the face-down fighter in {ops.name_of_loc(loc)}.", refs=[seat, loc],
                private={seat: f"You peek at the face-down fighter in {ops.name_of_loc(loc)}: {name_of(tile)}."})
    # 2. The pieces in the Printing Press go to Blaha Lujza Square.
    if f["step"] == 1:
        f["step"] = 2
        _move_pieces(g)
    # 3. Place up to 2 of the peeked fighters active there (room permitting).
    while f["step"] == 2:
        placed = v.setdefault("placed", [])
        left = [p for p in seen if p["fighter"] not in placed
                and p["fighter"] in g.s["locations"][p["location"]]["facedown"]]
        if len(placed) >= PLACED or not left or ops.fighter_room(g, DESTINATION) <= 0:
            f["step"] = 3
            break
        key = f"place{len(placed)}"
        options = [{"type": "place_fighter", "fighter": p["fighter"]} for p in left]
        if key not in v and ask(g, f, key, [seat], f"Making Pamphlets: place a peeked fighter active in "
                                                   f"{ops.name_of_loc(DESTINATION)} ({len(placed)} of up to "
                                                   f"{PLACED}), or stop.", options + [DONE]) == WAITING:
            return WAITING
        pick = v[key]
        if pick is None or pick["type"] == "done":
            f["step"] = 3
            break
        fid = pick["fighter"]
        src = next(p["location"] for p in seen if p["fighter"] == fid)
        g.s["locations"][src]["facedown"].remove(fid)
        g.s["locations"][DESTINATION]["active"].append(fid)
        placed.append(fid)
        ops.checkpoint(g, "reveal")
        ops.log(g, f"{name_of(fid)} (face down in {ops.name_of_loc(src)}) joins active in "
                   f"{ops.name_of_loc(DESTINATION)}.", refs=[fid, src, DESTINATION])
    # 4. The location leaves the game.
    if f["step"] == 3:
        f["step"] = 4
        del g.s["locations"][LOCATION]
        g.s["printing_press"] = "removed"
        ops.log(g, f"The {PRINTING_PRESS_LOCATION['name']} is removed from the game.", refs=[LOCATION])
    return FINISHED


def _move_pieces(g) -> None:
    """Every piece in the Printing Press goes to Blaha Lujza Square: the players, the active
    fighters and revolutionary tanks (up to the 4-active-fighter limit; one that cannot fit has
    nowhere left to stand and leaves the game like a removed fighter)."""
    s = g.s
    here = s["locations"][LOCATION]
    for seat, where in list(s["positions"].items()):
        if where == LOCATION:
            s["positions"][seat] = DESTINATION
            ops.log(g, f"{seat} goes to {ops.name_of_loc(DESTINATION)} (Making Pamphlets).", refs=[seat, DESTINATION])
    for fid in list(here["active"]):
        if ops.fighter_room(g, DESTINATION) > 0:
            here["active"].remove(fid)
            s["locations"][DESTINATION]["active"].append(fid)
            ops.log(g, f"{name_of(fid)} goes to {ops.name_of_loc(DESTINATION)} (Making Pamphlets).", refs=[fid])
        else:
            ops.remove_fighter(g, LOCATION, fid, f": no room for it in {ops.name_of_loc(DESTINATION)}")
    for kind in ("militia", "snipers", "soviet_tanks", "barricades"):
        if here[kind]:
            s["locations"][DESTINATION][kind] += here[kind]
            here[kind] = 0


@effect(f"{EVENT_ID}:penalty")
def making_pamphlets_penalty(g, f):
    ops.shift_morale(g, -1, "penalty of Making Pamphlets at the Atheneaum Printing Press")
    return FINISHED
