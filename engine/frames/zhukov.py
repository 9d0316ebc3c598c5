"""Zhukov ruleset, Phase 1: Soviet phase (the General Zhukov deck) and Phase 3: the SPA phase's
four fixed steps. The Revolutionary phase and the end of the day are the Conflict frames.

There is no Soviet seat: every choice the rules leave open ("the players can make the choice",
"either can be chosen", "choose between") is offered to the whole team (`ops.rev_seats`), the
first to act deciding. Everything else runs by itself.
"""
from __future__ import annotations

from collections import deque

from .. import ops
from ..board import LOCATION_IDS, NEIGHBOURS
from ..cards import EVENT
from ..data import SUPPORT_TRACK
from ..data.board import SUPPORT_START
from ..data.zhukov import HEADLINE_ROW_BY_DAY, ZHUKOV_CARDS
from ..data.zhukov_setup import SOVIET_PHASE, SPA_STEPS
from . import kinds
from .base import Frame, pop, push, register
from .choice import push_effect
from .hits import attack_fire
from .soviet import place_event, placement_options
from .spa import strength, threaten

ZHUKOV = {c["id"]: c for c in ZHUKOV_CARDS}
ROWS = ("top", "middle", "bottom")
TEAM = "revolutionaries"
CARDS_PER_DAY = SOVIET_PHASE["cards_per_day"]
_PLACE = next(s for s in SPA_STEPS if s["id"] == "place")
MILITIA_PLACES = tuple(_PLACE["militia"])            # Csepel, Széna Square, HWPP Headquarters
SNIPER_FALLBACK = _PLACE["if_no_militia_placed"]["location"]  # Astoria
# Appendix B: an event reward skips one SPA step (the Conflict "no such card" flags of the day).
SKIPPED_BY = {"move_militia": "move_militia", "move_snipers": "move_sniper", "attack": "attack"}
IGNORED_PLACEMENTS = {"e05"}  # Appendix B E#5: in the Zhukov ruleset the placement is ignored


def card_name(card: str) -> str:
    return f"General Zhukov card Z#{ZHUKOV[card]['number']}"


def headline(card: str, row: str) -> dict:
    return ZHUKOV[card]["headlines"][ROWS.index(row)]


# ----- Phase 1: the General Zhukov deck -------------------------------------------------------------
@register("zhukov_phase")
class ZhukovPhase(Frame):
    """Rulebook: Phase 1: Soviet Phase

    Draw 4 General Zhukov cards, each resolved (support, headline, event step) before the next is
    drawn. When the deck runs out (on day 4, after 2 cards) every card not in it, the ones just
    resolved included, is shuffled into a new deck."""

    def run(self, g, f):
        s = g.s
        if f["drawn"] >= CARDS_PER_DAY:
            pop(g, f)
            return
        deck = s["zhukov_deck"]
        if not deck:
            deck.extend(s["zhukov_discard"] + s["zhukov_on_board"])
            s["zhukov_discard"], s["zhukov_on_board"] = [], []
            ops.shuffle(g, deck)
            ops.log(g, f"The General Zhukov deck is empty: its {len(deck)} discarded cards are shuffled into a "
                       "new deck.")
        card = deck.pop()
        ops.checkpoint(g, "draw")
        f["drawn"] += 1
        c = ZHUKOV[card]
        # Today's draws in order, each with its support step's outcome (public: the cards are face up).
        s["today"].setdefault("zhukov_cards", []).append({"card": card, "headline": None})
        ops.log(g, f"{card_name(card)} ({c['colour']}) is drawn ({f['drawn']} of {CARDS_PER_DAY} today).", refs=[card])
        push(g, kinds.zhukov_card(card, HEADLINE_ROW_BY_DAY[s["day"]]))


