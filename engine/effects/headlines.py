"""Headline text effects (Appendix A).

Every effect follows the protocol of `engine.effects`: it runs inside an `effect` frame `f`, keeps
its progress in f["step"] and f["vars"], asks with `ask` (one click = one action), and returns
True when finished. Red cards are executed by the Soviet commander, green ones by the
Revolutionary team (`deciders`), unless the text names who chooses.

Conventions for the choices offered here:
- {"type": "choose_location", "location": loc}, {"type": "choose_player", "seat": s};
- {"type": "choose_fighter", "fighter": fid, "location": loc} (loc None for a removed fighter);
- {"type": "choose", "option": ...} for a named option (an icon, a mode, heal/draw);
- {"type": "done"} declines an optional step ("up to", "may").
"""
from __future__ import annotations

from .. import ops
from ..board import DISTANCE, LOCATION_IDS, NEIGHBOURS, REINFORCEMENT
from ..cards import HEADLINE, REV_CARD, name_of
from ..data import ICONS
from ..frames.base import push
from ..frames.card_frames import push_forced_discard
from ..frames.choice import ask
from . import effect
from .common import deciders, location_options, seat_options

DONE = {"type": "done"}


# ----- small helpers ----------------------------------------------------------------------------
def _title(f) -> str:
    return HEADLINE[f["key"]]["title"]


def _event_locations(g) -> list[str]:
    """Locations with an event on the board (the market row never counts: Appendix A)."""
    return [loc for loc in LOCATION_IDS if g.s["locations"][loc]["event"]]


def _player_locations(g) -> list[str]:
    occupied = set(g.s["positions"].values())
    return [loc for loc in LOCATION_IDS if loc in occupied]


def _room(g, kind: str) -> int:
    return ops.CAPS[kind] - ops.on_board(g, kind)


def _fighter_options(g) -> list[dict]:
    """Every active fighter on the board, revolutionary tanks included."""
    return [{"type": "choose_fighter", "fighter": fid, "location": loc}
            for loc in LOCATION_IDS for fid in g.s["locations"][loc]["active"]]


def _open_fire(g, f) -> bool:
    """The Soviet commander chooses a location with a Revolutionary player and deals 1 hit there;
    a barricade does not prevent it (the hit may still be taken on the barricade)."""
    v = f["vars"]
    if "loc" not in v and ask(g, f, "loc", deciders(g, f),
                              f"{_title(f)}: choose a location with a Revolutionary player to take 1 hit.",
                              location_options(_player_locations(g))):
        return False
    if f["step"] == 0:
        f["step"] = 1
        if v["loc"]:
            loc = v["loc"]["location"]
            ops.log(g, f"{_title(f)}: 1 hit to {ops.name_of_loc(loc)}.", refs=[loc])
            ops.push_hits(g, loc, 1, _title(f))
            return False
    return True


def _fire_in_turn(g, f, why: str) -> bool:
    """Make the Soviet tanks fire in each location of v["fire"] in turn (through barricades);
    returns True when every location has fired."""
    v = f["vars"]
    while v["fire"]:
        loc = v["fire"].pop(0)
        if ops.tanks_fire(g, loc, why, through_barricade=True):
            return False
    return True


def _popular_support(g, f) -> bool:
    ops.shift_support(g, -1, "Popular support")
    return True


# ----- Period 1: Day of the Revolution ------------------------------------------------------------
@effect("h01", "h29")
def popular_support(g, f):
    """Shift support toward the Hungarian end."""
    return _popular_support(g, f)


@effect("h02")
def national_song_read_at_bem_statue(g, f):
    """The team activates one inactive fighter at Bem Statue, Kossuth Square or Stalin Square."""
    v = f["vars"]
    locs = [loc for loc in ("bem", "kossuth", "stalin")
            if g.s["locations"][loc]["inactive"] and ops.fighter_room(g, loc) > 0]
    if "loc" not in v and ask(g, f, "loc", deciders(g, f),
                              "National Song read at Bem Statue: activate a fighter where?",
                              location_options(locs)):
        return False
    if not v["loc"]:
        ops.log(g, "National Song read at Bem Statue: no fighter can be activated at Bem Statue, "
                   "Kossuth Square or Stalin Square; nothing happens.")
        return True
    ops.activate_fighter(g, v["loc"]["location"])
    return True


