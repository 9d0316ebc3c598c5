"""Conflict ruleset, Phase 1: Soviet phase (headline, event, army, support and market steps). The
Zhukov ruleset's Event step places events with the same `place_event` frame (frames/zhukov.py)."""
from __future__ import annotations

from .. import ops
from ..board import LOCATION_IDS, NEIGHBOURS, REINFORCEMENT
from ..cards import EVENT, HEADLINE, name_of
from ..data import MARKET_SURCHARGE
from . import kinds
from .base import Frame, pop, push, register
from .choice import push_effect

SOVIET = ["soviet"]


# ----- headline step ----------------------------------------------------------------------------
@register("headline")
class HeadlineStep(Frame):
    """Rulebook: Headline step

    Play headline cards: red (collect CP or resolve), green (collect CP and the team resolves it, or
    discard)."""

    always_has_actions = True  # "done"
    # Only the day frame (flow.py) pushes this step, on itself; when it ends the day frame pushes
    # the event step at once (the Soviet phase: no immediate victory), which always offers "done".
    keeps_undo = frozenset({"done"})

    def deciders(self, g, f):
        return SOVIET

    def actions(self, g, f, seat):
        acts = []
        for card in g.s["headline_hand"]:
            h = HEADLINE[card]
            if h["colour"] == "red":
                acts.append({"type": "play_headline", "card": card, "mode": "cp"})
                acts.append({"type": "play_headline", "card": card, "mode": "resolve"})
            else:
                acts.append({"type": "play_headline", "card": card, "mode": "cp"})
                if not (h.get("cannot_discard_if") and h["cannot_discard_if"] in g.s["marks"]):
                    acts.append({"type": "play_headline", "card": card, "mode": "discard"})
        acts.append({"type": "done"})
        return acts

    def keeps_undo_for(self, g, f, action):
        # Collecting a red headline's CP or discarding a green one runs no effect: the step goes on,
        # and "done" is always offered. (The card is the player's own.)
        if action["type"] in self.keeps_undo:
            return True
        return action["type"] == "play_headline" and (
            action["mode"] == "discard" or (action["mode"] == "cp" and HEADLINE[action["card"]]["colour"] == "red"))

    def on_done(self, g, f, seat, a):
        ops.log(g, f"The Soviet commander ends the headline step with {g.s['cp']} CP.")
        pop(g, f)

    def on_play_headline(self, g, f, seat, a):
        s = g.s
        card, mode = a["card"], a["mode"]
        h = HEADLINE[card]
        s["headline_hand"].remove(card)
        if mode == "discard":
            s["headline_discard"].append(card)
            ops.log(g, f"The Soviet commander discards the green headline {h['title']}.", refs=[card])
            return
        if mode == "cp":
            s["cp"] += h["cp"]
        if h["colour"] == "red" and mode == "cp":
            s["cp_cards"].append(card)
            ops.log(g, f"The Soviet commander collects {h['cp']} CP from {h['title']}.", refs=[card])
            return
        if h["colour"] == "red":
            ops.log(g, f"The Soviet commander resolves the headline {h['title']}: {h['text']}", refs=[card])
            by = "soviet"
        else:
            ops.log(g, f"The Soviet commander collects {h['cp']} CP from {h['title']}; the Revolutionaries "
                       f"execute it: {h['text']}", refs=[card])
            by = "revolutionaries"
        push(g, kinds.headline_icons(card, mode))
        push_effect(g, card, by=by, actor="soviet" if by == "soviet" else None)

    def decision(self, g, f):
        return {"kind": "headline", "stage": "play", "cp": g.s["cp"]}

    def prompt(self, g, f):
        return (f"Headline step: play headline cards (red: collect CP or resolve; green: collect CP and "
                f"the Revolutionaries resolve it, or discard). CP so far: {g.s['cp']}.")


