"""Headline effects of period 2, Armed Uprising (H#12-H#31; Appendix A)."""
from __future__ import annotations

from .. import ops
from ..board import LOCATION_IDS, REINFORCEMENT
from ..cards import REV_CARD, name_of
from ..data import ICONS
from ..frames.base import FINISHED, WAITING
from ..frames.choice import ask
from ..frames.hits import tanks_fire
from . import effect
from .common import deciders, location_options, seat_options
from .headline_helpers import (
    DONE,
    amnesty_movers,
    event_locations,
    fighter_options,
    fire_in_turn,
    one_less_action,
    room,
    step_queued_tanks,
)


@effect("h12")
def curfew(g, f):
    """Lapsing: one Revolutionary has one less action today; H#10 resolved: morale shifts too."""
    first = f["step"] == 0
    if one_less_action(g, f, "Curfew") == WAITING:
        return WAITING
    if first and "h10" in g.s["marks"]:
        ops.shift_morale(g, -1, "Curfew, First speech of Imre Nagy resolved")
    return FINISHED


@effect("h13")
def news_blockade_in_romania(g, f):
    """Where a Revolutionary with no injuries stands, every Soviet tank fires (through barricades).
    The locations are fixed when the card is resolved; each fires in board order."""
    v = f["vars"]
    if f["step"] == 0:
        f["step"] = 1
        v["fire"] = [loc for loc in LOCATION_IDS
                     if g.s["locations"][loc]["soviet_tanks"]
                     and any(g.s["injuries"][p] == 0 for p in ops.players_at(g, loc))]
        if not v["fire"]:
            ops.log(g, "News blockade in Romania: no Revolutionary without injuries stands with a Soviet tank.")
    return fire_in_turn(g, f, "News blockade in Romania")


@effect("h14")
def organizing_workers_militia(g, f):
    """Place 2 snipers, each on a different event; both on the only event if there is one; with
    no event, anywhere (R40; Appendix D's Z#12 of the same title)."""
    v = f["vars"]
    while f["step"] < 2:
        i = f["step"]
        if room(g, "snipers") <= 0:
            ops.log(g, "No sniper is left in the supply to place.")
            break
        events = event_locations(g)
        first = v.get("s0", {}).get("location") if i == 1 else None
        if first in events and len(events) > 1:
            events = [loc for loc in events if loc != first]
        key = f"s{i}"
        if key not in v and ask(g, f, key, deciders(g, f),
                                f"Organizing Worker's Militia: place sniper {i + 1} of 2"
                                + (" in a location with an event" if events else " anywhere (no event on the board)")
                                + ".",
                                location_options(events or LOCATION_IDS)) == WAITING:
            return WAITING
        f["step"] += 1
        ops.place_units(g, v[key]["location"], "snipers", 1)
    return FINISHED


@effect("h15")
def march_of_the_bloodied_flag(g, f):
    """One Revolutionary (team's choice) draws a card per active fighter in their location (max 3)."""
    v = f["vars"]
    revs = ops.rev_seats(g)
    if "seat" not in v and ask(g, f, "seat", deciders(g, f), "March of the Bloodied Flag: who draws a card "
                                                            "for each active fighter in their location?",
                               seat_options(revs)) == WAITING:
        return WAITING
    seat = v["seat"]["seat"]
    n = min(3, len(ops.active_fighters(g, g.s["positions"][seat])))
    if not n or not ops.draw_rev_cards(g, seat, n, " (March of the Bloodied Flag)"):
        ops.log(g, f"{seat} draws no card (March of the Bloodied Flag).", refs=[seat])
    return FINISHED


