"""Event placement, reward and penalty effects (Appendix B).

Keys: "eNN:placement" (the Soviet commander executes it when the event is placed, f["location"]
is where it went), "eNN:reward" (the resolving Revolutionary, f["actor"], executes it; choices are
theirs), "eNN:penalty" (executed at the end of the game if the event is still on the board).
Alternative starting events (promo) use "ea1:reward" etc.
"""
from __future__ import annotations

from .. import ops
from ..board import LOCATION_IDS, NEIGHBOURS
from ..cards import name_of
from ..frames import kinds
from ..frames.base import FINISHED, WAITING, push
from ..frames.card_frames import push_forced_discard, push_forced_discards, push_take_from_discard
from ..frames.choice import ask
from ..frames.hits import push_hits
from . import effect, push_once
from .common import deciders, location_options, seat_options

DONE = {"type": "done"}
# The SPA card kind an event forbids (Conflict) and the fixed SPA step it skips (Zhukov).
ZHUKOV_STEP = {"attack": "Attack", "move_sniper": "Move snipers", "move_militia": "Move militia"}


def _opt(name: str) -> dict:
    return {"type": "choose", "option": name}


def _picked(v, key) -> str | None:
    pick = v.get(key)
    return pick["option"] if pick and pick.get("type") == "choose" else None


def _loop(g, f, name: str, limit: int, seats: list[str], prompt: str, options_fn, apply_fn,
          optional: bool = True) -> str:
    """Up to `limit` one-click picks, each also offering "done" when `optional`. Returns WAITING
    while it waits for a pick, FINISHED when finished (done, limit reached, or nothing left to pick)."""
    v = f["vars"]
    finished = f"{name}_finished"
    if v.get(finished):
        return FINISHED
    count = f"{name}_n"
    while v.setdefault(count, 0) < limit:
        key = f"{name}{v[count]}"
        if key not in v:
            opts = options_fn()
            if not opts:
                break
            if ask(g, f, key, seats, prompt.format(left=limit - v[count]),
                   opts + ([dict(DONE)] if optional else [])) == WAITING:
                return WAITING
        pick = v[key]
        if pick is None or pick["type"] == "done":
            break
        apply_fn(pick)
        v[count] += 1
    v[finished] = True
    return FINISHED


def _steps_lost(g, seat: str) -> bool:
    """An extra action from a reward is lost when the event was resolved with Last Stand."""
    return seat in g.s["today"]["last_stand"] or any(
        fr["kind"] == "effect" and fr["key"] == "rc:last_stand" for fr in g.s["stack"])


def _extra_action(g, seat: str, title: str) -> None:
    if _steps_lost(g, seat):
        ops.log(g, f"{seat}'s extra action from {title} is lost (Last Stand).", refs=[seat])
        return
    ops.extra_action_now(g, seat)


def _forbid_spa(g, kind: str, title: str, label: str) -> None:
    if kind not in g.s["today"]["spa_forbidden"]:
        g.s["today"]["spa_forbidden"].append(kind)
    if ops.is_zhukov(g):  # Appendix B: the Zhukov ruleset skips that step of the SPA phase instead
        ops.log(g, f"{title}: this day's SPA phase skips its '{ZHUKOV_STEP[kind]}' step.")
        return
    ops.log(g, f"{title}: the Soviet commander may play no '{label}' card in this day's SPA phase.")


def _remove_all(g, loc: str, kinds) -> None:
    for kind in kinds:
        ops.remove_units(g, loc, kind, g.s["locations"][loc][kind])


def _tank_moves(g, loc: str) -> list[dict]:
    if not g.s["locations"][loc]["soviet_tanks"] or ops.has_barricade(g, loc):
        return []
    return [{"type": "move_tank", "from": loc, "to": n} for n in NEIGHBOURS[loc]]