@effect("h03")
def peter_veres_reads_manifesto(g, f):
    """Each Revolutionary may take one free movement step with up to 3 active fighters, or stay."""
    v = f["vars"]
    seats = ops.rev_seats(g)
    while f["step"] < len(seats):
        seat = seats[f["step"]]
        key = f"to_{seat}"
        here = g.s["positions"][seat]
        if key not in v:
            opts = location_options(NEIGHBOURS[here]) + [{"type": "choose", "option": "stay"}]
            if ask(g, f, key, [seat], f"Péter Veres reads Manifesto: {seat}, move to an adjacent location "
                                      f"(free, up to 3 active fighters along) or stay in place.", opts):
                return False
        f["step"] += 1
        pick = v[key]
        if pick and pick["type"] == "choose_location":
            push(g, {"kind": "move", "seat": seat, "from": here, "to": pick["location"], "free": True,
                     "pay": None, "fighters": [], "max_fighters": 3, "source": "effect"})
            return False
        ops.log(g, f"{seat} stays in {ops.name_of_loc(here)} (Péter Veres reads Manifesto).", refs=[seat, here])
    return True


@effect("h04", "h23", "h42")
def authorities_open_fire_on_the_crowd(g, f):
    return _open_fire(g, f)


@effect("h05")
def erno_gero_requests_intervention(g, f):
    """Place a Soviet tank in a location with an event; every Soviet tank there fires."""
    v = f["vars"]
    if f["step"] == 0:
        if "loc" not in v and ask(g, f, "loc", deciders(g, f),
                                  "Ernő Gerő requests intervention: place a Soviet tank in a location with an event.",
                                  location_options(_event_locations(g))):
            return False
        f["step"] = 1
        if not v["loc"]:
            ops.log(g, "Ernő Gerő requests intervention: no event is on the board; nothing happens.")
            return True
        loc = v["loc"]["location"]
        if not ops.place_units(g, loc, "soviet_tanks", 1):
            ops.log(g, "No Soviet tank is left in the supply to place.")
        if ops.tanks_fire(g, loc, "Ernő Gerő requests intervention"):
            return False
    return True


@effect("h06")
def antal_apro_orders_arrest(g, f):
    """Place one sniper in a location with an event."""
    v = f["vars"]
    events = _event_locations(g)
    if not events or _room(g, "snipers") <= 0:
        ops.log(g, "Antal Apró orders arrest: " + ("no event is on the board" if not events
                                                    else "no sniper is left in the supply") + "; nothing happens.")
        return True
    if "loc" not in v and ask(g, f, "loc", deciders(g, f),
                              "Antal Apró orders arrest of the \"fascist mob\": place a sniper in a location with an event.",
                              location_options(events)):
        return False
    ops.place_units(g, v["loc"]["location"], "snipers", 1)
    return True


@effect("h07")
def imre_nagy_appointed(g, f):
    """One Revolutionary with 8 or fewer cards (team's choice) draws 2 cards."""
    v = f["vars"]
    eligible = [s for s in ops.rev_seats(g) if len(g.s["hands"][s]) <= 8 and ops.hand_room(g, s) > 0]
    if "seat" not in v and ask(g, f, "seat", deciders(g, f), "Imre Nagy appointed: who draws 2 cards?",
                               seat_options(eligible)):
        return False
    if not v["seat"]:
        ops.log(g, "Imre Nagy appointed: every Revolutionary holds 9 or 10 cards; nothing happens.")
        return True
    ops.draw_rev_cards(g, v["seat"]["seat"], 2, " (Imre Nagy appointed)")
    return True


@effect("h08")
def protests_in_poland(g, f):
    """Each Revolutionary draws one card (none above the hand limit)."""
    for seat in ops.rev_seats(g):
        if not ops.draw_rev_cards(g, seat, 1, " (Protests in Poland)"):
            ops.log(g, f"{seat} draws no card (Protests in Poland).", refs=[seat])
    return True


