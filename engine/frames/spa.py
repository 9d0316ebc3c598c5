"""Conflict ruleset, Phase 3: State Protection Authority phase (SPA cards, retrieving the queue).
The Zhukov ruleset's Attack step counts strength and threatens with the same rules (frames/zhukov.py)."""
from __future__ import annotations

from .. import ops
from ..board import LOCATION_IDS, NEIGHBOURS, REINFORCEMENT
from ..cards import SPA, name_of
from . import kinds
from .base import Frame, pop, push, register
from .hits import attack_fire

SOVIET = ["soviet"]
SNIPER_STRENGTH = 3
MILITIA_STRENGTH = 1
THREATEN_AT = 9
# Each pattern lists how many times each of up to 3 militia may move (SPA card 2: Move militia).
MILITIA_PATTERNS = ((3, 0, 0), (2, 1, 0), (1, 1, 1))


def can_leave(g, loc: str) -> bool:
    """SPA units may move into a barricaded location but never out of it."""
    return not ops.has_barricade(g, loc)


def sniper_moves(g) -> list[dict]:
    return [{"type": "move_sniper", "from": loc, "to": n}
            for loc in LOCATION_IDS if g.s["locations"][loc]["snipers"] and can_leave(g, loc)
            for n in NEIGHBOURS[loc]]


def _pattern_ok(counts: list[int]) -> bool:
    c = sorted(counts, reverse=True) + [0, 0, 0]
    return any(all(c[i] <= p[i] for i in range(3)) for p in MILITIA_PATTERNS) and len(counts) <= 3


def militia_moves(g, f) -> list[dict]:
    locs = g.s["locations"]
    acts = []
    moved = f["moved"]
    for loc in LOCATION_IDS:
        if not can_leave(g, loc):
            continue
        here_moved = [i for i, m in enumerate(moved) if m["at"] == loc]
        fresh = locs[loc]["militia"] - len(here_moved)
        options = []
        if fresh > 0 and _pattern_ok([m["moves"] for m in moved] + [1]):
            options.append(False)
        if any(_pattern_ok(_bumped(moved, i)) for i in here_moved):
            options.append(True)
        for again in options:
            acts.extend({"type": "move_militia", "from": loc, "to": n, "again": again} for n in NEIGHBOURS[loc])
    return acts


def _bumped(moved, i) -> list[int]:
    return [m["moves"] + (1 if j == i else 0) for j, m in enumerate(moved)]


def attack_targets(g) -> list[str]:
    locs = g.s["locations"]
    return [loc for loc in LOCATION_IDS
            if (locs[loc]["militia"] or locs[loc]["snipers"]) and loc not in g.s["today"]["attacked"]]


def strength(g, loc: str) -> int:
    here = ops.board(g)[loc]
    total = SNIPER_STRENGTH * here["snipers"] + MILITIA_STRENGTH * here["militia"]
    active = here["active"]
    if "f_marton_kalapos" in active:
        total -= 3
    if "f_marta_wawelska" in active:
        total -= 1
    return max(0, total)


def card_usable(g, card: str) -> bool:
    """Ruling R23: "he may play any number in any order": every card in the pool may be played,
    even one that can do nothing now; only a card an event forbids today is not."""
    return SPA[card]["kind"] not in g.s["today"]["spa_forbidden"]


