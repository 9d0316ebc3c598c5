"""Abilities the Revolutionaries use by choice (Action 5: Use card or active fighter ability):
revolutionary card abilities ("rc:<kind>", promo AK-47 and Last Stand included), active fighter
abilities labelled "Action" or "Once per turn" (keyed by the fighter id), and the player powers
that are used by choice ("pp_green", "pp_yellow").

Passive fighter abilities are rules, not effects: Péter Hajas and Júlia Tollas in `retaliate` and
`frames.hits.tanks_fire`, Márton Kalapos and Marta Wawelska in the SPA strength, the Howitzer in the hits
frame, the T-55 in `ops.has_barricade`; József Kormányos in the Move frame.
"""
from __future__ import annotations

from .. import ops
from ..cards import REV_CARD, name_of
from ..frames import kinds
from ..frames.base import FINISHED, WAITING, push
from ..frames.choice import ask
from ..frames.revolutionary import resolve_event
from . import effect, playable_when, push_once
from .common import location_options, seat_options


def _here(g, seat) -> str:
    return g.s["positions"][seat]


def _hurt_here(g, seat) -> list[str]:
    return [p for p in ops.players_at(g, _here(g, seat)) if g.s["injuries"][p] > 0]


def _fighter_here(g, seat, fid) -> bool:
    return fid in ops.active_fighters(g, _here(g, seat))


def _heal_step(g, f, key: str, prompt: str) -> str:
    """Ask the actor whom to heal (a hurt player in the actor's location), then heal them once.
    Returns WAITING while waiting for the answer; the heal happens exactly once per key."""
    v = f["vars"]
    if key not in v and ask(g, f, key, [f["actor"]], prompt, seat_options(_hurt_here(g, f["actor"]))) == WAITING:
        return WAITING
    done = v.setdefault("_done", [])
    if key not in done:
        done.append(key)
        if v[key]:
            ops.heal(g, v[key]["seat"])
    return FINISHED


def _discard_step(g, f, key: str, cards, prompt: str) -> str:
    """Ask the actor to discard one of `cards`, then discard it once. Returns WAITING while waiting."""
    v = f["vars"]
    if key not in v and ask(g, f, key, [f["actor"]], prompt, [{"type": "discard", "card": c} for c in cards]) == WAITING:
        return WAITING
    done = v.setdefault("_done", [])
    if key not in done:
        done.append(key)
        if v[key]:
            ops.discard_rev_card(g, f["actor"], v[key]["card"])
            ops.log(g, f"{f['actor']} discards {name_of(v[key]['card'])}.", refs=[f["actor"], v[key]["card"]])
    return FINISHED


# ----- revolutionary cards ----------------------------------------------------------------------
@playable_when("rc:build_barricade")
def _can_build(g, seat):
    return ops.supply(g, "barricades") > 0


@effect("rc:build_barricade")
def build_barricade(g, f):
    """Place a barricade token in your location."""
    ops.place_units(g, g.s["positions"][f["actor"]], "barricades", 1)
    return FINISHED


@playable_when("rc:ambush")
def _can_ambush(g, seat):
    return g.s["locations"][g.s["positions"][seat]]["snipers"] > 0


@effect("rc:ambush")
def ambush(g, f):
    """Kill one sniper in your location."""
    loc = g.s["positions"][f["actor"]]
    ops.remove_units(g, loc, "snipers", 1)
    return FINISHED


@playable_when("rc:first_aid_kit")
def _can_first_aid(g, seat):
    return bool(_hurt_here(g, seat))


@effect("rc:first_aid_kit")
def first_aid_kit(g, f):
    """Action: remove one injury from a player in your location (two injuries, from one or two
    players there, on a day Péterfy Hospital treats the wounded (E#31) was resolved)."""
    n = max(1, g.s["today"]["first_aid_heals"])
    for i in range(n):
        key = f"seat{i}"
        if key not in f["vars"] and not _hurt_here(g, f["actor"]):
            break
        what = "First aid kit: remove an injury from whom?" + (f" ({i + 1} of {n})" if n > 1 else "")
        if _heal_step(g, f, key, what) == WAITING:
            return WAITING
    return FINISHED