@effect("h09")
def georgy_zhukov_orders_entry(g, f):
    """Place 2 Soviet tanks on events (one location or two); with no event, in 2 different locations."""
    v = f["vars"]
    while f["step"] < 2:
        i = f["step"]
        if _room(g, "soviet_tanks") <= 0:
            ops.log(g, "No Soviet tank is left in the supply to place.")
            break
        key = f"t{i}"
        events = _event_locations(g)
        if events:
            locs = events
        else:
            taken = v["t0"]["location"] if i == 1 and v.get("t0") else None
            locs = [loc for loc in LOCATION_IDS if loc != taken]
        if key not in v and ask(g, f, key, deciders(g, f),
                                f"Georgy Zhukov orders entry into Budapest: place Soviet tank {i + 1} of 2"
                                + (" in a location with an event." if events else " (no event on the board: "
                                   "two different locations)."),
                                location_options(locs)):
            return False
        f["step"] += 1
        ops.place_units(g, v[key]["location"], "soviet_tanks", 1)
    return True


@effect("h10")
def first_speech_of_imre_nagy(g, f):
    """Each Revolutionary discards one card of their choice (an empty hand is unaffected)."""
    if f["step"] == 0:
        f["step"] = 1
        pushed = False
        for seat in reversed(ops.rev_seats(g)):
            if g.s["hands"][seat]:
                push_forced_discard(g, seat, 1, "First speech of Imre Nagy")
                pushed = True
            else:
                ops.log(g, f"{seat} has no card to discard (First speech of Imre Nagy).", refs=[seat])
        return not pushed
    return True


@effect("h11")
def crowd_burns_propaganda(g, f):
    """Shift support toward the Soviet end; if it is already at the Soviet end, nothing happens."""
    ops.shift_support(g, +1, "Crowd burns propaganda")
    return True


# ----- Period 2: Armed Uprising -------------------------------------------------------------------
def _one_less_action(g, f, title: str) -> bool:
    """The Soviet commander chooses a Revolutionary who has one less action today. Returns False
    while waiting for the choice."""
    v = f["vars"]
    if "seat" not in v and ask(g, f, "seat", deciders(g, f), f"{title}: choose the Revolutionary player "
                                                            f"who has one less action today.",
                               seat_options(ops.rev_seats(g))):
        return False
    if f["step"] == 0:
        f["step"] = 1
        seat = v["seat"]["seat"]
        fewer = g.s["today"]["fewer_actions"]
        fewer[seat] = fewer.get(seat, 0) + 1
        ops.log(g, f"{seat} has one less action today ({title}).", refs=[seat])
    return True


@effect("h12")
def curfew(g, f):
    """Lapsing: one Revolutionary has one less action today; H#10 resolved: morale shifts too."""
    first = f["step"] == 0
    if not _one_less_action(g, f, "Curfew"):
        return False
    if first and "h10" in g.s["marks"]:
        ops.shift_morale(g, -1, "Curfew, First speech of Imre Nagy resolved")
    return True


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
    return _fire_in_turn(g, f, "News blockade in Romania")


@effect("h14")
def organizing_workers_militia(g, f):
    """Place up to 2 snipers on events (one location or two); with no event, anywhere."""
    v = f["vars"]
    while f["step"] < 2:
        i = f["step"]
        if _room(g, "snipers") <= 0:
            ops.log(g, "No sniper is left in the supply to place.")
            break
        events = _event_locations(g)
        key = f"s{i}"
        if key not in v and ask(g, f, key, deciders(g, f),
                                f"Organizing Worker's Militia: place sniper {i + 1} of up to 2"
                                + (" in a location with an event" if events else " anywhere (no event on the board)")
                                + ", or stop.",
                                location_options(events or LOCATION_IDS) + [DONE]):
            return False
        f["step"] += 1
        if v[key]["type"] != "choose_location":
            break
        ops.place_units(g, v[key]["location"], "snipers", 1)
    return True