@register("headline_icons")
class HeadlineIcons(Frame):
    """Rulebook: Icons

    After the text effect: the SPA icon, the mark and the lapsing icon of a headline."""

    def run(self, g, f):
        s = g.s
        card = f["card"]
        h = HEADLINE[card]
        # A text that says "do nothing" (H#11 at the Soviet end, R55) voids the icons with it.
        if h["colour"] == "red" and f["mode"] == "resolve" and h.get("spa") and not f.get("void"):
            retrieve_spa(g, h["spa"])
        if h.get("mark") and card not in s["marks"]:
            s["marks"].append(card)
            ops.log(g, f"A resolution marker for {h['title']} goes into the ashtray.", refs=[card])
        if h.get("lapsing"):
            s["lapsing"].append(card)
        elif f["mode"] == "resolve":
            s["headline_discard"].append(card)
        else:
            s["cp_cards"].append(card)
        pop(g, f)


def retrieve_spa(g, n: int) -> None:
    """Retrieve n SPA cards from the bottom of the discard queue (the card played first)."""
    queue = g.s["spa_queue"]
    back = queue[:n]
    del queue[:n]
    g.s["spa_pool"].extend(back)
    if back:
        ops.log(g, f"The Soviet commander retrieves {', '.join(name_of(c) for c in back)} to the SPA pool.", refs=back)


# ----- event step -------------------------------------------------------------------------------
def event_cost(g, slot: int) -> int:
    e = EVENT[g.s["market"][slot]]
    base = ops.minor_events_on_board(g) if e["cost"] is None else e["cost"]
    return base + MARKET_SURCHARGE[slot]


def placement_options(g, event: str) -> list[str]:
    """Locations where a bought event may go; [] means it cannot be bought."""
    e = EVENT[event]
    locs = ops.board(g)
    where = e["location"]
    if where == "anywhere":
        return [loc for loc in LOCATION_IDS if not locs[loc]["event"]]
    if where == "anywhere_sniper":
        return [loc for loc in LOCATION_IDS if not locs[loc]["event"] and locs[loc]["snipers"] > 0]
    if e["cost"] is None and locs[where]["event"]:
        return []
    return [where]


@register("event_step")
class EventStep(Frame):
    """Rulebook: Event step

    Buy events from the market with CP (the slot surcharge included)."""

    always_has_actions = True  # "done"
    # Only the day frame pushes this step, on itself; when it ends the day frame pushes the army
    # step at once (the Soviet phase: no immediate victory), which always offers "done".
    keeps_undo = frozenset({"done"})

    def deciders(self, g, f):
        return SOVIET

    def actions(self, g, f, seat):
        acts = []
        for slot, event in enumerate(g.s["market"]):
            if event and event_cost(g, slot) <= g.s["cp"] and placement_options(g, event):
                acts.append({"type": "buy_event", "slot": slot})
        acts.append({"type": "done"})
        return acts

    on_done = Frame.close

    def keeps_undo_for(self, g, f, action):
        if action["type"] in self.keeps_undo:
            return True
        # An event with two places or more: the commander chooses where next (`PlaceEvent`).
        return action["type"] == "buy_event" and len(placement_options(g, g.s["market"][action["slot"]])) > 1

    def on_buy_event(self, g, f, seat, a):
        s = g.s
        slot = a["slot"]
        event = s["market"][slot]
        cost = event_cost(g, slot)
        s["cp"] -= cost
        s["market"][slot] = None
        ops.log(g, f"The Soviet commander buys {EVENT[event]['title']} for {cost} CP.", refs=[event])
        options = placement_options(g, event)
        if len(options) == 1:
            place_event(g, event, options[0])
        else:
            push(g, kinds.place_event(event, options))

    def decision(self, g, f):
        return {"kind": "event_step", "stage": "buy", "cp": g.s["cp"]}

    def prompt(self, g, f):
        return f"Event step: buy events from the market ({g.s['cp']} CP left)."


@register("place_event")
class PlaceEvent(Frame):
    """Rulebook: Event step

    An "Anywhere" event: the Soviet commander chooses the empty location (in the Zhukov ruleset
    the Revolutionary players do, f["by"])."""

    team_answer = True

    def deciders(self, g, f):
        return SOVIET if f["by"] == "soviet" else ops.rev_seats(g)

    def actions(self, g, f, seat):
        return [{"type": "place", "location": loc} for loc in f["options"]]

    def on_place(self, g, f, seat, a):
        pop(g, f)
        place_event(g, f["event"], a["location"], by=f["by"])

    def decision(self, g, f):
        return {"kind": "place_event", "stage": "location", "event": f["event"]}

    def prompt(self, g, f):
        return f"Choose an empty location for {EVENT[f['event']]['title']}."


