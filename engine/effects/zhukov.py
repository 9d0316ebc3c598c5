"""The General Zhukov cards' headline effects (Appendix D), interpreted from their data.

Each headline is registered as the effect "zNN:<row>" (row: top, middle, bottom). It runs the
headline's steps (engine/data/zhukov.py, EFFECT_OPS) in order, each as its own effect frame: a
"ref" step runs the Conflict headline effect of that id, every other step "zNN:<row>:<i>" runs
the op below with the step's parameters. There is no Soviet player: the team decides every
choice (`deciders`, f["by"] == "revolutionaries"). Red texts give the team *which*, never
*whether*, except where the text says "up to": then the team also chooses how many, none included
(ruling Z7: "If the text provides a choice, the players can make the choice").
"""
from __future__ import annotations

from .. import ops
from ..board import LOCATION_IDS, NEIGHBOURS
from ..data.zhukov import ZHUKOV_CARDS
from ..frames.base import FINISHED, WAITING, parent
from ..frames.card_frames import push_forced_discard
from ..frames.choice import ask
from ..frames.hits import tanks_fire
from . import EFFECTS, push_effect
from .common import deciders, location_options, seat_options
from .headline_helpers import (
    DONE,
    amnesty_movers,
    event_locations,
    fighter_options,
    one_less_action,
    step_queued_tanks,
)

ZHUKOV = {c["id"]: c for c in ZHUKOV_CARDS}
ROWS = ("top", "middle", "bottom")


def headline_of(card: str, row: str) -> dict:
    return ZHUKOV[card]["headlines"][ROWS.index(row)]


def _title(f) -> str:
    card, row = f["key"].split(":")[:2]
    return headline_of(card, row)["title"]


# ----- the runner ---------------------------------------------------------------------------------
def _runner(card: str, row: str):
    steps = headline_of(card, row)["effect"]

    def run(g, f):
        if f["step"] < len(steps):
            i = f["step"]
            f["step"] += 1
            step = steps[i]
            key = step["effect"] if step["op"] == "ref" else f"{card}:{row}:{i}"
            push_effect(g, key, by=f["by"], actor=None)
            return WAITING
        return FINISHED

    return run


def _shared(g, f) -> dict:
    """The vars of the headline's runner: what one step leaves for the next (the placed location)."""
    owner = parent(g, f)
    return owner["vars"] if owner and owner["kind"] == "effect" else f["vars"]


# ----- the ops ------------------------------------------------------------------------------------
def op_draw(g, f, p) -> str:
    v = f["vars"]
    if "seat" not in v and ask(g, f, "seat", deciders(g, f), f"{_title(f)}: which Revolutionary draws {p['count']}?",
                               seat_options(ops.rev_seats(g)), purpose="draw_player") == WAITING:
        return WAITING
    seat = v["seat"]["seat"]
    if not ops.draw_rev_cards(g, seat, p["count"], f" ({_title(f)})"):
        ops.log(g, f"{_title(f)}: {seat} can draw no card.", refs=[seat])
    return FINISHED


def op_shift_morale(g, f, p) -> str:
    ops.shift_morale(g, +1 if p["toward"] == "hungarian" else -1, _title(f))
    return FINISHED


def op_aid_full_today(g, f, p) -> str:
    g.s["today"]["aid_full"] = True
    ops.log(g, f"{_title(f)}: today an Aid card discarded for Resolve an event gives all its icons.")
    return FINISHED


def _placement_targets(g, p, used: list[str]) -> list[str]:
    locs = g.s["locations"]
    events = event_locations(g)
    if events:
        pool = events
        if p["where"] == "event_fewest_tanks":
            fewest = min(locs[x]["soviet_tanks"] for x in events)
            pool = [x for x in events if locs[x]["soviet_tanks"] == fewest]
        if p["distinct"]:
            fresh = [x for x in pool if x not in used]
            pool = fresh or pool  # with fewer events than units, the rest join the ones used
        return pool
    if p["no_event"] == "different_locations":
        return [x for x in LOCATION_IDS if x not in used]
    if p["no_event"] == "fewest_tanks":
        fewest = min(locs[x]["soviet_tanks"] for x in LOCATION_IDS)
        return [x for x in LOCATION_IDS if locs[x]["soviet_tanks"] == fewest]
    return list(LOCATION_IDS)