@effect("h15")
def march_of_the_bloodied_flag(g, f):
    """One Revolutionary (team's choice) draws a card per active fighter in their location (max 3)."""
    v = f["vars"]
    revs = ops.rev_seats(g)
    if "seat" not in v and ask(g, f, "seat", deciders(g, f), "March of the Bloodied Flag: who draws a card "
                                                            "for each active fighter in their location?",
                               seat_options(revs)):
        return False
    seat = v["seat"]["seat"]
    n = min(3, len(ops.active_fighters(g, g.s["positions"][seat])))
    if not n or not ops.draw_rev_cards(g, seat, n, " (March of the Bloodied Flag)"):
        ops.log(g, f"{seat} draws no card (March of the Bloodied Flag).", refs=[seat])
    return True


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
    if "h09" not in g.s["marks"] or _room(g, "soviet_tanks") <= 0:
        return True
    if "loc" not in v and ask(g, f, "loc", deciders(g, f),
                              "Soviets stationed at the Parliament (Georgy Zhukov orders entry resolved): place one "
                              "more Soviet tank in Csepel, Széna Square or HWPP Headquarters, or decline.",
                              location_options(REINFORCEMENT) + [DONE]):
        return False
    if v["loc"]["type"] == "choose_location":
        ops.place_units(g, v["loc"]["location"], "soviet_tanks", 1)
    return True


@effect("h17")
def sympathetic_soviets(g, f):
    """The team removes up to one Soviet tank from any location (removed, not destroyed)."""
    v = f["vars"]
    locs = [loc for loc in LOCATION_IDS if g.s["locations"][loc]["soviet_tanks"]]
    if not locs:
        ops.log(g, "Sympathetic Soviets: no Soviet tank is on the board.")
        return True
    if "loc" not in v and ask(g, f, "loc", deciders(g, f),
                              "Sympathetic Soviets: remove a Soviet tank from a location (no morale shift), or decline.",
                              location_options(locs) + [DONE]):
        return False
    if v["loc"]["type"] == "choose_location":
        loc = v["loc"]["location"]
        ops.remove_units(g, loc, "soviet_tanks", 1)
        ops.log(g, f"Sympathetic Soviets: a Soviet tank leaves {ops.name_of_loc(loc)} (not destroyed: morale "
                   f"does not shift).", refs=[loc])
    return True


@effect("h18")
def retake_the_radio(g, f):
    """A Soviet tank on the Radio; every Soviet tank there fires (through a barricade, only at a target)."""
    if f["step"] == 0:
        f["step"] = 1
        if not ops.place_units(g, "radio", "soviet_tanks", 1):
            ops.log(g, "No Soviet tank is left in the supply to place.")
        if ops.tanks_fire(g, "radio", "Retake the Radio"):
            return False
    return True


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
    return True


@effect("h20")
def pal_maleter_expels_civilians(g, f):
    """Every active fighter leaves Corvin Passage; inactive fighters, revolutionary tanks and
    barricades stay."""
    gone = [fid for fid in g.s["locations"]["corvin"]["active"] if not fid.startswith("rt_")]
    for fid in gone:
        ops.remove_fighter(g, "corvin", fid, " (Pál Maléter expels civilians from Kilián Barracks)")
    if not gone:
        ops.log(g, "Pál Maléter expels civilians: no active fighter is in Corvin Passage.")
    return True


@effect("h21")
def polish_aid(g, f):
    """One Revolutionary (team's choice) draws 2 cards; H#8 resolved: one Revolutionary removes an
    injury from themselves or draws a card."""
    v = f["vars"]
    revs = ops.rev_seats(g)
    if "seat" not in v and ask(g, f, "seat", deciders(g, f), "Polish Aid: who draws 2 cards?", seat_options(revs)):
        return False
    if f["step"] == 0:
        f["step"] = 1
        seat = v["seat"]["seat"]
        if not ops.draw_rev_cards(g, seat, 2, " (Polish Aid)"):
            ops.log(g, f"{seat} draws no card (Polish Aid).", refs=[seat])
    if "h08" not in g.s["marks"]:
        return True
    opts = []
    for s in revs:
        if g.s["injuries"][s] > 0:
            opts.append({"type": "choose", "option": "heal", "seat": s})
        if ops.hand_room(g, s) > 0 and (g.s["rev_deck"] or g.s["rev_discard"]):
            opts.append({"type": "choose", "option": "draw", "seat": s})
    if "bonus" not in v and ask(g, f, "bonus", deciders(g, f),
                                "Polish Aid (Protests in Poland resolved): one Revolutionary removes an injury "
                                "from themselves or draws a card.", opts):
        return False
    pick = v["bonus"]
    if pick is None:
        ops.log(g, "Polish Aid: nobody can remove an injury or draw a card.")
    elif pick["option"] == "heal":
        ops.heal(g, pick["seat"])
    else:
        ops.draw_rev_cards(g, pick["seat"], 1, " (Polish Aid, Protests in Poland resolved)")
    return True