def place_event(g, event: str, loc: str, by: str = "soviet") -> None:
    """Place `event` in `loc`, an event already there being discarded without effect, then run its
    placement text; `by` executes it and makes its choices (the team in the Zhukov ruleset)."""
    here = g.s["locations"][loc]
    old = here["event"]
    if old:
        g.s["event_discard"].append(old)
        ops.log(g, f"{EVENT[old]['title']} is removed from {ops.name_of_loc(loc)} without effect.", refs=[old, loc])
    here["event"] = event
    ops.log(g, f"{EVENT[event]['title']} is placed in {ops.name_of_loc(loc)}.", refs=[event, loc])
    push_effect(g, f"{event}:placement", by=by, actor="soviet" if by == "soviet" else None, location=loc,
                replaced=old)


# ----- army step --------------------------------------------------------------------------------
@register("army")
class ArmyStep(Frame):
    """Rulebook: Army step

    Move Soviet tanks (1 CP) or place them in a reinforcement location (3 CP)."""

    always_has_actions = True  # "done"

    keeps_undo = frozenset({"move_tank", "place_tank"})  # the step goes on ("done" is always offered)

    def deciders(self, g, f):
        return SOVIET

    def actions(self, g, f, seat):
        s = g.s
        acts = []
        if s["cp"] >= 1:
            for loc in LOCATION_IDS:
                movable = s["locations"][loc]["soviet_tanks"] - f["moved"].get(loc, 0)
                if movable > 0 and not ops.has_barricade(g, loc):
                    acts.extend({"type": "move_tank", "from": loc, "to": n} for n in NEIGHBOURS[loc])
        if s["cp"] >= 3 and ops.on_board(g, "soviet_tanks") < ops.CAPS["soviet_tanks"]:
            acts.extend({"type": "place_tank", "location": loc} for loc in REINFORCEMENT)
        acts.append({"type": "done"})
        return acts

    def on_done(self, g, f, seat, a):
        g.s["cp"] = 0  # CP left after the army step are lost
        pop(g, f)

    def on_move_tank(self, g, f, seat, a):
        g.s["cp"] -= 1
        ops.move_units(g, a["from"], a["to"], "soviet_tanks")
        f["moved"][a["to"]] = f["moved"].get(a["to"], 0) + 1

    def on_place_tank(self, g, f, seat, a):
        g.s["cp"] -= 3
        ops.place_units(g, a["location"], "soviet_tanks", 1)

    def decision(self, g, f):
        return {"kind": "army", "stage": "tanks", "cp": g.s["cp"]}

    def prompt(self, g, f):
        return f"Army step: move tanks (1 CP) or place tanks in a reinforcement location (3 CP). {g.s['cp']} CP left."


# ----- support step -----------------------------------------------------------------------------
def allowed_decks(g) -> list[str]:
    day = g.s["day"]
    decks = g.s["headline_decks"]
    if day == 1:
        return ["1"]
    if day == 2:
        return ["1", "2"]
    if day in (3, 4):
        return ["2"]
    if day == 5:
        return ["2", "3"]
    if day == 6:
        for d in ("3", "2", "1"):  # the day-6 fallbacks when the 3 deck runs out
            if decks[d]:
                return [d]
        return []
    return []


def _drawable(g) -> list[str]:
    if len(g.s["headline_hand"]) >= ops.hand_limit_soviet(g):
        return []
    return [d for d in allowed_decks(g) if g.s["headline_decks"][d]]