def _heal_someone_at(g, f, loc: str, title: str) -> str:
    v = f["vars"]
    actor = f["actor"]
    hurt = [p for p in ops.players_at(g, loc) if g.s["injuries"][p] > 0]
    if "seat" not in v and ask(g, f, "seat", [actor], f"{title}: remove an injury from whom?", seat_options(hurt)) == WAITING:
        return WAITING
    if v["seat"]:
        ops.heal(g, v["seat"]["seat"])
    else:
        ops.log(g, f"{title}: nobody there has an injury to remove.")
    return FINISHED


# ===== Starting events ============================================================================
@effect("e01:reward")
def students_demands(g, f):
    """Shift morale toward the Hungarian end."""
    ops.shift_morale(g, +1, "Students' demands")
    return FINISHED


@effect("e02:reward")
def petofi_circle(g, f):
    """Shift support toward the Hungarian end."""
    ops.shift_support(g, -1, "Petőfi Circle organizes protest")
    return FINISHED


@effect("e03:reward")
def civilians_armed(g, f):
    """Lapsing: for the rest of the day every "Resolve an event" and "Attack militia" action
    collects one extra ammunition icon, even with no card discarded and no fighter (Appendix B)."""
    ops.add_bonus_icon(g, "ammunition", ("resolve_event", "attack_militia"), "e03")
    ops.log(g, "Civilians armed: every Resolve an event and Attack militia action collects one more ammunition today.")
    return FINISHED


# ===== Period 1 ===================================================================================
@effect("e04:placement")
def stalins_statue_placement(g, f):
    """Place one militia on Stalin Square."""
    ops.place_units(g, "stalin", "militia", 1)
    return FINISHED


@effect("e04:reward")
def stalins_statue_reward(g, f):
    """Shift morale toward the Hungarian end twice (the mark is left by the resolve action)."""
    ops.shift_morale(g, +2, "Stalin's statue removed")
    return FINISHED


@effect("e05:placement")
def stalins_head_placement(g, f):
    """The Soviet commander collects 1 CP, 2 with E#4 resolved (ruling R105: a placement of the
    commander's own, which is why the Zhukov ruleset ignores it)."""
    n = 2 if "e04" in g.s["marks"] else 1
    g.s["cp"] += n
    ops.log(g, f"Stalin's head dragged across town: the Soviet commander collects {n} CP.")
    return FINISHED


@effect("e05:reward")
def stalins_head_reward(g, f):
    """Only with H#10 resolved: morale toward the Hungarian end, once more with E#4 resolved."""
    if "h10" not in g.s["marks"]:
        ops.log(g, "Stalin's head dragged across town: H#10 is not resolved, the reward has no effect.")
        return FINISHED
    ops.shift_morale(g, +2 if "e04" in g.s["marks"] else +1, "Stalin's head dragged across town")
    return FINISHED


@effect("e06:placement")
def siege_placement(g, f):
    """Place 2 militia on the Radio, or place one sniper on the Radio (Soviet's choice)."""
    v = f["vars"]
    if "pick" not in v and ask(g, f, "pick", deciders(g, f), "Siege: place 2 militia or one sniper on the Radio?",
                               [_opt("two_militia"), _opt("one_sniper")]) == WAITING:
        return WAITING
    if _picked(v, "pick") == "one_sniper":
        ops.place_units(g, "radio", "snipers", 1)
    else:
        ops.place_units(g, "radio", "militia", 2)
    return FINISHED


@effect("e06:reward")
def siege_reward(g, f):
    """Lapsing: no "Attack!" card in this day's SPA phase."""
    _forbid_spa(g, "attack", "Siege", "Attack!")
    return FINISHED


@effect("e07:placement")
def national_museum_placement(g, f):
    """Shift morale toward the Soviet end."""
    ops.shift_morale(g, -1, "Fire in the National Museum")
    return FINISHED


@effect("e07:reward")
def national_museum_reward(g, f):
    """Take up to 2 cards of your choice from the discard pile (none if it is empty)."""
    return push_once(g, f, push_take_from_discard, f["actor"], 2, "Fire in the National Museum")