@effect("h16")
def soviets_stationed_at_the_parliament(g, f):
    """A Soviet tank and a sniper on Kossuth Square; H#9 resolved: the Soviet commander may place
    one more tank in a reinforcement location."""
    v = f["vars"]
    if f["step"] == 0:
        f["step"] = 1
        if not ops.place_units(g, "kossuth", "soviet_tanks", 1):
            ops.log(g, "No Soviet tank is left in the supply to place.")
        if not ops.place_units(g, "kossuth", "snipers", 1):
            ops.log(g, "No sniper is left in the supply to place.")
    if "h09" not in g.s["marks"] or room(g, "soviet_tanks") <= 0:
        return FINISHED
    if "loc" not in v and ask(g, f, "loc", deciders(g, f),
                              "Soviets stationed at the Parliament (Georgy Zhukov orders entry resolved): place one "
                              "more Soviet tank in Csepel, Széna Square or HWPP Headquarters, or decline.",
                              location_options(REINFORCEMENT) + [DONE]) == WAITING:
        return WAITING
    if v["loc"]["type"] == "choose_location":
        ops.place_units(g, v["loc"]["location"], "soviet_tanks", 1)
    return FINISHED


@effect("h17")
def sympathetic_soviets(g, f):
    """The team removes up to one Soviet tank from any location (removed, not destroyed)."""
    v = f["vars"]
    locs = [loc for loc in LOCATION_IDS if g.s["locations"][loc]["soviet_tanks"]]
    if not locs:
        ops.log(g, "Sympathetic Soviets: no Soviet tank is on the board.")
        return FINISHED
    if "loc" not in v and ask(g, f, "loc", deciders(g, f),
                              "Sympathetic Soviets: remove a Soviet tank from a location (no morale shift), or decline.",
                              location_options(locs) + [DONE]) == WAITING:
        return WAITING
    if v["loc"]["type"] == "choose_location":
        loc = v["loc"]["location"]
        ops.remove_units(g, loc, "soviet_tanks", 1)
        ops.log(g, f"Sympathetic Soviets: a Soviet tank leaves {ops.name_of_loc(loc)} (not destroyed: morale "
                   f"does not shift).", refs=[loc])
    return FINISHED


@effect("h18")
def retake_the_radio(g, f):
    """A Soviet tank on the Radio; every Soviet tank there fires (through a barricade, only at a target)."""
    if f["step"] == 0:
        f["step"] = 1
        if not ops.place_units(g, "radio", "soviet_tanks", 1):
            ops.log(g, "No Soviet tank is left in the supply to place.")
        if tanks_fire(g, "radio", "Retake the Radio"):
            return WAITING
    return FINISHED


@effect("h19")
def soviet_units_confused(g, f):
    """One militia leaves every location with a Soviet tank (only one, however many tanks)."""
    removed = 0
    for loc in LOCATION_IDS:
        here = g.s["locations"][loc]
        if here["soviet_tanks"] and here["militia"]:
            removed += ops.remove_units(g, loc, "militia", 1)
    if not removed:
        ops.log(g, "Soviet units confused: no militia stands with a Soviet tank.")
    return FINISHED


@effect("h20")
def pal_maleter_expels_civilians(g, f):
    """Every active fighter leaves Corvin Passage; inactive fighters, revolutionary tanks and
    barricades stay."""
    gone = [fid for fid in g.s["locations"]["corvin"]["active"] if not fid.startswith("rt_")]
    for fid in gone:
        ops.remove_fighter(g, "corvin", fid, " (Pál Maléter expels civilians from Kilián Barracks)")
    if not gone:
        ops.log(g, "Pál Maléter expels civilians: no active fighter is in Corvin Passage.")
    return FINISHED


