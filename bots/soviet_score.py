"""The greedy Soviet's rules of thumb: a score per legal action (headlines for CP or their effect,
events bought far from the Revolutionaries, tanks and SPA units toward them; bots/soviet_spa.py
for the SPA phase)."""
from __future__ import annotations

from engine.public import catalog, injury_limit

from . import soviet_spa
from .city import distance

# Rulebook, Support step: the Soviet draws back up to the hand limit the support marker shows, once a
# day; a headline card is worth about this many CP.
SUPPORT_LIMITS = [x["hand_limit"] for x in catalog()["support_track"]]
HEADLINE_CARD_CP = 2.5
LAST_DAY = 7


def support_shift_value(v: dict, steps: int) -> float:
    """What moving the support marker `steps` toward the Soviet (red) end is worth to the Soviet, in
    CP (negative toward the Hungarian end): the cards the hand limit gains or loses at each remaining
    support step, plus half of the next step's (a second shift the same way comes closer)."""
    i = v["support_index"]
    top = len(SUPPORT_LIMITS) - 1

    def limit(k):
        return SUPPORT_LIMITS[max(0, min(top, k))]

    j = max(0, min(top, i + steps))
    if j == i:
        return 0.0
    way = 1 if j > i else -1
    cards = (limit(j) - limit(i)) + 0.5 * (limit(j + way) - limit(i + way))
    draws = max(1, LAST_DAY - v["day"])  # the support steps of this day to day 6 refill the hand
    return cards * draws * HEADLINE_CARD_CP


SUPPORT_TO_HUNGARY = {"h01", "h29", "h33"}  # green headlines that shift support toward the Hungarian end


def green_gift(v: dict, hid: str) -> float:
    """What a green headline's text gives the Revolutionaries, in CP (one card is about one CP; a
    morale step is a card at each remaining end-of-phase draw; a support step is the Soviet's hand
    limit at each remaining support step)."""
    k = v["revolutionaries"]
    morale = 0.6 * max(1, 8 - v["day"]) if v["morale"] < 6 else 0.3
    if hid in SUPPORT_TO_HUNGARY:
        return max(0.0, -support_shift_value(v, -1)) + (2.5 if hid == "h33" else 0.0)  # H#33: units moved too
    return {"h02": 1.5, "h03": 0.7 * k, "h07": 2, "h08": k, "h15": 2, "h17": 2.5, "h19": 1,
            "h21": 2.5, "h22": morale, "h26": morale + 0.6 * k, "h27": 2, "h31": 3, "h32": 1.5,
            "h34": 3.5, "h35": 1, "h36": 5}.get(hid, 1.5)


def hit_value(v: dict, loc_id: str) -> float:
    """What one hit to a location is worth to the Soviet (in thirds of a CP). The Revolutionaries
    take it on a barricade or an active fighter first, else on the least injured player there;
    the injury that reaches the limit wins the game."""
    loc = v["locations"][loc_id]
    if loc["barricades"] or loc["revolutionary_tanks"] or any(f["active"] for f in loc["fighters"]):
        return 4.0
    if not loc["players"]:
        return 0.0
    injuries = min(v["injuries"].get(p, 0) for p in loc["players"])
    if injuries + 1 >= injury_limit(v["revolutionaries"], v["options"]):
        return 200.0
    return 8.0 + 8.0 * injuries


MORALE_HEADLINES = {"h28", "h38", "h41"}  # red headlines that shift morale toward the Soviet end
# What the lasting pieces a red headline puts on the board are worth, in CP: a Soviet tank (fires at
# every action next to it, counts at the evaluation), a sniper (3 strength to the SPA's attacks).
TANK_CP = 1.5
SNIPER_CP = 1.0
# One action less for a Revolutionary this day (Curfew, Discord in revolutionary groups).
ACTION_CP = {1: 3.0, 2: 2.5, 3: 2.2}
PLACES = {"h06": (0, 1), "h09": (2, 0), "h14": (0, 2), "h16": (1, 1), "h30": (1, 0)}  # (tanks, snipers)


def _morale_step(v: dict) -> float:
    """A morale step toward the Soviet end, in thirds of a CP (the unit of `hit_value`)."""
    return 3 * red_value(v, "h38")