@effect("e08:reward")
def spreading_the_news(g, f):
    """Shift support toward the Hungarian end."""
    ops.shift_support(g, -1, "Spreading the news to the countryside")
    return FINISHED


@effect("e09:placement")
def government_building_placement(g, f):
    """Place one militia in this location."""
    ops.place_units(g, f["location"], "militia", 1)
    return FINISHED


@effect("e09:reward")
def government_building_reward(g, f):
    """Shift morale toward the Hungarian end and draw one card."""
    ops.shift_morale(g, +1, "Government building occupied")
    ops.draw_rev_cards(g, f["actor"], 1, " (Government building occupied)")
    return FINISHED


# ===== Period 2 ===================================================================================
@effect("e10:placement")
def bloodbath_placement(g, f):
    """Deal 1 hit to Kossuth Square."""
    return push_once(g, f, push_hits, "kossuth", 1, "Bloodbath")


@effect("e10:reward")
def bloodbath_reward(g, f):
    """Remove every Soviet tank, or every militia and sniper, from Kossuth Square; in either case
    morale shifts toward the Soviet end twice."""
    v = f["vars"]
    if "pick" not in v and ask(g, f, "pick", [f["actor"]],
                               "Bloodbath: remove every Soviet tank, or every militia and sniper, from Kossuth Square?",
                               [_opt("soviet_tanks"), _opt("militia_and_snipers")]) == WAITING:
        return WAITING
    if _picked(v, "pick") == "soviet_tanks":
        _remove_all(g, "kossuth", ["soviet_tanks"])
    else:
        _remove_all(g, "kossuth", ["militia", "snipers"])
    ops.shift_morale(g, -2, "Bloodbath")
    return FINISHED


@effect("e11:placement")
def fighter_group_placement(g, f):
    """Place one militia in Széna Square."""
    ops.place_units(g, "szena", "militia", 1)
    return FINISHED


@effect("e11:reward")
def fighter_group_reward(g, f):
    """Activate up to 2 fighters in Széna Square, then take one card from the discard pile."""
    def options():
        here = g.s["locations"]["szena"]
        if here["inactive"] and ops.fighter_room(g, "szena") > 0:
            return [{"type": "activate_fighter", "location": "szena"}]
        return []

    if _loop(g, f, "activate", 2, [f["actor"]],
             "Fighter group organized: activate a fighter in Széna Square ({left} left), or finish.",
             options, lambda pick: ops.activate_fighter(g, "szena")) == WAITING:
        return WAITING
    return push_once(g, f, push_take_from_discard, f["actor"], 1, "Fighter group organized")


@effect("e12:reward")
def aid_from_warsaw(g, f):
    """Take up to 3 cards of your choice from the discard pile (none if it is empty)."""
    return push_once(g, f, push_take_from_discard, f["actor"], 3, "Aid from Warsaw distributed")


@effect("e13:placement")
def spa_disguised_placement(g, f):
    """Place 2 militia in this location; H#33 resolved: also one sniper in any location."""
    v = f["vars"]
    if f["step"] == 0:
        f["step"] = 1
        ops.place_units(g, f["location"], "militia", 2)
    if "h33" not in g.s["marks"]:
        return FINISHED
    if ops.on_board(g, "snipers") >= ops.CAPS["snipers"]:
        ops.log(g, "SPA units disguised as policemen: no sniper is left to place.")
        return FINISHED
    if "loc" not in v and ask(g, f, "loc", deciders(g, f), "SPA units disguised as policemen: place a sniper in any location.",
                              location_options(LOCATION_IDS)) == WAITING:
        return WAITING
    ops.place_units(g, v["loc"]["location"], "snipers", 1)
    return FINISHED