def op_place_units(g, f, p) -> str:
    v = f["vars"]
    v.setdefault("used", [])
    while len(v["used"]) < p["count"]:
        if ops.supply(g, p["unit"]) <= 0:
            ops.log(g, f"{_title(f)}: no {ops.UNIT_WORD[p['unit']]} left to place.")
            break
        key = f"loc{len(v['used'])}"
        if key not in v and ask(g, f, key, deciders(g, f),
                                f"{_title(f)}: place a {ops.UNIT_WORD[p['unit']]} where?",
                                location_options(_placement_targets(g, p, v["used"])),
                                purpose="place_" + p["unit"]) == WAITING:
            return WAITING
        loc = v[key]["location"]
        ops.place_units(g, loc, p["unit"], 1)
        v["used"].append(loc)
        _shared(g, f)["placed"] = loc
    return FINISHED


def op_tanks_fire(g, f, p) -> str:
    v = f["vars"]
    if "fire" not in v:
        if p["where"] == "placed":
            placed = _shared(g, f).get("placed")
            v["fire"] = [placed] if placed else []
        else:
            v["fire"] = [x for x in g.s["locations"] if g.s["locations"][x]["soviet_tanks"]]
    while v["fire"]:
        loc = v["fire"].pop(0)
        if tanks_fire(g, loc, _title(f), through_barricade=p["through_barricade"]):
            return WAITING
    return FINISHED


def op_move_units(g, f, p) -> str:
    """Up to `count` units, each one step once, never out of a barricaded location (green: optional)."""
    v = f["vars"]
    v.setdefault("arrived", {})
    v.setdefault("n", 0)
    locs = g.s["locations"]
    while v["n"] < p["count"]:
        key = f"m{v['n']}"
        if key not in v:
            opts = [{"type": "move_unit", "unit": kind, "from": src, "to": dst}
                    for src in locs for kind in p["units"]
                    if locs[src][kind] - v["arrived"].get(f"{src}/{kind}", 0) > 0 and not ops.has_barricade(g, src)
                    for dst in NEIGHBOURS[src]]  # never into a promo location (R103)
            if not opts:
                break
            if ask(g, f, key, deciders(g, f), f"{_title(f)}: move a unit one step, or finish.",
                   opts + ([dict(DONE)] if p["up_to"] else []), purpose="move_unit") == WAITING:
                return WAITING
        pick = v[key]
        if pick is None or pick["type"] == "done":
            break
        ops.move_units(g, pick["from"], pick["to"], pick["unit"])
        arrived = f"{pick['to']}/{pick['unit']}"
        v["arrived"][arrived] = v["arrived"].get(arrived, 0) + 1
        v["n"] += 1
    return FINISHED


def op_discard(g, f, p) -> str:
    v = f["vars"]
    if p["who"] == "chosen_player":
        # Ruling Z28: "A player with less than 2 cards in hand may be chosen. That player discards
        # all cards from their hand": every player may be chosen, an empty-handed one too.
        if f["step"] == 0:
            if "seat" not in v and ask(g, f, "seat", deciders(g, f),
                                       f"{_title(f)}: which Revolutionary discards {p['count']} cards?",
                                       seat_options(ops.rev_seats(g)), purpose="discard_player") == WAITING:
                return WAITING
            f["step"] = 1
            seat = v["seat"]["seat"]
            if not g.s["hands"][seat]:
                ops.log(g, f"{_title(f)}: {seat} has no card to discard.", refs=[seat])
                return FINISHED
            push_forced_discard(g, seat, p["count"], _title(f))
            return WAITING
        return FINISHED
    # team_total: one card at a time, the team choosing who; the holder picks the card.
    v.setdefault("n", 0)
    while v["n"] < p["count"]:
        key = f"s{v['n']}"
        if key not in v:
            with_cards = [s for s in ops.rev_seats(g) if g.s["hands"][s]]
            if not with_cards:
                ops.log(g, f"{_title(f)}: the team has no more cards to discard.")
                break
            if ask(g, f, key, deciders(g, f), f"{_title(f)}: who discards the next card "
                                              f"({p['count'] - v['n']} left)?",
                   seat_options(with_cards), purpose="discard_player") == WAITING:
                return WAITING
        v["n"] += 1
        push_forced_discard(g, v[key]["seat"], 1, _title(f))
        return WAITING
    return FINISHED


def _fighters_at(g, loc: str) -> list[dict]:
    return [{"type": "choose_fighter", "fighter": fid, "location": loc} for fid in g.s["locations"][loc]["active"]]