def red_value(v: dict, hid: str) -> float:
    """What resolving a red headline is worth, in CP (against the CP it would give instead)."""
    events = [loc for loc, x in v["locations"].items() if x["event"]]
    if hid in MORALE_HEADLINES:
        # a card less at each remaining draw; the skull at the end of a day wins the game
        worth = 0.7 * max(1, 8 - v["day"]) + (12 if v["morale"] <= 1 else (2 if v["morale"] == 2 else 0))
        if hid == "h28":  # H#1 / H#29 resolved: support moves too
            worth += support_shift_value(v, ("h01" in v["marks"]) - ("h29" in v["marks"]))
        return worth
    if hid == "h11":  # support toward the Soviet end: a bigger hand at every remaining support step
        return support_shift_value(v, 1)
    if hid in ("h12", "h40"):  # one Revolutionary has an action less today
        return ACTION_CP.get(v["revolutionaries"], 2.2)
    if hid in PLACES:
        tanks, snipers = PLACES[hid]
        return tanks * TANK_CP + snipers * SNIPER_CP
    if hid == "h20":  # every active fighter leaves Corvin Passage
        here = v["locations"]["corvin"]
        return 1.5 * sum(1 for f in here["fighters"] if f["active"])
    if hid == "h24":  # an active fighter (or revolutionary tank) removed anywhere
        return 1.5 if any(f["active"] for x in v["locations"].values()
                          for f in x["fighters"] + x["revolutionary_tanks"]) else 0.0
    if hid == "h37":  # a Turning Tide headline more, playable now
        return HEADLINE_CARD_CP
    if hid == "h10":  # each Revolutionary with cards discards one
        return float(sum(1 for seat, n in v["hands"].items() if seat != "soviet" and n))
    if hid == "h25":  # each Revolutionary discards every card with the named icon
        return 1.3 * v["revolutionaries"]
    if hid in ("h04", "h23", "h42"):  # one hit where a Revolutionary stands
        return max((hit_value(v, loc) for loc, x in v["locations"].items() if x["players"]), default=0.0) / 3
    # Soviet tanks firing (each hits on 1-3) wherever Revolutionaries stand
    if hid == "h05":  # a tank more in an event location, then the tanks there fire
        return max((_tank_fire_value(v, loc, 1) for loc in events), default=0.0) + TANK_CP
    if hid == "h18":  # a tank more on the Radio, then the tanks there fire
        return _tank_fire_value(v, "radio", 1) + TANK_CP
    if hid == "h39":  # tanks in event locations fire (their moves first are ignored)
        return sum(_tank_fire_value(v, loc) for loc in events)
    if hid == "h13":  # tanks fire where a Revolutionary with no injuries stands
        return sum(_tank_fire_value(v, loc) for loc, x in v["locations"].items()
                   if any(v["injuries"].get(p, 0) == 0 for p in x["players"]))
    return 0.0


def _tank_fire_value(v: dict, loc_id: str, extra: int = 0) -> float:
    """Expected worth (CP) of the Soviet tanks in a location firing once: half a hit per tank."""
    return (v["locations"][loc_id]["soviet_tanks"] + extra) * 0.5 * hit_value(v, loc_id) / 3


def _spa_card_can_act(v: dict, kind: str) -> bool:
    """Whether an SPA card of `kind` has units to work with now (from the view)."""
    locs = v["locations"].values()
    if kind == "move_sniper":
        return any(x["snipers"] and not x["barricades"] for x in locs)
    if kind == "move_militia":
        return any(x["militia"] and not x["barricades"] for x in locs)
    if kind == "place_militia":
        return sum(x["militia"] for x in locs) < 14
    return any(x["militia"] or x["snipers"] for x in locs)


def soviet_score(v: dict, a: dict, attacked: set = frozenset()) -> float:
    t = a["type"]
    players = {v["positions"][p] for p in v["positions"]}
    if t == "play_headline":
        card = next((c for c in v["hand"] if c["id"] == a["card"]), None)
        if card is None:
            return 0
        if card["colour"] == "red":
            if a["mode"] == "cp":
                return 50 + 3 * card["cp"]
            return 50 + 3 * red_value(v, card["id"]) + 0.5 * (card.get("spa") or 0)
        # A green card: its CP against what its text gives the Revolutionaries.
        return 25 if a["mode"] == "discard" else 25 + 3 * (card["cp"] - green_gift(v, card["id"]))
    if t == "buy_event":
        slot = v["market"][a["slot"]]
        where = slot.get("location")
        replaces = where in v["locations"] and v["locations"][where]["event"] is not None
        near = min((distance(v, where, p) for p in players), default=5) if where in v["locations"] else 3
        # An event that replaces another adds nothing to the board at the evaluation.
        return 60 - slot.get("cost", 0) - (45 if replaces else 0) + 2 * near
    if t == "place":
        loc = a["location"]
        return 20 + 3 * min((distance(v, loc, p) for p in players), default=3)
    if t == "choose_location" and v["decision"]["stage"] == "hit_location":
        return 20 + hit_value(v, a["location"])
    if t == "choose_location":
        loc = a["location"]
        return 20 + (15 if loc in players else 0) - v["locations"][loc]["barricades"] * 10
    if t == "place_tank":
        return 30 + (10 if any(distance(v, a["location"], p) <= 1 for p in players) else 0)
    if t == "move_tank":
        return 25 + (20 if a["to"] in players else 0) - (10 if a["from"] in players else 0)
    if t == "keep":
        slot = v["market"][a["slot"]]
        return 30 - slot.get("cost", 0)
    if t == "play_spa":
        kind = next((c["kind"] for c in v["spa_pool"] if c["id"] == a["card"]), "")
        if not _spa_card_can_act(v, kind):  # every card is playable (R23); keep the idle ones
            return 0
        return soviet_spa.play_score(v, kind, attacked, hit_value, _morale_step(v))
    if t == "attack":
        # the Attack! card's location, or E#22's optional Attack! effect (declined with "done", 15)
        return 10 + soviet_spa.attack_value(v, a["location"], hit_value, _morale_step(v))
    if t == "place_militia":
        near = min((distance(v, a["location"], p) for p in players), default=5)
        return 20 + a["count"] * 5 - near
    if t in ("move_militia", "move_sniper"):
        before = min((distance(v, a["from"], p) for p in players), default=5)
        after = min((distance(v, a["to"], p) for p in players), default=5)
        return 20 + (before - after) * 10
    if t == "retrieve_spa":
        useful = any(soviet_spa.play_score(v, c["kind"], attacked, hit_value, _morale_step(v)) > 15
                     for c in v["spa_pool"])
        return soviet_spa.retrieve_score(v, useful)
    if t == "draw_headline":
        return 10
    if t == "done":
        return 15
    if t in ("choose_player",):
        return 10 + 5 * v["injuries"].get(a["seat"], 0)
    return 10