@register("spa")
class SpaPhase(Frame):
    """Rulebook: Phase 3: State Protection Authority Phase

    Play SPA cards in any order, or retrieve all played ones instead."""

    always_has_actions = True  # "done"

    # A card's frame comes next, and it asks the Soviet commander ("done" is always offered), or an
    # Attack! card with no target ends by itself and the SPA phase asks the commander again.
    keeps_undo = frozenset({"play_spa"})

    def deciders(self, g, f):
        return SOVIET

    def actions(self, g, f, seat):
        acts = [{"type": "play_spa", "card": c} for c in g.s["spa_pool"] if card_usable(g, c)]
        if f["played"] == 0 and g.s["spa_queue"]:
            acts.append({"type": "retrieve_spa"})
        acts.append({"type": "done"})
        return acts

    on_done = Frame.close

    def on_retrieve_spa(self, g, f, seat, a):
        s = g.s
        back = list(s["spa_queue"])
        s["spa_pool"].extend(back)
        s["spa_queue"] = []
        ops.log(g, f"The Soviet commander retrieves all SPA cards: {', '.join(name_of(c) for c in back)}.", refs=back)
        pop(g, f)

    def on_play_spa(self, g, f, seat, a):
        s = g.s
        card = a["card"]
        f["played"] += 1
        s["spa_pool"].remove(card)
        s["spa_queue"].append(card)
        ops.log(g, f"The Soviet commander plays {name_of(card)}.", refs=[card])
        kind = SPA[card]["kind"]
        push(g, kinds.spa_card(f"spa_{kind}", card))

    def decision(self, g, f):
        return {"kind": "spa", "stage": "play", "played": f["played"]}

    def prompt(self, g, f):
        if f["played"]:
            return "SPA phase: play more SPA cards, or finish."
        return "SPA phase: play SPA cards in any order, or retrieve all played SPA cards."


@register("spa_move_sniper")
class MoveSniper(Frame):
    """Rulebook: SPA card 1: Move sniper

    Move one sniper one step (never out of a barricaded location)."""

    always_has_actions = True  # "done"

    # Back to the SPA phase's frame (only it pushes a card's frame), which always offers "done".
    keeps_undo = frozenset({"move_sniper", "done"})

    def deciders(self, g, f):
        return SOVIET

    def actions(self, g, f, seat):
        return sniper_moves(g) + [{"type": "done"}]

    on_done = Frame.close

    def on_move_sniper(self, g, f, seat, a):
        pop(g, f)
        ops.move_units(g, a["from"], a["to"], "snipers")

    def decision(self, g, f):
        return {"kind": "spa_move_sniper", "stage": "move", "card": f["card"]}

    def prompt(self, g, f):
        return "Move sniper: move one sniper to an adjacent location (never out of a barricade)."


@register("spa_move_militia")
class MoveMilitia(Frame):
    """Rulebook: SPA card 2: Move militia

    One militia up to 3 times, one twice and one once, or three once each."""

    always_has_actions = True  # "done"

    # The card goes on ("done" is always offered); "done" goes back to the SPA phase's frame, the
    # only one that pushes a card's frame, which always offers "done" too.
    keeps_undo = frozenset({"move_militia", "done"})

    def deciders(self, g, f):
        return SOVIET

    def actions(self, g, f, seat):
        return militia_moves(g, f) + [{"type": "done"}]

    on_done = Frame.close

    def on_move_militia(self, g, f, seat, a):
        moved = f["moved"]
        if a["again"]:
            candidates = [i for i, m in enumerate(moved) if m["at"] == a["from"] and _pattern_ok(_bumped(moved, i))]
            i = max(candidates, key=lambda k: moved[k]["moves"])
            moved[i]["moves"] += 1
            moved[i]["at"] = a["to"]
        else:
            moved.append({"at": a["to"], "moves": 1})
        ops.move_units(g, a["from"], a["to"], "militia")

    def decision(self, g, f):
        return {"kind": "spa_move_militia", "stage": "move", "card": f["card"], "moved": len(f["moved"])}

    def prompt(self, g, f):
        return "Move militia: one militia up to 3 times, or one up to 2 times and another once, or up to 3 once each."