@playable_when("rc:transportation")
def _can_transport(g, seat):
    # Ruling R80: an unlabelled card is used "before or after taking an action" at any point of
    # the player's own turn, so also with zero actions left (Last Stand: "even after using
    # Transportation").
    return bool(ops.turn_frame(g, seat))


@effect("rc:transportation")
def transportation(g, f):
    """Move to an adjacent location without discarding a card, taking up to 2 active fighters."""
    v = f["vars"]
    seat = f["actor"]
    if "to" not in v and ask(g, f, "to", [seat], "Transportation: move to which adjacent location?",
                             location_options(ops.neighbours(g, _here(g, seat)))) == WAITING:
        return WAITING
    return push_once(g, f, push, kinds.move(seat, _here(g, seat), v["to"]["location"], True, source="transportation"))


@playable_when("rc:ak47")
def _can_ak47(g, seat):
    return g.s["locations"][_here(g, seat)]["militia"] > 0


@effect("rc:ak47")
def ak47(g, f):
    """Remove 3 militia from your location (all if fewer; never snipers); no reward card."""
    loc = _here(g, f["actor"])
    n = ops.remove_units(g, loc, "militia", 3)
    ops.log(g, f"AK-47: {f['actor']} removes {n} militia from {ops.name_of_loc(loc)} (no card is drawn).",
            refs=[f["actor"], loc])
    return FINISHED


@playable_when("rc:last_stand")
def _can_last_stand(g, seat):
    t = ops.turn_frame(g, seat)
    return bool(t) and t["actions_left"] == 1 and bool(g.s["locations"][_here(g, seat)]["event"])


@effect("rc:last_stand")
def last_stand(g, f):
    """Action (only as your last remaining action): resolve the event in your location ignoring
    its requirements and execute its reward; an extra action the reward grants is lost."""
    seat = f["actor"]
    loc = f["location"]
    if f["step"] == 0:
        f["step"] = 1
        if not g.s["locations"][loc]["event"]:
            ops.log(g, f"Last Stand: there is no event left in {ops.name_of_loc(loc)}.", refs=[loc])
            return FINISHED
        ops.log(g, f"Last Stand: {seat} resolves the event in {ops.name_of_loc(loc)} without its resources.",
                refs=[seat, loc])
        resolve_event(g, seat, loc)
        return WAITING
    t = ops.turn_frame(g, seat)
    if t and t["actions_left"] > 0:
        lost = t["actions_left"]
        t["actions_left"] = 0
        g.s["today"]["actions_allowed"] -= lost
        ops.log(g, f"{seat}'s extra action is lost (Last Stand was the last action).", refs=[seat])
    return FINISHED


# ----- fighters ------------------------------------------------------------------------------------
@playable_when("f_ilona_kek")
def _can_ilona(g, seat):
    return _fighter_here(g, seat, "f_ilona_kek") and bool(_hurt_here(g, seat))


@effect("f_ilona_kek")
def ilona_kek(g, f):
    """Action: remove one injury from yourself or another player in her location."""
    return _heal_step(g, f, "seat", "Ilona Kék: remove an injury from whom?")


@playable_when("f_anna_syrenka")
def _can_anna(g, seat):
    return _fighter_here(g, seat, "f_anna_syrenka") and bool(g.s["hands"][seat])