@effect("h22")
def john_dulles_calls_un_security_council(g, f):
    """Shift morale toward the Hungarian end."""
    ops.shift_morale(g, +1, "John Dulles calls UN Security Council")
    return True


def _tank_steps(g, src: str, events: list[str]) -> list[str]:
    """Adjacent locations one step nearer to the nearest event(s) from `src`."""
    d = min(DISTANCE[src][e] for e in events)
    targets = [e for e in events if DISTANCE[src][e] == d]
    return [n for n in NEIGHBOURS[src] if any(DISTANCE[n][t] == d - 1 for t in targets)]


def _amnesty_movers(g) -> list[str]:
    """One entry per Soviet tank that moves: not on an event, not in a barricaded location."""
    events = _event_locations(g)
    if not events:
        return []
    out = []
    for loc in LOCATION_IDS:
        here = g.s["locations"][loc]
        if here["soviet_tanks"] and not here["event"] and not ops.has_barricade(g, loc):
            out += [loc] * here["soviet_tanks"]
    return out


@effect("h24")
def offer_of_amnesty(g, f):
    """The Soviet commander chooses: remove one active fighter (revolutionary tanks count), or move
    every Soviet tank one step toward the nearest event (tanks on an event or behind a barricade stay)."""
    v = f["vars"]
    if "mode" not in v:
        modes = []
        if _fighter_options(g):
            modes.append({"type": "choose", "option": "remove_fighter"})
        if _amnesty_movers(g):
            modes.append({"type": "choose", "option": "move_tanks"})
        if ask(g, f, "mode", deciders(g, f), "Offer of amnesty: remove one active fighter, or move every Soviet "
                                             "tank one step toward the nearest event?", modes):
            return False
    mode = v["mode"]
    if mode is None:
        ops.log(g, "Offer of amnesty: no active fighter to remove and no Soviet tank to move; nothing happens.")
        return True
    if mode["option"] == "remove_fighter":
        if "fighter" not in v and ask(g, f, "fighter", deciders(g, f), "Offer of amnesty: remove which active fighter?",
                                      _fighter_options(g)):
            return False
        pick = v["fighter"]
        ops.remove_fighter(g, pick["location"], pick["fighter"], " (Offer of amnesty)")
        return True
    if f["step"] == 0:
        f["step"] = 1
        v["queue"] = _amnesty_movers(g)
        v["i"] = 0
    events = _event_locations(g)
    while v["i"] < len(v["queue"]):
        i = v["i"]
        src = v["queue"][i]
        key = f"m{i}"
        if key not in v and ask(g, f, key, deciders(g, f),
                                f"Offer of amnesty: the nearest events are equally near; move a Soviet tank from "
                                f"{ops.name_of_loc(src)} toward which?", location_options(_tank_steps(g, src, events))):
            return False
        v["i"] += 1
        ops.move_units(g, src, v[key]["location"], "soviet_tanks", 1)
    return True


@effect("h25")
def local_party_leader_shot(g, f):
    """The Soviet commander names an icon before any hand is revealed; each Revolutionary reveals
    their hand and discards every card showing it (all of it public)."""
    v = f["vars"]
    if "icon" not in v and ask(g, f, "icon", deciders(g, f), "Local Party leader shot: name a resource icon.",
                               [{"type": "choose", "option": icon} for icon in ICONS]):
        return False
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
    g.s["checkpoint"] = True  # hidden information was revealed: no undo across it
    return True