@effect("e13:reward")
def spa_disguised_reward(g, f):
    """Remove up to 2 militia from this location, then move up to 2 other militia one step each
    (none out of a location with a barricade)."""
    v = f["vars"]
    loc = f["location"]
    if f["step"] == 0:
        f["step"] = 1
        ops.remove_units(g, loc, "militia", min(2, g.s["locations"][loc]["militia"]))
        v["arrived"] = {}

    def options():
        locs = g.s["locations"]
        return [{"type": "move_militia", "from": a, "to": b} for a in LOCATION_IDS
                if locs[a]["militia"] - v["arrived"].get(a, 0) > 0 and not ops.has_barricade(g, a)
                for b in NEIGHBOURS[a]]

    def move(pick):
        ops.move_units(g, pick["from"], pick["to"], "militia")
        v["arrived"][pick["to"]] = v["arrived"].get(pick["to"], 0) + 1

    return _loop(g, f, "move", 2, [f["actor"]],
                 "SPA units disguised as policemen: move a militia one step ({left} left), or finish.", options, move)


@effect("e14:placement")
def kilian_barracks_placement(g, f):
    """The Soviet commander chooses a Revolutionary; one hit is dealt to that player's location."""
    v = f["vars"]
    revs = ops.rev_seats(g)
    if "seat" not in v and ask(g, f, "seat", deciders(g, f), "Kilián Barracks: choose a Revolutionary whose location takes a hit.",
                               seat_options(revs)) == WAITING:
        return WAITING
    return push_once(g, f, push_hits, g.s["positions"][v["seat"]["seat"]], 1, "Kilián Barracks treats the wounded")


@effect("e14:reward")
def kilian_barracks_reward(g, f):
    """Remove one injury from yourself."""
    ops.heal(g, f["actor"])
    return FINISHED


@effect("e15:placement")
def weapons_confiscated_placement(g, f):
    """Each Revolutionary discards one card showing ammunition or molotov, if they have one."""
    return push_once(g, f, push_forced_discards, 1, "Weapons confiscated", icons=["ammunition", "molotov"])


@effect("e15:reward")
def weapons_confiscated_reward(g, f):
    """Draw 2 cards."""
    ops.draw_rev_cards(g, f["actor"], 2, " (Weapons confiscated)")
    return FINISHED


@effect("e16:reward")
def red_star_removed(g, f):
    """Shift morale and support toward the Hungarian end."""
    ops.shift_morale(g, +1, "Red star removed from buildings")
    ops.shift_support(g, -1, "Red star removed from buildings")
    return FINISHED


@effect("e17:placement")
def spa_resupplies_placement(g, f):
    """Place one sniper in this location."""
    ops.place_units(g, f["location"], "snipers", 1)
    return FINISHED


@effect("e17:reward")
def spa_resupplies_reward(g, f):
    """Lapsing: remove one sniper from this location; no "Move sniper" card in this day's SPA phase."""
    ops.remove_units(g, f["location"], "snipers", 1)
    _forbid_spa(g, "move_sniper", "SPA resupplies", "Move sniper")
    return FINISHED


@effect("e18:placement")
def iron_works_placement(g, f):
    """Move up to 2 militia from locations adjacent to Csepel into Csepel (never out of a
    barricaded location)."""
    def options():
        locs = g.s["locations"]
        return [{"type": "move_militia", "from": a, "to": "csepel"} for a in NEIGHBOURS["csepel"]
                if locs[a]["militia"] > 0 and not ops.has_barricade(g, a)]

    # Ruling Z16: in the Zhukov ruleset the team makes the text's choice, how many included (0 too).
    return _loop(g, f, "move", 2, deciders(g, f),
                 "Defense of the Iron Works: move a militia from an adjacent location into Csepel ({left} left), "
                 "or finish.", options, lambda pick: ops.move_units(g, pick["from"], "csepel", "militia"))


@effect("e18:reward")
def iron_works_reward(g, f):
    """Lapsing: no "Move militia" card in this day's SPA phase."""
    _forbid_spa(g, "move_militia", "Defense of the Iron Works", "Move militia")
    return FINISHED


