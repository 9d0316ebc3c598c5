"""The order of a day (Game Structure, in both rulesets) and the end of the game."""
from __future__ import annotations

from collections.abc import Callable

from .. import ops
from ..cards import EVENT, HEADLINE
from ..powers import has_power
from . import kinds
from .base import Frame, pop, push, register
from .choice import push_effect
from .turn_order import turn_actions

DAYS = 7
DATES = {1: "October 23rd", 2: "October 24th", 3: "October 25th", 4: "October 26th", 5: "October 27th",
         6: "October 28th", 7: "October 29th"}

# Rules that act as a day's Soviet phase begins, outside any frame (the Printing Press promo
# location comes into play on its day: engine/effects/printing_press.py). The module that owns
# the rule registers it (`@at_start_of_day`), so the day's order never imports it; they run in
# the order they were registered.
START_OF_DAY: list[Callable] = []


def at_start_of_day(fn: Callable) -> Callable:
    START_OF_DAY.append(fn)
    return fn


def start_soviet_phase(g, day_frame) -> None:
    g.s["cp"] = 0
    ops.log(g, f"Day {g.s['day']} ({DATES[g.s['day']]}): the Soviet phase begins.")
    for rule in START_OF_DAY:
        rule(g)
    push(g, kinds.headline())


def start_revolutionary_phase(g, day_frame) -> None:
    ops.log(g, "The Revolutionary phase begins.")
    ops.check_immediate_victory(g)
    push(g, kinds.turn_order())


def start_turns(g, day_frame) -> None:
    """Each Revolutionary's turn in the chosen order, with the actions of the player count."""
    s = g.s
    today = s["today"]
    frames = []
    for position, seat in enumerate(s["turn_order"], 1):
        left = turn_actions(g, seat, position)
        today["actions_allowed"] += left
        # Green player power (disadvantage): the first movement step is not free.
        free = not has_power(g, seat, "green", "disadvantage")
        frames.append(kinds.turn(seat, left, free))
    for fr in reversed(frames):
        push(g, fr)


def start_spa_phase(g, day_frame) -> None:
    ops.log(g, "The State Protection Authority phase begins.")
    push(g, kinds.spa())


def _pushing(make):
    return lambda g, day_frame: push(g, make())


# The day in order: (phase, step, what starts the step). The step's frame runs until it pops.
STAGES = [
    ("soviet", "headline", start_soviet_phase),
    ("soviet", "event", _pushing(kinds.event_step)),
    ("soviet", "army", _pushing(kinds.army)),
    ("soviet", "support", _pushing(kinds.support)),
    ("soviet", "market", _pushing(kinds.market)),
    ("revolutionary", "turn_order", start_revolutionary_phase),
    ("revolutionary", "turns", start_turns),
    ("revolutionary", "draw", _pushing(kinds.rev_draw)),
    ("spa", "spa", start_spa_phase),
    ("end", "end_of_day", lambda g, day_frame: end_of_day(g, day_frame)),
]


def start_zhukov_phase(g, day_frame) -> None:
    ops.log(g, f"Day {g.s['day']} ({DATES[g.s['day']]}): the Soviet phase begins (General Zhukov).")
    for rule in START_OF_DAY:
        rule(g)
    push(g, kinds.zhukov_phase())


def start_zhukov_spa(g, day_frame) -> None:
    ops.log(g, "The State Protection Authority phase begins (the four fixed steps).")
    push(g, kinds.zhukov_spa())


# The Zhukov ruleset's day: the Zhukov deck replaces the five Soviet steps, the SPA phase runs by
# its four fixed steps; the Revolutionary phase and the end of the day are the same.
ZHUKOV_STAGES = [
    ("soviet", "zhukov", start_zhukov_phase),
    ("revolutionary", "turn_order", start_revolutionary_phase),
    ("revolutionary", "turns", start_turns),
    ("revolutionary", "draw", _pushing(kinds.rev_draw)),
    ("spa", "zhukov_spa", start_zhukov_spa),
    ("end", "end_of_day", lambda g, day_frame: end_of_day(g, day_frame)),
]