@effect("h26")
def radio_free_europe(g, f):
    """Morale toward the Hungarian end; each Revolutionary with an active fighter (revolutionary
    tanks count) in their location draws one card."""
    ops.shift_morale(g, +1, "Radio Free Europe")
    for seat in ops.rev_seats(g):
        if ops.active_fighters(g, g.s["positions"][seat]):
            if not ops.draw_rev_cards(g, seat, 1, " (Radio Free Europe)"):
                ops.log(g, f"{seat} draws no card (Radio Free Europe).", refs=[seat])
    return True


@effect("h27")
def fighters_with_heavy_weaponry(g, f):
    """Lapsing: every Resolve an event and Destroy a tank action today collects one extra molotov."""
    ops.add_bonus_icon(g, "molotov", ("resolve_event", "destroy_tank"), "h27")
    ops.log(g, "Fighters with heavy weaponry: every Resolve an event and Destroy a tank action collects one more "
               "molotov today.")
    return True


@effect("h28")
def cia_asset_in_budapest(g, f):
    """Morale toward the Soviet end; H#1 resolved: support toward the Soviet end; H#29 resolved:
    support toward the Hungarian end."""
    ops.shift_morale(g, -1, "CIA asset in Budapest")
    if "h01" in g.s["marks"]:
        ops.shift_support(g, +1, "CIA asset in Budapest, Popular support (H#1) resolved")
    if "h29" in g.s["marks"]:
        ops.shift_support(g, -1, "CIA asset in Budapest, Popular support (H#29) resolved")
    return True


@effect("h30")
def bloodbath_in_the_countryside(g, f):
    """Morale toward the Soviet end; H#5 resolved: the Soviet commander removes one active fighter
    or revolutionary tank."""
    v = f["vars"]
    if f["step"] == 0:
        f["step"] = 1
        ops.shift_morale(g, -1, "Bloodbath in the countryside")
    if "h05" not in g.s["marks"]:
        return True
    if "fighter" not in v and ask(g, f, "fighter", deciders(g, f),
                                  "Bloodbath in the countryside (Ernő Gerő requests intervention resolved): remove "
                                  "an active fighter or revolutionary tank.", _fighter_options(g)):
        return False
    pick = v["fighter"]
    if pick:
        ops.remove_fighter(g, pick["location"], pick["fighter"], " (Bloodbath in the countryside)")
    else:
        ops.log(g, "Bloodbath in the countryside: no active fighter is on the board.")
    return True


@effect("h31")
def hungarian_army_units_join(g, f):
    """A random revolutionary tank joins in Corvin Passage (not with 4 active fighters there)."""
    ops.place_random_rev_tank(g, "corvin")
    return True


# ----- Period 3: The Turning Tide ------------------------------------------------------------------
@effect("h32")
def political_prisoners_released(g, f):
    """The team returns a removed fighter (never a revolutionary tank), active, to the location of
    a Revolutionary with fewer than 4 active fighters."""
    v = f["vars"]
    removed = list(g.s["fighters_removed"])
    locs = [loc for loc in _player_locations(g) if ops.fighter_room(g, loc) > 0]
    if not removed or not locs:
        ops.log(g, "Political prisoners released: " + ("no fighter has been removed" if not removed
                                                       else "every Revolutionary's location has 4 active fighters")
                + "; nothing happens.")
        return True
    if "fighter" not in v and ask(g, f, "fighter", deciders(g, f), "Political prisoners released: which removed "
                                                                  "fighter returns?",
                                  [{"type": "choose_fighter", "fighter": fid, "location": None} for fid in removed]):
        return False
    if "loc" not in v and ask(g, f, "loc", deciders(g, f), "Political prisoners released: the fighter joins, active, "
                                                          "in which Revolutionary's location?",
                              location_options(locs)):
        return False
    fid, loc = v["fighter"]["fighter"], v["loc"]["location"]
    g.s["fighters_removed"].remove(fid)
    g.s["locations"][loc]["active"].append(fid)
    ops.log(g, f"{name_of(fid)} is released and joins, active, in {ops.name_of_loc(loc)} (Political prisoners "
               f"released).", refs=[fid, loc])
    return True