@effect("f_anna_syrenka")
def anna_syrenka(g, f):
    """Action: discard 1, 2 or 3 revolutionary cards and draw the same number."""
    v = f["vars"]
    seat = f["actor"]
    v.setdefault("discarded", 0)
    while v["discarded"] < 3 and g.s["hands"][seat]:
        if "pick" not in v:
            opts = [{"type": "discard", "card": c} for c in g.s["hands"][seat]]
            if v["discarded"] > 0:
                opts.append({"type": "done"})
            if ask(g, f, "pick", [seat], f"Anna Syrenka: discard up to {3 - v['discarded']} more card(s), "
                                         "then confirm; you draw as many.", opts) == WAITING:
                return WAITING
        pick = v.pop("pick")
        if not pick or pick["type"] == "done":
            break
        ops.discard_rev_card(g, seat, pick["card"])
        v["discarded"] += 1
        ops.log(g, f"{seat} discards {name_of(pick['card'])} (Anna Syrenka).", refs=[seat, pick["card"]])
    ops.draw_rev_cards(g, seat, v["discarded"], " (Anna Syrenka)")
    return FINISHED


def _medical_cards(g, seat) -> list[str]:
    return [c for c in g.s["hands"][seat] if "medical" in REV_CARD[c]["icons"]]


@playable_when("f_sandor_jampec")
def _can_jampec(g, seat):
    return _fighter_here(g, seat, "f_sandor_jampec") and bool(_hurt_here(g, seat)) and bool(_medical_cards(g, seat))


@effect("f_sandor_jampec")
def sandor_jampec(g, f):
    """Once per turn: discard a medical card to remove an injury from yourself or another player
    in his location (the user discards the card, whoever is healed)."""
    seat = f["actor"]
    if _discard_step(g, f, "card", _medical_cards(g, seat), "Sándor Jampec: discard which medical card?") == WAITING:
        return WAITING
    return _heal_step(g, f, "seat", "Sándor Jampec: remove an injury from whom?")


def _rezon_targets(g, seat) -> list[str]:
    return [n for n in ops.neighbours(g, _here(g, seat)) if ops.fighter_room(g, n) > 0]


@playable_when("f_janos_rezon")
def _can_rezon(g, seat):
    return _fighter_here(g, seat, "f_janos_rezon") and bool(_rezon_targets(g, seat))


@effect("f_janos_rezon")
def janos_rezon(g, f):
    """Once per turn: move János Rézon to an adjacent location with fewer than 4 active fighters."""
    v = f["vars"]
    seat = f["actor"]
    src = f["location"]
    if "to" not in v and ask(g, f, "to", [seat], "János Rézon: move him to which adjacent location?",
                             location_options(_rezon_targets(g, seat))) == WAITING:
        return WAITING
    if v["to"] and "f_janos_rezon" in ops.active_fighters(g, src):
        dst = v["to"]["location"]
        g.s["locations"][src]["active"].remove("f_janos_rezon")
        g.s["locations"][dst]["active"].append("f_janos_rezon")
        ops.log(g, f"János Rézon moves from {ops.name_of_loc(src)} to {ops.name_of_loc(dst)}.",
                refs=["f_janos_rezon", src, dst])
    return FINISHED


# ----- player powers used by choice --------------------------------------------------------------
@playable_when("pp_green")
def _can_green(g, seat):
    return bool(g.s["hands"][seat]) and bool(_hurt_here(g, seat))


@effect("pp_green")
def green_power(g, f):
    """Green (benefit): once per turn, discard any card to remove one injury from a player in your
    location."""
    seat = f["actor"]
    if _discard_step(g, f, "card", list(g.s["hands"][seat]), "Green power: discard which card?") == WAITING:
        return WAITING
    return _heal_step(g, f, "seat", "Green power: remove an injury from whom?")


@effect("pp_yellow")
def yellow_power(g, f):
    """Yellow (benefit): once per turn, on activating a fighter, you may draw one card."""
    v = f["vars"]
    seat = f["actor"]
    if "draw" not in v and ask(g, f, "draw", [seat], "Yellow power: draw a card for activating a fighter?",
                               [{"type": "draw_card"}, {"type": "done"}]) == WAITING:
        return WAITING
    if v["draw"] and v["draw"]["type"] == "draw_card":
        t = ops.turn_frame(g, seat)
        if t is not None:
            t["used_once"].append("pp_yellow")
        ops.draw_rev_cards(g, seat, 1, " (yellow power)")
    return FINISHED