@register("day")
class Day(Frame):
    """Rulebook: Game Structure

    Walks the day through STAGES (ZHUKOV_STAGES in the Zhukov ruleset); f["stage"] is the next
    stage to start."""

    def run(self, g, f):
        phase, step, start = (ZHUKOV_STAGES if ops.is_zhukov(g) else STAGES)[f["stage"]]
        f["stage"] += 1
        g.s["phase"], g.s["step"] = phase, step
        start(g, f)


def fresh_day_flags() -> dict:
    """The day's flags (`g.s["today"]`), fresh at setup and after every day."""
    return {
        "attacked": [],          # locations targeted by an Attack! card today
        "spa_forbidden": [],     # SPA card kinds an event forbids today
        "extra_actions": {},     # seat -> extra actions this day
        "fewer_actions": {},     # seat -> actions lost this day
        "spa_played": 0,
        "bonus": [],             # [{"icon", "actions", "source"}]: icons collected by every such action today
        "aid_full": False,       # an Aid card gives all its icons for Resolve an event today (H#35 + H#8)
        "first_aid_heals": 1,    # injuries a First aid kit removes today (E#31 makes it 2)
        "last_stand": [],        # seats whose location's hits must injure them until the end of the day
        "actions_taken": 0,      # Revolutionary actions spent today
        "actions_passed": 0,     # Revolutionary actions passed today
        "actions_allowed": 0,    # Revolutionary actions the team has today
    }


def end_of_day(g, day_frame) -> None:
    s = g.s
    for card in s["lapsing"]:
        if card in HEADLINE:
            s["headline_discard"].append(card)
        elif card in EVENT:
            s["event_discard"].append(card)
    s["lapsing"] = []
    if ops.is_zhukov(g):
        # The lapsing General Zhukov cards kept on the board as reminders are discarded now.
        s["zhukov_discard"].extend(s["zhukov_on_board"])
        s["zhukov_on_board"] = []
    s["today"] = fresh_day_flags()
    if ops.morale_on_skull(g):
        ops.set_result(g, "soviet", "Morale is on the skull at the end of the day.")
        return
    if s["day"] >= DAYS:
        pop(g, day_frame)
        ops.log(g, "October 30th: the sides sit down to negotiate.")
        push(g, kinds.game_end())
        return
    s["day"] += 1
    day_frame["stage"] = 0


@register("game_end")
class GameEnd(Frame):
    """Rulebook: Ending the Game

    Event penalties, then the evaluation."""

    def run(self, g, f):
        s = g.s
        s["phase"], s["step"] = "end", "evaluation"
        if f["stage"] == "penalties":
            if f["pending"] is None:
                f["pending"] = [e for e in ops.events_on_board(g) if EVENT[e].get("penalty")]
            while f["pending"]:
                event = f["pending"].pop(0)
                ops.log(g, f"Penalty of {EVENT[event]['title']}: {EVENT[event]['penalty']}", refs=[event])
                key = f"{event}:penalty"
                by, actor = ("revolutionaries", None) if ops.is_zhukov(g) else ("soviet", "soviet")
                if push_effect(g, key, by=by, actor=actor):
                    return
            f["stage"] = "evaluation"
            return
        if ops.morale_on_skull(g):
            ops.set_result(g, "soviet", "Morale is on the skull at the end of the game.")
            return
        limit = ops.evaluation_max_events(g)
        n = len(ops.events_on_board(g))
        if n <= limit:
            ops.set_result(g, "revolutionaries", f"Only {n} event(s) remain on the board at the evaluation.")
        else:
            ops.set_result(g, "soviet", f"{n} events remain on the board at the evaluation (more than {limit}).")
        pop(g, f)