@effect("h33")
def spa_dissolved(g, f):
    """The team moves up to 3 militia and/or snipers one step each (never out of a barricaded
    location); then support toward the Hungarian end."""
    v = f["vars"]
    arrived = v.setdefault("arrived", {})
    while f["step"] < 3:
        i = f["step"]
        key = f"m{i}"
        if key not in v:
            opts = []
            for loc in LOCATION_IDS:
                if ops.has_barricade(g, loc):
                    continue
                for kind in ("militia", "snipers"):
                    if g.s["locations"][loc][kind] - arrived.get(f"{loc}:{kind}", 0) > 0:
                        opts += [{"type": "move_unit", "unit": kind, "from": loc, "to": n} for n in NEIGHBOURS[loc]]
            if not opts:
                break
            if ask(g, f, key, deciders(g, f), f"SPA dissolved: move a militia or sniper one step ({i} of up to 3 "
                                              f"moved), or stop.", opts + [DONE]):
                return False
        pick = v[key]
        f["step"] += 1
        if pick["type"] != "move_unit":
            break
        ops.move_units(g, pick["from"], pick["to"], pick["unit"], 1)
        k = f"{pick['to']}:{pick['unit']}"
        arrived[k] = arrived.get(k, 0) + 1
    ops.shift_support(g, -1, "SPA dissolved")
    f["step"] = 3
    return True


@effect("h34")
def national_guard_begins_organization(g, f):
    """Remove one militia from Csepel, then a random revolutionary tank joins on Kossuth Square."""
    ops.remove_units(g, "csepel", "militia", 1)
    ops.place_random_rev_tank(g, "kossuth")
    return True


@effect("h35")
def polish_fact_finding_mission(g, f):
    """Lapsing: one Revolutionary (team's choice) draws a card; H#8 resolved: Aid cards give all
    their icons for Resolve an event today."""
    v = f["vars"]
    if "seat" not in v and ask(g, f, "seat", deciders(g, f), "Polish fact-finding mission: who draws a card?",
                               seat_options(ops.rev_seats(g))):
        return False
    seat = v["seat"]["seat"]
    if not ops.draw_rev_cards(g, seat, 1, " (Polish fact-finding mission)"):
        ops.log(g, f"{seat} draws no card (Polish fact-finding mission).", refs=[seat])
    if "h08" in g.s["marks"]:
        g.s["today"]["aid_full"] = True
        ops.log(g, "Polish fact-finding mission (Protests in Poland resolved): today an Aid card discarded to resolve "
                   "an event gives all three of its icons.")
    return True


@effect("h36")
def pal_maleter_aids_the_revolution(g, f):
    """A random revolutionary tank joins in Corvin Passage; one Revolutionary (the team's choice)
    takes one more action this day (lapsing)."""
    v = f["vars"]
    if f["step"] == 0:
        f["step"] = 1
        ops.place_random_rev_tank(g, "corvin")
    if "seat" not in v and ask(g, f, "seat", ops.rev_seats(g),
                               "Pál Maléter aids the revolution: who takes one more action today?",
                               seat_options(ops.rev_seats(g))):
        return False
    seat = v["seat"]["seat"] if v["seat"] else ops.rev_seats(g)[0]
    extra = g.s["today"]["extra_actions"]
    extra[seat] = extra.get(seat, 0) + 1
    ops.log(g, f"{seat} will take one more action today (Pál Maléter aids the revolution).", refs=[seat])
    return True


@effect("h37")
def party_leaders_flee_the_country(g, f):
    """The Soviet commander draws a headline (The Turning Tide deck if possible) and may play it now."""
    if ops.draw_headline(g, ("3", "2", "1")) is None:
        ops.log(g, "Party leaders flee the country: every headline deck is empty; no card is drawn.")
    else:
        ops.log(g, "Party leaders flee the country: the Soviet commander may play the new headline in this step.")
    return True


@effect("h38")
def news_from_suez(g, f):
    """Every SPA card in the discard queue returns to the pool; morale toward the Soviet end."""
    back = list(g.s["spa_queue"])
    g.s["spa_queue"].clear()
    g.s["spa_pool"].extend(back)
    if back:
        ops.log(g, f"News from Suez: {', '.join(name_of(c) for c in back)} return(s) to the SPA pool.", refs=back)
    else:
        ops.log(g, "News from Suez: the SPA discard queue is empty.")
    ops.shift_morale(g, -1, "News from Suez")
    return True