@register("zhukov_card")
class ZhukovCard(Frame):
    """Rulebook: Support step

    One General Zhukov card: the support step (neutral or matching colour: the headline runs;
    otherwise support moves one space toward the neutral 4 and the headline is skipped), the
    headline step (the day's row; a lapsing card stays on the board until the end of the day) and
    the event step (its placement icon)."""

    def run(self, g, f):
        s = g.s
        card = f["card"]
        c = ZHUKOV[card]
        if f["stage"] == "support":
            colour = SUPPORT_TRACK[s["support"]]["colour"]
            if colour in ("neutral", c["colour"]):
                f["stage"] = "headline"
                _today_outcome(g, card, "resolved")
            else:
                f["stage"] = "event"
                _today_outcome(g, card, "skipped")
                ops.shift_support(g, 1 if s["support"] < SUPPORT_START else -1,
                                  f"{card_name(card)} is {c['colour']} on a {colour} space: its headline is skipped")
            return
        if f["stage"] == "headline":
            f["stage"] = "event"
            f["resolved"] = True
            h = headline(card, f["row"])
            ops.log(g, f"{card_name(card)}, {f['row']} headline: {h['title']}. {h['text']}", refs=[card])
            push_effect(g, f"{card}:{f['row']}", by=TEAM)
            return
        if f["stage"] == "event":
            f["stage"] = "done"
            event_step(g, c["placement"])
            return
        pop(g, f)
        if f["resolved"] and headline(card, f["row"])["lapsing"]:
            s["zhukov_on_board"].append(card)
            ops.log(g, f"{card_name(card)} stays on the board until the end of the day (lapsing).", refs=[card])
        else:
            s["zhukov_discard"].append(card)


def _today_outcome(g, card: str, outcome: str) -> None:
    """Note the support step's outcome on today's draw of `card`: its headline "resolved" or "skipped"."""
    for drawn in reversed(g.s["today"].get("zhukov_cards", [])):
        if drawn["card"] == card:
            drawn["headline"] = outcome
            return


def event_step(g, icon: str) -> None:
    """Rulebook: Event step (Zhukov): place a minor event, discard a major one, or place a major
    one with its placement text, the team making the choices."""
    s = g.s
    if icon == "place_minor":
        if not s["minor_deck"]:
            ops.log(g, "The minor event deck is empty: no event is drawn.")
            return
        event = s["minor_deck"].pop()
        ops.checkpoint(g, "draw")
        loc = EVENT[event]["location"]
        if s["locations"][loc]["event"]:
            s["event_discard"].append(event)
            ops.log(g, f"Minor event {EVENT[event]['title']} is drawn; {ops.name_of_loc(loc)} already has an event, "
                       "so it is discarded.", refs=[event, loc])
            return
        s["locations"][loc]["event"] = event
        ops.log(g, f"Minor event {EVENT[event]['title']} is placed in {ops.name_of_loc(loc)}.", refs=[event, loc])
        return
    if not s["event_deck"]:
        ops.log(g, "The major event deck is empty: no event is drawn.")
        return
    event = s["event_deck"].pop()
    ops.checkpoint(g, "draw")
    if icon == "discard_major":
        s["event_discard"].append(event)
        ops.log(g, f"Major event {EVENT[event]['title']} is drawn and discarded.", refs=[event])
        return
    options = placement_options(g, event) if EVENT[event]["location"] in ("anywhere", "anywhere_sniper") \
        else [EVENT[event]["location"]]
    if not options:
        s["event_discard"].append(event)
        ops.log(g, f"Major event {EVENT[event]['title']} finds no empty location and is discarded without effect.",
                refs=[event])
        return
    ops.log(g, f"Major event {EVENT[event]['title']} is drawn.", refs=[event])
    if len(options) > 1:
        push(g, kinds.place_event(event, options, by=TEAM))
        return
    place_major(g, event, options[0])