@effect("h21")
def polish_aid(g, f):
    """One Revolutionary (team's choice) draws 2 cards; H#8 resolved: one Revolutionary removes an
    injury from themselves or draws a card."""
    v = f["vars"]
    revs = ops.rev_seats(g)
    if "seat" not in v and ask(g, f, "seat", deciders(g, f), "Polish Aid: who draws 2 cards?", seat_options(revs)) == WAITING:
        return WAITING
    if f["step"] == 0:
        f["step"] = 1
        seat = v["seat"]["seat"]
        if not ops.draw_rev_cards(g, seat, 2, " (Polish Aid)"):
            ops.log(g, f"{seat} draws no card (Polish Aid).", refs=[seat])
    if "h08" not in g.s["marks"]:
        return FINISHED
    opts = []
    for s in revs:
        if g.s["injuries"][s] > 0:
            opts.append({"type": "choose", "option": "heal", "seat": s})
        if ops.hand_room(g, s) > 0 and (g.s["rev_deck"] or g.s["rev_discard"]):
            opts.append({"type": "choose", "option": "draw", "seat": s})
    if "bonus" not in v and ask(g, f, "bonus", deciders(g, f),
                                "Polish Aid (Protests in Poland resolved): one Revolutionary removes an injury "
                                "from themselves or draws a card.", opts) == WAITING:
        return WAITING
    pick = v["bonus"]
    if pick is None:
        ops.log(g, "Polish Aid: nobody can remove an injury or draw a card.")
    elif pick["option"] == "heal":
        ops.heal(g, pick["seat"])
    else:
        ops.draw_rev_cards(g, pick["seat"], 1, " (Polish Aid, Protests in Poland resolved)")
    return FINISHED


@effect("h22")
def john_dulles_calls_un_security_council(g, f):
    """Shift morale toward the Hungarian end."""
    ops.shift_morale(g, +1, "John Dulles calls UN Security Council")
    return FINISHED


@effect("h24")
def offer_of_amnesty(g, f):
    """The Soviet commander chooses: remove one active fighter (revolutionary tanks count), or move
    every Soviet tank one step toward the nearest event (tanks on an event or behind a barricade stay)."""
    v = f["vars"]
    if "mode" not in v:
        modes = []
        if fighter_options(g):
            modes.append({"type": "choose", "option": "remove_fighter"})
        if amnesty_movers(g):
            modes.append({"type": "choose", "option": "move_tanks"})
        if ask(g, f, "mode", deciders(g, f), "Offer of amnesty: remove one active fighter, or move every Soviet "
                                             "tank one step toward the nearest event?", modes) == WAITING:
            return WAITING
    mode = v["mode"]
    if mode is None:
        ops.log(g, "Offer of amnesty: no active fighter to remove and no Soviet tank to move; nothing happens.")
        return FINISHED
    if mode["option"] == "remove_fighter":
        if "fighter" not in v and ask(g, f, "fighter", deciders(g, f), "Offer of amnesty: remove which active fighter?",
                                      fighter_options(g)) == WAITING:
            return WAITING
        pick = v["fighter"]
        ops.remove_fighter(g, pick["location"], pick["fighter"], " (Offer of amnesty)")
        return FINISHED
    if f["step"] == 0:
        f["step"] = 1
        v["queue"] = amnesty_movers(g)
        v["i"] = 0
    return step_queued_tanks(g, f, "Offer of amnesty")


@effect("h25")
def local_party_leader_shot(g, f):
    """The Soviet commander names an icon before any hand is revealed; each Revolutionary reveals
    their hand and discards every card showing it (all of it public)."""
    v = f["vars"]
    if "icon" not in v and ask(g, f, "icon", deciders(g, f), "Local Party leader shot: name a resource icon.",
                               [{"type": "choose", "option": icon} for icon in ICONS]) == WAITING:
        return WAITING
    icon = v["icon"]["option"]
    ops.log(g, f"Local Party leader shot: the Soviet commander names {icon}.")
    for seat in ops.rev_seats(g):
        hand = list(g.s["hands"][seat])
        shown = ", ".join(name_of(c) for c in hand) or "no cards"
        hit = [c for c in hand if icon in REV_CARD[c]["icons"]]
        for c in hit:
            ops.discard_rev_card(g, seat, c)
        lost = ", ".join(name_of(c) for c in hit) or "nothing"
        ops.log(g, f"{seat} reveals their hand ({shown}) and discards {lost}.", refs=[seat] + hit)
    ops.checkpoint(g, "reveal")  # hidden information was revealed: no undo across it
    return FINISHED


