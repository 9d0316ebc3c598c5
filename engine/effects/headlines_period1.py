"""Headline effects of period 1, Day of the Revolution (H#1-H#11; Appendix A)."""
from __future__ import annotations

from .. import ops
from ..board import LOCATION_IDS
from ..data import SUPPORT_TRACK
from ..frames import kinds
from ..frames.base import FINISHED, WAITING, parent, push
from ..frames.card_frames import push_forced_discard
from ..frames.choice import ask
from ..frames.hits import tanks_fire
from . import effect
from .common import deciders, location_options, seat_options
from .headline_helpers import (
    event_locations,
    open_fire,
    room,
)


@effect("h01", "h29")
def popular_support(g, f):
    """Shift support toward the Hungarian end."""
    ops.shift_support(g, -1, "Popular support")
    return FINISHED


@effect("h02")
def national_song_read_at_bem_statue(g, f):
    """The team activates one inactive fighter at Bem Statue, Kossuth Square or Stalin Square."""
    v = f["vars"]
    locs = [loc for loc in ("bem", "kossuth", "stalin")
            if g.s["locations"][loc]["inactive"] and ops.fighter_room(g, loc) > 0]
    if "loc" not in v and ask(g, f, "loc", deciders(g, f),
                              "National Song read at Bem Statue: activate a fighter where?",
                              location_options(locs)) == WAITING:
        return WAITING
    if not v["loc"]:
        ops.log(g, "National Song read at Bem Statue: no fighter can be activated at Bem Statue, "
                   "Kossuth Square or Stalin Square; nothing happens.")
        return FINISHED
    ops.activate_fighter(g, v["loc"]["location"])
    return FINISHED


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
            opts = location_options(ops.neighbours(g, here)) + [{"type": "choose", "option": "stay"}]
            if ask(g, f, key, [seat], f"Péter Veres reads Manifesto: {seat}, move to an adjacent location "
                                      f"(free, up to 3 active fighters along) or stay in place.", opts) == WAITING:
                return WAITING
        f["step"] += 1
        pick = v[key]
        if pick and pick["type"] == "choose_location":
            push(g, kinds.move(seat, here, pick["location"], True, source="effect", max_fighters=3))
            return WAITING
        ops.log(g, f"{seat} stays in {ops.name_of_loc(here)} (Péter Veres reads Manifesto).", refs=[seat, here])
    return FINISHED


@effect("h04", "h23", "h42")
def authorities_open_fire_on_the_crowd(g, f):
    return open_fire(g, f)


@effect("h05")
def erno_gero_requests_intervention(g, f):
    """Place a Soviet tank in a location with an event; every Soviet tank there fires."""
    v = f["vars"]
    if f["step"] == 0:
        events = event_locations(g)
        if "loc" not in v and ask(g, f, "loc", deciders(g, f),
                                  "Ernő Gerő requests intervention: place a Soviet tank in a location with an event"
                                  + ("." if events else " (no event is on the board: any location)."),
                                  location_options(events or LOCATION_IDS)) == WAITING:
            return WAITING
        f["step"] = 1
        loc = v["loc"]["location"]
        if not ops.place_units(g, loc, "soviet_tanks", 1):
            ops.log(g, "No Soviet tank is left in the supply to place.")
        if tanks_fire(g, loc, "Ernő Gerő requests intervention"):
            return WAITING
    return FINISHED


@effect("h06")
def antal_apro_orders_arrest(g, f):
    """Place one sniper in a location with an event."""
    v = f["vars"]
    events = event_locations(g)
    if not events or room(g, "snipers") <= 0:
        ops.log(g, "Antal Apró orders arrest: " + ("no event is on the board" if not events
                                                    else "no sniper is left in the supply") + "; nothing happens.")
        return FINISHED
    if "loc" not in v and ask(g, f, "loc", deciders(g, f),
                              "Antal Apró orders arrest of the \"fascist mob\": place a sniper in a location with an event.",
                              location_options(events)) == WAITING:
        return WAITING
    ops.place_units(g, v["loc"]["location"], "snipers", 1)
    return FINISHED


@effect("h07")
def imre_nagy_appointed(g, f):
    """One Revolutionary with 8 or fewer cards (team's choice) draws 2 cards."""
    v = f["vars"]
    eligible = [s for s in ops.rev_seats(g) if len(g.s["hands"][s]) <= 8 and ops.hand_room(g, s) > 0]
    if "seat" not in v and ask(g, f, "seat", deciders(g, f), "Imre Nagy appointed: who draws 2 cards?",
                               seat_options(eligible)) == WAITING:
        return WAITING
    if not v["seat"]:
        ops.log(g, "Imre Nagy appointed: every Revolutionary holds 9 or 10 cards; nothing happens.")
        return FINISHED
    ops.draw_rev_cards(g, v["seat"]["seat"], 2, " (Imre Nagy appointed)")
    return FINISHED


@effect("h08")
def protests_in_poland(g, f):
    """Each Revolutionary draws one card (none above the hand limit)."""
    for seat in ops.rev_seats(g):
        if not ops.draw_rev_cards(g, seat, 1, " (Protests in Poland)"):
            ops.log(g, f"{seat} draws no card (Protests in Poland).", refs=[seat])
    return FINISHED


@effect("h09")
def georgy_zhukov_orders_entry(g, f):
    """Place 2 Soviet tanks on events (one location or two); with no event, in 2 different locations."""
    v = f["vars"]
    while f["step"] < 2:
        i = f["step"]
        if room(g, "soviet_tanks") <= 0:
            ops.log(g, "No Soviet tank is left in the supply to place.")
            break
        key = f"t{i}"
        events = event_locations(g)
        if events:
            locs = events
        else:
            taken = v["t0"]["location"] if i == 1 and v.get("t0") else None
            locs = [loc for loc in LOCATION_IDS if loc != taken]
        if key not in v and ask(g, f, key, deciders(g, f),
                                f"Georgy Zhukov orders entry into Budapest: place Soviet tank {i + 1} of 2"
                                + (" in a location with an event." if events else " (no event on the board: "
                                   "two different locations)."),
                                location_options(locs)) == WAITING:
            return WAITING
        f["step"] += 1
        ops.place_units(g, v[key]["location"], "soviet_tanks", 1)
    return FINISHED


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
        return WAITING if pushed else FINISHED
    return FINISHED


@effect("h11")
def crowd_burns_propaganda(g, f):
    """Shift support toward the Soviet end. Ruling R55: "If support is at the Soviet end, do
    nothing": the card then does nothing at all, its SPA icon included."""
    if g.s["support"] >= len(SUPPORT_TRACK) - 1:
        ops.log(g, "Crowd burns propaganda: support is at the Soviet end; the card does nothing.")
        icons = parent(g, f)
        if icons and icons["kind"] == "headline_icons":
            icons["void"] = True
        return FINISHED
    ops.shift_support(g, +1, "Crowd burns propaganda")
    return FINISHED


# ----- Period 2: Armed Uprising -------------------------------------------------------------------