def place_major(g, event: str, loc: str) -> None:
    if event in IGNORED_PLACEMENTS:
        here = g.s["locations"][loc]
        if here["event"]:
            g.s["event_discard"].append(here["event"])
            ops.log(g, f"{EVENT[here['event']]['title']} is removed from {ops.name_of_loc(loc)} without effect.",
                    refs=[here["event"], loc])
        here["event"] = event
        ops.log(g, f"{EVENT[event]['title']} is placed in {ops.name_of_loc(loc)}; its placement text is ignored "
                   "in the Zhukov ruleset.", refs=[event, loc])
        return
    place_event(g, event, loc, by=TEAM)


# ----- Phase 3: the four fixed SPA steps ----------------------------------------------------------
def _player_distances(g) -> dict[str, int]:
    """Steps from every city location to the nearest player in the city. Ruling R103: SPA units
    never enter a promo location (the Printing Press), so they move on the city's strings only and
    a player there is out of their reach."""
    dist = {loc: 0 for loc in set(g.s["positions"].values()) if loc in LOCATION_IDS}
    queue = deque(dist)
    while queue:
        here = queue.popleft()
        for n in NEIGHBOURS[here]:
            if n not in dist:
                dist[n] = dist[here] + 1
                queue.append(n)
    return dist


def _stays(g, loc: str) -> bool:
    """SPA units do not move in a location with a player or a barricade."""
    return bool(ops.players_at(g, loc)) or ops.has_barricade(g, loc)


def militia_targets(g) -> dict[str, str]:
    """Move militia: where the militia of each location go (from the state at the step's start);
    never into a promo location (R103)."""
    order = [seat for seat in g.s["turn_order"] if seat in g.s["positions"]] or ops.rev_seats(g)
    out = {}
    for loc in LOCATION_IDS:
        if not g.s["locations"][loc]["militia"] or _stays(g, loc):
            continue
        near = set(NEIGHBOURS[loc])
        for seat in order:  # the player earlier in turn
            if g.s["positions"][seat] in near:
                out[loc] = g.s["positions"][seat]
                break
    return out


def sniper_steps(g, loc: str) -> list[str]:
    """Move snipers: the adjacent city locations one step closer to the closest player (R103)."""
    dist = _player_distances(g)
    d = dist.get(loc)
    if d is None or d == 0:
        return []
    return [n for n in NEIGHBOURS[loc] if dist.get(n) == d - 1]


def attack_locations(g) -> list[str]:
    """Attack (fire): every location with a player, an active fighter or a barricade, in board
    order; one whose strength is 0 cannot hit and does not roll (P9)."""
    locs = g.s["locations"]
    return [loc for loc in locs
            if (ops.players_at(g, loc) or locs[loc]["active"] or locs[loc]["barricades"]) and strength(g, loc) > 0]