# ===== Period 3 ===================================================================================
@effect("e19:placement")
def multi_party_placement(g, f):
    """1 hit to any location (Soviet's choice, barricaded allowed; the Revolutionaries distribute
    it). If this event replaced Bloodbath (E#10) on Kossuth Square, every Revolutionary discards 2."""
    v = f["vars"]
    if "loc" not in v and ask(g, f, "loc", deciders(g, f), "Multi-party government demanded: deal 1 hit to which location?",
                              location_options(LOCATION_IDS)) == WAITING:
        return WAITING
    if push_once(g, f, push_hits, v["loc"]["location"], 1, "Multi-party government demanded") == WAITING:
        return WAITING
    if f["step"] == 1:
        f["step"] = 2
        if f["replaced"] == "e10":
            ops.log(g, "Multi-party government demanded replaced Bloodbath: each Revolutionary discards 2 cards.")
            push_forced_discards(g, 2, "Multi-party government demanded replaced Bloodbath")
            return WAITING
    return FINISHED


@effect("e19:reward")
def multi_party_reward(g, f):
    """Choose one: the Soviet commander discards 2 headline cards of his choice from his hand, or
    take one extra action this turn (ruling R105). Zhukov: only the second (Appendix B)."""
    v = f["vars"]
    title = "Multi-party government demanded"
    if ops.is_zhukov(g):  # Appendix B: the first option may not be chosen in the Zhukov ruleset
        _extra_action(g, f["actor"], title)
        return FINISHED
    if "pick" not in v and ask(g, f, "pick", [f["actor"]],
                               f"{title}: the Soviet commander discards 2 headline cards, or one extra action?",
                               [_opt("soviet_discards_2_headlines"), _opt("extra_action")]) == WAITING:
        return WAITING
    if _picked(v, "pick") == "extra_action":
        _extra_action(g, f["actor"], title)
        return FINISHED
    for i in range(2):
        key = f"headline{i}"
        if key not in v:
            hand = g.s["headline_hand"]
            if not hand:
                ops.log(g, f"{title}: the Soviet commander has no more headline cards to discard.")
                break
            if ask(g, f, key, ["soviet"], f"{title}: discard a headline card of your choice ({2 - i} left).",
                   [{"type": "discard", "card": c} for c in hand]) == WAITING:
                return WAITING
        card = v[key]["card"]
        if not v.get(f"{key}_done"):
            v[f"{key}_done"] = True
            g.s["headline_hand"].remove(card)
            g.s["headline_discard"].append(card)
            ops.log(g, f"The Soviet commander discards {name_of(card)} ({title}).", refs=[card])
    return FINISHED


@effect("e19:penalty")
def multi_party_penalty(g, f):
    """The Revolutionaries lose if at least 3 other events are on the board along with this one."""
    n = len(ops.events_on_board(g))
    if n >= 4:
        ops.set_result(g, "soviet", f"Multi-party government demanded is on the board with {n - 1} other events.")
    else:
        ops.log(g, f"Multi-party government demanded: only {n - 1} other event(s) on the board, no effect.")
    return FINISHED


@effect("e20:placement")
def red_cross_placement(g, f):
    """The Revolutionary with the most cards discards 2 (the Soviet commander breaks ties)."""
    v = f["vars"]
    if f["step"] == 0:
        revs = ops.rev_seats(g)
        most = max(len(g.s["hands"][r]) for r in revs)
        tied = [r for r in revs if len(g.s["hands"][r]) == most]
        if "seat" not in v and ask(g, f, "seat", deciders(g, f),
                                   "International Red Cross supplies: choose among the tied players who discards 2 cards.",
                                   seat_options(tied)) == WAITING:
            return WAITING
        f["step"] = 1
        push_forced_discard(g, v["seat"]["seat"], 2, "International Red Cross supplies")
        return WAITING
    return FINISHED