def op_remove_active_fighters(g, f, p) -> str:
    """Hostile: the team chooses which (the text names how many); barricades do not protect them."""
    v = f["vars"]
    if p["where"] == "any":
        for i in range(p["count"]):
            key = f"f{i}"
            if key not in v and ask(g, f, key, deciders(g, f), f"{_title(f)}: remove which active fighter?",
                                    fighter_options(g), purpose="remove_fighter") == WAITING:
                return WAITING
            if v[key] is None:
                ops.log(g, f"{_title(f)}: no active fighter to remove.")
                break
            if not v.get(f"{key}_done"):
                v[f"{key}_done"] = True  # (the answer itself is the recorded action: never edited)
                ops.remove_fighter(g, v[key]["location"], v[key]["fighter"], f" ({_title(f)})")
        return FINISHED
    where = ["corvin"] if p["where"] == "corvin" else list(ops.neighbours(g, "corvin"))
    for loc in where:
        if p["count"] == "all":
            for fid in list(g.s["locations"][loc]["active"]):
                ops.remove_fighter(g, loc, fid, f" ({_title(f)})")
            continue
        key = f"at_{loc}"
        if key not in v and ask(g, f, key, deciders(g, f),
                                f"{_title(f)}: remove which active fighter in {ops.name_of_loc(loc)}?",
                                _fighters_at(g, loc), purpose="remove_fighter") == WAITING:
            return WAITING
        pick = v[key]
        if pick and not v.get(f"{key}_done"):
            v[f"{key}_done"] = True
            ops.remove_fighter(g, loc, pick["fighter"], f" ({_title(f)})")
    return FINISHED


def op_move_tanks_toward_events(g, f, p) -> str:
    v = f["vars"]
    if "queue" not in v:
        v["queue"] = amnesty_movers(g)
        v["i"] = 0
        if not v["queue"]:
            ops.log(g, f"{_title(f)}: no Soviet tank moves.")
    return step_queued_tanks(g, f, _title(f), purpose="tank_step")


def op_remove_inactive_fighters(g, f, p) -> str:
    v = f["vars"]
    locs = g.s["locations"]
    for i in range(p["locations"]):
        key = f"l{i}"
        if key not in v:
            with_tiles = [x for x in locs if locs[x]["inactive"] or locs[x]["facedown"]]
            if not with_tiles:
                v[key] = None
            elif ask(g, f, key, deciders(g, f), f"{_title(f)}: remove the inactive fighters of which location"
                                                f"{', or finish' if p['up_to'] else ''}?",
                     location_options(with_tiles) + ([dict(DONE)] if p["up_to"] else []),
                     purpose="remove_inactive") == WAITING:
                return WAITING
        pick = v[key]
        if pick is None or pick["type"] == "done":
            break
        if not v.get(f"{key}_done"):
            v[f"{key}_done"] = True
            here = locs[pick["location"]]
            gone = ([here["inactive"]] if here["inactive"] else []) + list(here["facedown"])
            here["inactive"], here["facedown"] = None, []
            g.s["fighters_removed"].extend(gone)
            ops.log(g, f"{_title(f)}: the inactive fighters of {ops.name_of_loc(pick['location'])} are removed.",
                    refs=[pick["location"]] + gone)
    return FINISHED


def op_place_rev_tank(g, f, p) -> str:
    ops.place_random_rev_tank(g, p["location"])
    return FINISHED


def op_one_less_action(g, f, p) -> str:
    return one_less_action(g, f, _title(f))


OPS = {
    "draw": op_draw, "shift_morale": op_shift_morale, "aid_full_today": op_aid_full_today,
    "place_units": op_place_units, "tanks_fire": op_tanks_fire, "move_units": op_move_units,
    "discard": op_discard, "remove_active_fighters": op_remove_active_fighters,
    "move_tanks_toward_events": op_move_tanks_toward_events,
    "remove_inactive_fighters": op_remove_inactive_fighters, "one_less_action": op_one_less_action,
    "place_rev_tank": op_place_rev_tank,
}


def _step(op, params):
    return lambda g, f: op(g, f, params)


for _card in ZHUKOV_CARDS:
    for _row, _hl in zip(ROWS, _card["headlines"], strict=True):
        EFFECTS[f"{_card['id']}:{_row}"] = _runner(_card["id"], _row)
        for _i, _st in enumerate(_hl["effect"]):
            if _st["op"] != "ref":
                EFFECTS[f"{_card['id']}:{_row}:{_i}"] = _step(OPS[_st["op"]], _st)