@register("zhukov_spa")
class ZhukovSpa(Frame):
    """Rulebook: Phase 3: State Protection Authority Phase

    The four fixed steps without cards: move militia, move snipers, place militia (or a sniper in
    Astoria), attack. The team chooses only where the rules say either can be chosen: a sniper's
    step between equally good ones, and the locations of the last militia when fewer than 3 are
    left."""

    team_answer = True

    def deciders(self, g, f):
        if f["stage"] == "snipers" and f["pending"] and len(sniper_steps(g, f["pending"][0])) > 1:
            return ops.rev_seats(g)
        if f["stage"] == "place" and f["placing"] > 0:
            return ops.rev_seats(g)
        return []

    def actions(self, g, f, seat):
        if f["stage"] == "snipers":
            src = f["pending"][0]
            return [{"type": "move_sniper", "from": src, "to": n} for n in sniper_steps(g, src)]
        return [{"type": "place_militia", "location": loc} for loc in MILITIA_PLACES if loc not in f["placed"]]

    def on_move_sniper(self, g, f, seat, a):
        f["pending"].pop(0)
        ops.move_units(g, a["from"], a["to"], "snipers")

    def on_place_militia(self, g, f, seat, a):
        f["placing"] -= 1
        f["placed"].append(a["location"])
        ops.place_units(g, a["location"], "militia", 1)

    def run(self, g, f):
        s = g.s
        stage = f["stage"]
        skipped = s["today"]["spa_forbidden"]
        if stage == "militia":
            f["stage"] = "snipers"
            if SKIPPED_BY["move_militia"] in skipped:
                ops.log(g, "Move militia is skipped today (Defense of the Iron Works).")
            else:
                for src, dst in militia_targets(g).items():
                    ops.move_units(g, src, dst, "militia", s["locations"][src]["militia"])
            # The snipers to move, one entry per sniper, in board order.
            if SKIPPED_BY["move_snipers"] not in skipped:
                f["pending"] = [loc for loc in s["locations"] if not _stays(g, loc)
                                for _ in range(s["locations"][loc]["snipers"])]
            return
        if stage == "snipers":
            if SKIPPED_BY["move_snipers"] in skipped:
                ops.log(g, "Move snipers is skipped today (SPA resupplies).")
                f["stage"] = "place"
                self._start_place(g, f)
                return
            while f["pending"]:
                src = f["pending"][0]
                steps = sniper_steps(g, src)
                if len(steps) > 1:
                    return  # the team chooses (deciders)
                f["pending"].pop(0)
                if steps:
                    ops.move_units(g, src, steps[0], "snipers")
            f["stage"] = "place"
            self._start_place(g, f)
            return
        if stage == "place":
            f["placing"] = 0
            f["stage"] = "attack"
            if not f["placed"]:
                if ops.place_units(g, SNIPER_FALLBACK, "snipers", 1) == 0:
                    ops.log(g, "No militia and no sniper is left to place.")
            return
        if stage == "attack":
            f["stage"] = "done"
            if SKIPPED_BY["attack"] in skipped:
                ops.log(g, "The Attack step is skipped today (Siege).")
                return
            push(g, kinds.zhukov_attack("SPA attack"))
            return
        pop(g, f)

    def _start_place(self, g, f):
        room = ops.supply(g, "militia")
        if room >= len(MILITIA_PLACES):
            for loc in MILITIA_PLACES:
                ops.place_units(g, loc, "militia", 1)
                f["placed"].append(loc)
        else:
            f["placing"] = room  # the team chooses between the three locations (0: a sniper instead)

    def decision(self, g, f):
        if f["stage"] == "snipers":
            return {"kind": "zhukov_spa", "stage": "move_sniper", "from": f["pending"][0]}
        return {"kind": "zhukov_spa", "stage": "place_militia", "count": f["placing"]}

    def prompt(self, g, f):
        if f["stage"] == "snipers":
            return (f"Move snipers: the sniper in {ops.name_of_loc(f['pending'][0])} can come closer to the "
                    "nearest player along more than one way; choose its step.")
        return f"Place militia: only {f['placing']} militia left; choose where (Csepel, Széna Square, HWPP Headquarters)."


@register("zhukov_attack")
class ZhukovAttack(Frame):
    """Rulebook: Phase 3: State Protection Authority Phase

    The Attack step: every location with a player, an active fighter or a barricade rolls 2 dice
    against its strength (snipers 3, militia 1), each location's hits settled before the next
    rolls; then every location with strength 9 or more and no barricade threatens (morale toward
    the Soviet end once each)."""

    def run(self, g, f):
        if f["stage"] == "start":
            f["stage"] = "fire"
            f["pending"] = attack_locations(g)
            if not f["pending"]:
                ops.log(g, f"{f['why']}: no location is attacked (where a player, an active fighter or a barricade "
                           "is, the SPA strength is 0).")
            return
        if f["stage"] == "fire":
            if f["pending"]:
                loc = f["pending"].pop(0)
                total = strength(g, loc)
                if total > 0:
                    attack_fire(g, loc, total, f["why"])
                return
            f["stage"] = "threaten"
            return
        pop(g, f)
        for loc in g.s["locations"]:
            threaten(g, loc, strength(g, loc))