@effect("h39")
def truce_betrayed(g, f):
    """Each Soviet tank may move one step (never out of a barricaded location); then every Soviet
    tank in a location with an event fires, even through a barricade."""
    v = f["vars"]
    arrived = v.setdefault("arrived", {})
    while f["step"] == 0:
        n = v.setdefault("n", 0)
        key = f"m{n}"
        if key not in v:
            opts = []
            for loc in LOCATION_IDS:
                here = g.s["locations"][loc]
                if here["soviet_tanks"] - arrived.get(loc, 0) > 0 and not ops.has_barricade(g, loc):
                    opts += [{"type": "move_tank", "from": loc, "to": nb} for nb in NEIGHBOURS[loc]]
            if not opts:
                f["step"] = 1
                break
            if ask(g, f, key, deciders(g, f), "Truce betrayed: move a Soviet tank to an adjacent location (each tank "
                                              "at most once), or confirm to open fire.", opts + [DONE]):
                return False
        pick = v[key]
        v["n"] = n + 1
        if pick["type"] != "move_tank":
            f["step"] = 1
            break
        ops.move_units(g, pick["from"], pick["to"], "soviet_tanks", 1)
        arrived[pick["to"]] = arrived.get(pick["to"], 0) + 1
    if f["step"] == 1:
        f["step"] = 2
        v["fire"] = [loc for loc in _event_locations(g) if g.s["locations"][loc]["soviet_tanks"]]
        if not v["fire"]:
            ops.log(g, "Truce betrayed: no Soviet tank stands in a location with an event.")
    return _fire_in_turn(g, f, "Truce betrayed")


@effect("h40")
def discord_in_revolutionary_groups(g, f):
    """Lapsing: one Revolutionary has one less action today; then the Soviet commander may remove
    one event from the board without its reward."""
    v = f["vars"]
    if not _one_less_action(g, f, "Discord in revolutionary groups"):
        return False
    events = _event_locations(g)
    if not events:
        return True
    if "event" not in v and ask(g, f, "event", deciders(g, f), "Discord in revolutionary groups: remove an event "
                                                              "from the board without its reward, or decline.",
                                location_options(events) + [DONE]):
        return False
    if v["event"]["type"] == "choose_location":
        ops.remove_event(g, v["event"]["location"], " (Discord in revolutionary groups)")
    return True


def _inactive_locations(g) -> list[str]:
    return [loc for loc in LOCATION_IDS if g.s["locations"][loc]["inactive"] or g.s["locations"][loc]["facedown"]]


@effect("h41")
def president_eisenhower_refuses_to_help(g, f):
    """Morale toward the Soviet end; every inactive fighter (face-up and face-down) leaves up to 2
    locations of the Soviet's choice; active fighters and revolutionary tanks stay."""
    v = f["vars"]
    if f["step"] == 0:
        f["step"] = 1
        ops.shift_morale(g, -1, "President Eisenhower refuses to help")
    while f["step"] < 3:
        i = f["step"]
        key = f"loc{i}"
        locs = _inactive_locations(g)
        if not locs:
            break
        if key not in v and ask(g, f, key, deciders(g, f),
                                f"President Eisenhower refuses to help: remove every inactive fighter from a location "
                                f"({i - 1} of up to 2 chosen), or stop.", location_options(locs) + [DONE]):
            return False
        f["step"] += 1
        if v[key]["type"] != "choose_location":
            break
        loc = v[key]["location"]
        here = g.s["locations"][loc]
        gone = ([here["inactive"]] if here["inactive"] else []) + list(here["facedown"])
        here["inactive"], here["facedown"] = None, []
        g.s["fighters_removed"].extend(gone)
        g.s["checkpoint"] = True  # face-down tiles are revealed
        ops.log(g, f"{', '.join(name_of(x) for x in gone)} removed from {ops.name_of_loc(loc)} (President Eisenhower "
                   f"refuses to help).", refs=[loc] + gone)
    f["step"] = 3
    return True