@effect("e20:reward")
def red_cross_reward(g, f):
    """Take up to 2 cards from the discard pile, and remove one injury from yourself."""
    if push_once(g, f, push_take_from_discard, f["actor"], 2, "International Red Cross supplies") == WAITING:
        return WAITING
    ops.heal(g, f["actor"])
    return FINISHED


@effect("e21:placement")
def ambulance_under_fire_placement(g, f):
    """The Revolutionary with the fewest injuries takes one; the Soviet commander breaks ties."""
    v = f["vars"]
    revs = ops.rev_seats(g)
    fewest = min(g.s["injuries"][r] for r in revs)
    tied = [r for r in revs if g.s["injuries"][r] == fewest]
    if "seat" not in v and ask(g, f, "seat", deciders(g, f), "Ambulance under fire: choose among the tied players who takes an injury.",
                               seat_options(tied)) == WAITING:
        return WAITING
    ops.injure(g, v["seat"]["seat"], " (Ambulance under fire)")
    return FINISHED


@effect("e21:reward")
def ambulance_under_fire_reward(g, f):
    """Remove one injury from a player in your location. If Kilián Barracks treats the wounded
    (E#14) was resolved, also remove one other injury from yourself."""
    v = f["vars"]
    actor = f["actor"]
    here = g.s["positions"][actor]
    hurt = [p for p in ops.players_at(g, here) if g.s["injuries"][p] > 0]
    if "seat" not in v and ask(g, f, "seat", [actor], "Ambulance under fire: remove an injury from whom?", seat_options(hurt)) == WAITING:
        return WAITING
    if v["seat"]:
        ops.heal(g, v["seat"]["seat"])
    if "e14" in g.s["marks"]:
        ops.heal(g, actor)
    return FINISHED


@effect("e22:placement")
def battle_placement(g, f):
    """Place one Soviet tank and one militia in HWPP Headquarters."""
    ops.place_units(g, "hwpp", "soviet_tanks", 1)
    ops.place_units(g, "hwpp", "militia", 1)
    return FINISHED


@effect("e22:reward")
def battle_reward(g, f):
    """Remove every militia and sniper from HWPP Headquarters; then one extra action this turn,
    for the resolving player only."""
    _remove_all(g, "hwpp", ["militia", "snipers"])
    _extra_action(g, f["actor"], "Battle")
    return FINISHED


@effect("e22:penalty")
def battle_penalty(g, f):
    """The Soviet commander may execute an Attack! effect on any location (fire, then threaten),
    regardless of the Attack! cards played on the last day. Zhukov ruleset: the SPA phase's Attack
    step runs once (every location with a player, a fighter or a barricade; then threaten)."""
    if ops.is_zhukov(g):
        return push_once(g, f, push, kinds.zhukov_attack("Battle"))
    return push_once(g, f, push, kinds.spa_card("spa_attack_any", None, why="Battle"))


# ===== Minor events ===============================================================================
@effect("e23:reward")
def secret_prisons(g, f):
    ops.shift_morale(g, +1, "Secret prisons suspected")
    return FINISHED


@effect("e24:reward")
def tanks_in_sight(g, f):
    """Move one Soviet tank from Astoria to an adjacent location (not if Astoria has a barricade)."""
    v = f["vars"]
    opts = _tank_moves(g, "astoria") if "move" not in v else []
    if "move" not in v and ask(g, f, "move", [f["actor"]], "Tanks in sight: move a Soviet tank from Astoria to where?", opts) == WAITING:
        return WAITING
    if v["move"]:
        ops.move_units(g, "astoria", v["move"]["to"], "soviet_tanks")
    else:
        ops.log(g, "Tanks in sight: no Soviet tank can be moved from Astoria.")
    return FINISHED


@effect("e25:reward")
def medic_gravely_injured(g, f):
    """Remove one injury from a Revolutionary player in Széna Square (yourself included)."""
    return _heal_someone_at(g, f, "szena", "Medic gravely injured")


