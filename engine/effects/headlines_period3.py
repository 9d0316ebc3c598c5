"""Headline effects of period 3, The Turning Tide (H#32-H#42; Appendix A)."""
from __future__ import annotations

from .. import ops
from ..board import LOCATION_IDS, NEIGHBOURS
from ..cards import name_of
from ..frames.base import FINISHED, WAITING
from ..frames.choice import ask
from . import effect
from .common import deciders, location_options, seat_options
from .headline_helpers import (
    DONE,
    event_locations,
    fire_in_turn,
    one_less_action,
    player_locations,
)


@effect("h32")
def political_prisoners_released(g, f):
    """The team returns a removed fighter (never a revolutionary tank), active, to the location of
    a Revolutionary with fewer than 4 active fighters."""
    v = f["vars"]
    removed = list(g.s["fighters_removed"])
    locs = [loc for loc in player_locations(g) if ops.fighter_room(g, loc) > 0]
    if not removed or not locs:
        ops.log(g, "Political prisoners released: " + ("no fighter has been removed" if not removed
                                                       else "every Revolutionary's location has 4 active fighters")
                + "; nothing happens.")
        return FINISHED
    if "fighter" not in v and ask(g, f, "fighter", deciders(g, f), "Political prisoners released: which removed "
                                                                  "fighter returns?",
                                  [{"type": "choose_fighter", "fighter": fid, "location": None} for fid in removed]) == WAITING:
        return WAITING
    if "loc" not in v and ask(g, f, "loc", deciders(g, f), "Political prisoners released: the fighter joins, active, "
                                                          "in which Revolutionary's location?",
                              location_options(locs)) == WAITING:
        return WAITING
    fid, loc = v["fighter"]["fighter"], v["loc"]["location"]
    g.s["fighters_removed"].remove(fid)
    g.s["locations"][loc]["active"].append(fid)
    ops.log(g, f"{name_of(fid)} is released and joins, active, in {ops.name_of_loc(loc)} (Political prisoners "
               f"released).", refs=[fid, loc])
    return FINISHED


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
                                              f"moved), or stop.", opts + [DONE]) == WAITING:
                return WAITING
        pick = v[key]
        f["step"] += 1
        if pick["type"] != "move_unit":
            break
        ops.move_units(g, pick["from"], pick["to"], pick["unit"], 1)
        k = f"{pick['to']}:{pick['unit']}"
        arrived[k] = arrived.get(k, 0) + 1
    ops.shift_support(g, -1, "SPA dissolved")
    f["step"] = 3
    return FINISHED


@effect("h34")
def national_guard_begins_organization(g, f):
    """Remove one militia from Csepel, then a random revolutionary tank joins on Kossuth Square."""
    ops.remove_units(g, "csepel", "militia", 1)
    ops.place_random_rev_tank(g, "kossuth")
    return FINISHED


@effect("h35")
def polish_fact_finding_mission(g, f):
    """Lapsing: one Revolutionary (team's choice) draws a card; H#8 resolved: Aid cards give all
    their icons for Resolve an event today."""
    v = f["vars"]
    if "seat" not in v and ask(g, f, "seat", deciders(g, f), "Polish fact-finding mission: who draws a card?",
                               seat_options(ops.rev_seats(g))) == WAITING:
        return WAITING
    seat = v["seat"]["seat"]
    if not ops.draw_rev_cards(g, seat, 1, " (Polish fact-finding mission)"):
        ops.log(g, f"{seat} draws no card (Polish fact-finding mission).", refs=[seat])
    if "h08" in g.s["marks"]:
        g.s["today"]["aid_full"] = True
        ops.log(g, "Polish fact-finding mission (Protests in Poland resolved): today an Aid card discarded to resolve "
                   "an event gives all three of its icons.")
    return FINISHED


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
                               seat_options(ops.rev_seats(g))) == WAITING:
        return WAITING
    seat = v["seat"]["seat"] if v["seat"] else ops.rev_seats(g)[0]
    extra = g.s["today"]["extra_actions"]
    extra[seat] = extra.get(seat, 0) + 1
    ops.log(g, f"{seat} will take one more action today (Pál Maléter aids the revolution).", refs=[seat])
    return FINISHED


@effect("h37")
def party_leaders_flee_the_country(g, f):
    """The Soviet commander draws a headline (The Turning Tide deck if possible; if it is empty,
    from the other deck of the commander's choice: R50) and may play it now."""
    v = f["vars"]
    decks = g.s["headline_decks"]
    if decks["3"]:
        preferred = ("3",)
    else:
        others = [d for d in ("1", "2") if decks[d]]
        if "deck" not in v and ask(g, f, "deck", deciders(g, f),
                                   "Party leaders flee the country: The Turning Tide deck is empty; choose the "
                                   "headline deck to draw from.",
                                   [{"type": "choose_deck", "deck": d} for d in others]) == WAITING:
            return WAITING
        preferred = (v["deck"]["deck"],) if v["deck"] else ()
    if ops.draw_headline(g, preferred) is None:
        ops.log(g, "Party leaders flee the country: every headline deck is empty; no card is drawn.")
    else:
        ops.log(g, "Party leaders flee the country: the Soviet commander may play the new headline in this step.")
    return FINISHED


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
    return FINISHED


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
                                              "at most once), or confirm to open fire.", opts + [DONE]) == WAITING:
                return WAITING
        pick = v[key]
        v["n"] = n + 1
        if pick["type"] != "move_tank":
            f["step"] = 1
            break
        ops.move_units(g, pick["from"], pick["to"], "soviet_tanks", 1)
        arrived[pick["to"]] = arrived.get(pick["to"], 0) + 1
    if f["step"] == 1:
        f["step"] = 2
        v["fire"] = [loc for loc in event_locations(g) if g.s["locations"][loc]["soviet_tanks"]]
        if not v["fire"]:
            ops.log(g, "Truce betrayed: no Soviet tank stands in a location with an event.")
    return fire_in_turn(g, f, "Truce betrayed")


@effect("h40")
def discord_in_revolutionary_groups(g, f):
    """Lapsing: one Revolutionary has one less action today; then the Soviet commander may remove
    one event from the board without its reward."""
    v = f["vars"]
    if one_less_action(g, f, "Discord in revolutionary groups") == WAITING:
        return WAITING
    events = event_locations(g)
    if not events:
        return FINISHED
    if "event" not in v and ask(g, f, "event", deciders(g, f), "Discord in revolutionary groups: remove an event "
                                                              "from the board without its reward, or decline.",
                                location_options(events) + [DONE]) == WAITING:
        return WAITING
    if v["event"]["type"] == "choose_location":
        ops.remove_event(g, v["event"]["location"], " (Discord in revolutionary groups)")
    return FINISHED


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
                                f"({i - 1} of up to 2 chosen), or stop.", location_options(locs) + [DONE]) == WAITING:
            return WAITING
        f["step"] += 1
        if v[key]["type"] != "choose_location":
            break
        loc = v[key]["location"]
        here = g.s["locations"][loc]
        gone = ([here["inactive"]] if here["inactive"] else []) + list(here["facedown"])
        here["inactive"], here["facedown"] = None, []
        g.s["fighters_removed"].extend(gone)
        ops.checkpoint(g, "reveal")  # face-down tiles are revealed
        ops.log(g, f"{', '.join(name_of(x) for x in gone)} removed from {ops.name_of_loc(loc)} (President Eisenhower "
                   f"refuses to help).", refs=[loc] + gone)
    f["step"] = 3
    return FINISHED