@effect("h26")
def radio_free_europe(g, f):
    """Morale toward the Hungarian end; each Revolutionary with an active fighter (revolutionary
    tanks count) in their location draws one card."""
    ops.shift_morale(g, +1, "Radio Free Europe")
    for seat in ops.rev_seats(g):
        if ops.active_fighters(g, g.s["positions"][seat]):
            if not ops.draw_rev_cards(g, seat, 1, " (Radio Free Europe)"):
                ops.log(g, f"{seat} draws no card (Radio Free Europe).", refs=[seat])
    return FINISHED


@effect("h27")
def fighters_with_heavy_weaponry(g, f):
    """Lapsing: every Resolve an event and Destroy a tank action today collects one extra molotov."""
    ops.add_bonus_icon(g, "molotov", ("resolve_event", "destroy_tank"), "h27")
    ops.log(g, "Fighters with heavy weaponry: every Resolve an event and Destroy a tank action collects one more "
               "molotov today.")
    return FINISHED


@effect("h28")
def cia_asset_in_budapest(g, f):
    """Morale toward the Soviet end; H#1 resolved: support toward the Soviet end; H#29 resolved:
    support toward the Hungarian end."""
    ops.shift_morale(g, -1, "CIA asset in Budapest")
    if "h01" in g.s["marks"]:
        ops.shift_support(g, +1, "CIA asset in Budapest, Popular support (H#1) resolved")
    if "h29" in g.s["marks"]:
        ops.shift_support(g, -1, "CIA asset in Budapest, Popular support (H#29) resolved")
    return FINISHED


@effect("h30")
def bloodbath_in_the_countryside(g, f):
    """A Soviet tank on an event (anywhere with no event: Appendix D's Z#8 of the same title); H#5
    resolved: the Soviet commander removes one active fighter or revolutionary tank."""
    v = f["vars"]
    if f["step"] == 0 and room(g, "soviet_tanks") > 0:
        events = event_locations(g)
        if "tank" not in v and ask(g, f, "tank", deciders(g, f),
                                   "Bloodbath in the countryside: place a Soviet tank in a location with an event"
                                   + ("." if events else " (no event is on the board: any location)."),
                                   location_options(events or LOCATION_IDS)) == WAITING:
            return WAITING
        ops.place_units(g, v["tank"]["location"], "soviet_tanks", 1)
    elif f["step"] == 0:
        ops.log(g, "Bloodbath in the countryside: no Soviet tank is left in the supply to place.")
    f["step"] = 1
    if "h05" not in g.s["marks"]:
        return FINISHED
    if "fighter" not in v and ask(g, f, "fighter", deciders(g, f),
                                  "Bloodbath in the countryside (Ernő Gerő requests intervention resolved): remove "
                                  "an active fighter or revolutionary tank.", fighter_options(g)) == WAITING:
        return WAITING
    pick = v["fighter"]
    if pick:
        ops.remove_fighter(g, pick["location"], pick["fighter"], " (Bloodbath in the countryside)")
    else:
        ops.log(g, "Bloodbath in the countryside: no active fighter is on the board.")
    return FINISHED


FIVE_ACTIVE_FIGHTERS = 5  # H#31's condition (Appendix A: revolutionary tanks count towards it)


@effect("h31")
def hungarian_army_units_join(g, f):
    """A random revolutionary tank joins in Corvin Passage (not with 4 active fighters there); then
    with 5 or more active fighters on the board (revolutionary tanks included) morale shifts toward
    the Hungarian end."""
    ops.place_random_rev_tank(g, "corvin")
    active = sum(len(here["active"]) for here in g.s["locations"].values())
    if active >= FIVE_ACTIVE_FIGHTERS:
        ops.shift_morale(g, +1, f"Hungarian Army units join: {active} active fighters on the board")
    else:
        ops.log(g, f"Hungarian Army units join: only {active} active fighter(s) on the board; morale stays.")
    return FINISHED


# ----- Period 3: The Turning Tide ------------------------------------------------------------------