@effect("e26:reward")
def fake_mines(g, f):
    """Move up to 2 Soviet tanks from Corvin Passage, each to an adjacent location."""
    return _loop(g, f, "move", 2, [f["actor"]],
                 "Fake anti-tank mines: move a Soviet tank out of Corvin Passage ({left} left), or finish.",
                 lambda: _tank_moves(g, "corvin"),
                 lambda pick: ops.move_units(g, "corvin", pick["to"], "soviet_tanks"))


@effect("e27:reward")
def barricades_from_trams(g, f):
    """Place a barricade token in your location, if one is available."""
    loc = g.s["positions"][f["actor"]]
    if not ops.place_units(g, loc, "barricades", 1):
        ops.log(g, "Barricades built from trams: no barricade token is available.")
    return FINISHED


@effect("e28:reward")
def crowd_surrounding_prison(g, f):
    """Remove up to 2 militia from Bem Statue."""
    ops.remove_units(g, "bem", "militia", 2)
    return FINISHED


@effect("e29:reward")
def looting_party_hq(g, f):
    """Take one card of your choice from the discard pile (none if it is empty)."""
    return push_once(g, f, push_take_from_discard, f["actor"], 1, "Looting Party district HQ")


@effect("e30:reward")
def spa_smuggling(g, f):
    """Remove one sniper or one militia from the Radio."""
    v = f["vars"]
    here = g.s["locations"]["radio"]
    opts = [_opt(k) for k in ("snipers", "militia") if here[k] > 0] if "pick" not in v else []
    if "pick" not in v and ask(g, f, "pick", [f["actor"]], "SPA smuggling weapons: remove a sniper or a militia from the Radio?",
                               opts) == WAITING:
        return WAITING
    kind = _picked(v, "pick")
    if kind:
        ops.remove_units(g, "radio", kind, 1)
    else:
        ops.log(g, "SPA smuggling weapons: no sniper or militia on the Radio.")
    return FINISHED


@effect("e31:reward")
def peterfy_hospital(g, f):
    """Lapsing: each First aid kit removes 2 injuries today."""
    g.s["today"]["first_aid_heals"] = 2
    ops.log(g, "Péterfy Hospital treats the wounded: every First aid kit removes 2 injuries today.")
    return FINISHED


@effect("e32:reward")
def students_distribute_food(g, f):
    ops.draw_rev_cards(g, f["actor"], 1, " (Students distribute food)")
    return FINISHED


@effect("e33:reward")
def radio_in_parliament(g, f):
    ops.shift_support(g, -1, "Radio station in the Parliament")
    return FINISHED


# ===== Alternative starting events (promo) =========================================================
@effect("ea1:reward")
def growing_discontent(g, f):
    ops.shift_morale(g, +2, "Growing social discontent")
    return FINISHED


@effect("ea2:reward")
def remembering_poznan(g, f):
    ops.draw_rev_cards(g, f["actor"], 2, " (Remembering Poznań)")
    ops.shift_morale(g, +1, "Remembering Poznań")
    return FINISHED


@effect("ea3:reward")
def spa_members_suspected(g, f):
    """Remove one sniper from any location and draw 2 cards."""
    v = f["vars"]
    with_sniper = [loc for loc in LOCATION_IDS if g.s["locations"][loc]["snipers"] > 0]
    if "loc" not in v and ask(g, f, "loc", [f["actor"]], "SPA members suspected: remove a sniper from which location?",
                              location_options(with_sniper)) == WAITING:
        return WAITING
    if v["loc"]:
        ops.remove_units(g, v["loc"]["location"], "snipers", 1)
    ops.draw_rev_cards(g, f["actor"], 2, " (SPA members suspected)")
    return FINISHED


@effect("ea3:penalty")
def spa_members_suspected_penalty(g, f):
    """Still on the board at the end of the game: the Revolutionaries lose."""
    ops.set_result(g, "soviet", "SPA members suspected is still on the board at the end of the game.")
    return FINISHED