@register("support")
class SupportStep(Frame):
    """Rulebook: Support step

    Discard the CP headlines, then draw back up to the hand limit the support track shows."""

    # Only decks with cards are offered: the headline is drawn at once.
    cuts_undo = {"draw_headline": "draw"}

    def deciders(self, g, f):
        return SOVIET if f["discarded"] and len(_drawable(g)) > 1 else []

    def actions(self, g, f, seat):
        return [{"type": "draw_headline", "deck": d} for d in _drawable(g)]

    def on_draw_headline(self, g, f, seat, a):
        ops.draw_headline(g, (a["deck"],))

    def run(self, g, f):
        s = g.s
        if not f["discarded"]:
            f["discarded"] = True
            if s["cp_cards"]:
                ops.log(g, f"The Soviet commander discards {', '.join(name_of(c) for c in s['cp_cards'])}.",
                        refs=list(s["cp_cards"]))
            s["headline_discard"].extend(s["cp_cards"])
            s["cp_cards"] = []
            return
        decks = _drawable(g)
        if len(decks) == 1:
            ops.draw_headline(g, (decks[0],))
            return
        pop(g, f)

    def decision(self, g, f):
        return {"kind": "support", "stage": "draw", "hand_limit": ops.hand_limit_soviet(g)}

    def prompt(self, g, f):
        return f"Support step: choose the deck for your next headline (hand limit {ops.hand_limit_soviet(g)})."


# ----- market step ------------------------------------------------------------------------------
def market_left_alone(g) -> bool:
    """R3: only on the 7th day, with the event deck spent, is the market step skipped ("the market
    doesn't need to be refilled"); before that the commander keeps 2 and discards the rest even
    when nothing can be refilled."""
    return g.s["day"] >= 7 and not g.s["event_deck"]


@register("market")
class MarketStep(Frame):
    """Rulebook: Market step

    Keep 2 events, discard the rest for good, refill the market."""

    def deciders(self, g, f):
        return SOVIET if self._choosing(g, f) else []

    @staticmethod
    def _choosing(g, f) -> bool:
        cards = [i for i, e in enumerate(g.s["market"]) if e]
        return not market_left_alone(g) and len(cards) > 2 and len(f["keep"]) < 2

    def actions(self, g, f, seat):
        return [{"type": "keep", "slot": i} for i, e in enumerate(g.s["market"]) if e and i not in f["keep"]]

    def keeps_undo_for(self, g, f, action):
        # The first of the two: the step asks for the second among the (at least two) cards left.
        return not f["keep"]

    def cuts_undo_for(self, g, f, action):
        # The second: the step ends, at least one card goes and the deck refills its slot face up.
        return "reveal" if f["keep"] and g.s["event_deck"] else None

    def on_keep(self, g, f, seat, a):
        f["keep"].append(a["slot"])
        ops.log(g, f"The Soviet commander keeps {EVENT[g.s['market'][a['slot']]]['title']}.",
                refs=[g.s["market"][a["slot"]]])

    def run(self, g, f):
        s = g.s
        pop(g, f)
        if market_left_alone(g):
            ops.log(g, "The event deck is empty on the last day: the market is not refilled.")
            return
        cards = [i for i, e in enumerate(s["market"]) if e]
        keep = f["keep"] if len(cards) > 2 else cards
        kept = [s["market"][i] for i in keep]
        gone = [s["market"][i] for i in cards if i not in keep]
        s["event_discard"].extend(gone)
        if gone:
            ops.log(g, f"Discarded from the market for good: {', '.join(EVENT[e]['title'] for e in gone)}.", refs=gone)
        s["market"] = kept + [None] * (6 - len(kept))
        for slot in range(len(kept), 6):
            if s["event_deck"]:
                s["market"][slot] = s["event_deck"].pop()
        new = [e for e in s["market"][len(kept):] if e]
        if new:
            ops.checkpoint(g, "reveal")
            ops.log(g, f"New events in the market: {', '.join(EVENT[e]['title'] for e in new)}.", refs=new)
        else:
            ops.log(g, "The event deck is empty: no new event comes to the market.")

    def decision(self, g, f):
        return {"kind": "market", "stage": "keep", "count": 2 - len(f["keep"]), "kept": list(f["keep"])}

    def prompt(self, g, f):
        return "Market step: choose 2 events to keep; the rest are discarded for good."