@register("spa_place_militia")
class PlaceMilitia(Frame):
    """Rulebook: SPA card 3: Place militia

    Up to 2 militia together in one reinforcement location."""

    always_has_actions = True  # "done"

    # Back to the SPA phase's frame (only it pushes a card's frame), which always offers "done".
    keeps_undo = frozenset({"place_militia", "done"})

    def deciders(self, g, f):
        return SOVIET

    def actions(self, g, f, seat):
        room = ops.CAPS["militia"] - ops.on_board(g, "militia")
        acts = [{"type": "place_militia", "location": loc, "count": n}
                for loc in REINFORCEMENT for n in (1, 2) if n <= room]
        return acts + [{"type": "done"}]

    on_done = Frame.close

    def on_place_militia(self, g, f, seat, a):
        pop(g, f)
        ops.place_units(g, a["location"], "militia", a["count"])

    def decision(self, g, f):
        return {"kind": "spa_place_militia", "stage": "place", "card": f["card"]}

    def prompt(self, g, f):
        return "Place militia: up to 2 militia together in Csepel, Széna Square or HWPP Headquarters."


@register("spa_attack")
class Attack(Frame):
    """Rulebook: SPA card 4: Attack!

    Choose a location with militia or snipers; fire (frames/hits.py), then threaten."""

    # The location chosen, the frame fires at once: its two dice are the first thing that happens.
    cuts_undo = {"attack": "roll"}

    def deciders(self, g, f):
        return SOVIET if f["location"] is None and attack_targets(g) else []

    def actions(self, g, f, seat):
        return [{"type": "attack", "location": loc} for loc in attack_targets(g)]

    def on_attack(self, g, f, seat, a):
        g.s["today"]["attacked"].append(a["location"])
        f["location"] = a["location"]
        f["stage"] = "fire"

    def run(self, g, f):
        if f["location"] is None:
            if self.kind == "spa_attack":  # played with no location left to attack (R23)
                ops.log(g, "Attack!: no location with militia or snipers is left to attack today.")
            pop(g, f)
            return
        if f["stage"] == "fire":
            f["stage"] = "threaten"
            f["strength"] = strength(g, f["location"])
            attack_fire(g, f["location"], f["strength"], "Attack!")
            return
        pop(g, f)
        # R13: the threaten step reads the board after the fire, like the barricade check: a
        # Kalapos or Wawelska removed by the fire no longer lowers the strength.
        threaten(g, f["location"], strength(g, f["location"]))

    def decision(self, g, f):
        return {"kind": self.kind, "stage": "location"}

    def prompt(self, g, f):
        return "Attack!: choose a location with militia or snipers (not one already attacked today)."


@register("spa_attack_any")
class AttackAnywhere(Attack):
    """Rulebook: SPA card 4: Attack!

    An Attack! effect outside the SPA phase (E#22 Battle's penalty): the Soviet commander may
    choose any location with militia or snipers, whatever was attacked today, or decline."""

    def deciders(self, g, f):
        return SOVIET if f["location"] is None and any_attack_targets(g) else []

    def actions(self, g, f, seat):
        return [{"type": "attack", "location": loc} for loc in any_attack_targets(g)] + [{"type": "done"}]

    def on_done(self, g, f, seat, a):
        ops.log(g, f"The Soviet commander declines the Attack! effect ({f['why']}).")
        pop(g, f)

    def decision(self, g, f):
        return {"kind": self.kind, "stage": "location", "optional": True}

    def on_attack(self, g, f, seat, a):
        f["location"] = a["location"]
        f["stage"] = "fire"
        ops.log(g, f"The Soviet commander executes an Attack! effect on {ops.name_of_loc(a['location'])} "
                   f"({f['why']}).", refs=[a["location"]])

    def run(self, g, f):
        if f["location"] is None:
            ops.log(g, f"No location has militia or snipers to attack ({f['why']}).")
        super().run(g, f)

    def prompt(self, g, f):
        return "Attack! effect: choose any location with militia or snipers, or decline."


def any_attack_targets(g) -> list[str]:
    locs = g.s["locations"]
    return [loc for loc in LOCATION_IDS if locs[loc]["militia"] or locs[loc]["snipers"]]



def threaten(g, loc: str, total: int) -> None:
    if total >= THREATEN_AT and not ops.has_barricade(g, loc):
        ops.shift_morale(g, -1, f"the SPA threatens {ops.name_of_loc(loc)}")
