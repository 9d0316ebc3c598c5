"""The order of a day (Conflict ruleset: Game Structure) and the end of the game."""
from __future__ import annotations

from .. import ops
from ..cards import EVENT, HEADLINE
from ..data.board import ACTIONS_PER_TURN, EVALUATION_MAX_EVENTS
from ..effects import push_effect
from ..powers import has_power
from ..setup import fresh_day_flags
from . import kinds
from .base import Frame, pop, push, register

DAYS = 7
DATES = {1: "October 23rd", 2: "October 24th", 3: "October 25th", 4: "October 26th", 5: "October 27th",
         6: "October 28th", 7: "October 29th"}

# Each stage: (phase, step, frame to push or None for inline work)
STAGES = [
    ("soviet", "headline"),
    ("soviet", "event"),
    ("soviet", "army"),
    ("soviet", "support"),
    ("soviet", "market"),
    ("revolutionary", "turn_order"),
    ("revolutionary", "turns"),
    ("revolutionary", "draw"),
    ("spa", "spa"),
    ("end", "end_of_day"),
]


@register("day")
class Day(Frame):
    def run(self, g, f):
        s = g.s
        stage = f["stage"]
        f["stage"] += 1
        phase, step = STAGES[stage]
        s["phase"], s["step"] = phase, step
        if step == "headline":
            s["cp"] = 0
            ops.log(g, f"Day {s['day']} ({DATES[s['day']]}): the Soviet phase begins.")
            push(g, kinds.headline())
        elif step == "event":
            push(g, kinds.event_step())
        elif step == "army":
            push(g, kinds.army())
        elif step == "support":
            push(g, kinds.support())
        elif step == "market":
            push(g, kinds.market())
        elif step == "turn_order":
            ops.log(g, "The Revolutionary phase begins.")
            ops.check_immediate_victory(g)
            push(g, kinds.turn_order())
        elif step == "turns":
            counts = ACTIONS_PER_TURN[s["revolutionaries"]]
            frames = []
            today = s["today"]
            for seat, n in zip(s["turn_order"], counts, strict=True):
                left = max(0, n + today["extra_actions"].get(seat, 0) - today["fewer_actions"].get(seat, 0))
                today["actions_allowed"] += left
                # Green player power (disadvantage): the first movement step is not free.
                free = not has_power(g, seat, "green", "disadvantage")
                frames.append(kinds.turn(seat, left, free))
            for fr in reversed(frames):
                push(g, fr)
        elif step == "draw":
            push(g, kinds.rev_draw())
        elif step == "spa":
            ops.log(g, "The State Protection Authority phase begins.")
            push(g, kinds.spa())
        elif step == "end_of_day":
            end_of_day(g, f)


def end_of_day(g, day_frame) -> None:
    s = g.s
    for card in s["lapsing"]:
        if card in HEADLINE:
            s["headline_discard"].append(card)
        elif card in EVENT:
            s["event_discard"].append(card)
    s["lapsing"] = []
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
    """Event penalties, then the evaluation (Ending the Game)."""

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
                if push_effect(g, key, by="soviet", actor="soviet"):
                    return
            f["stage"] = "evaluation"
            return
        if ops.morale_on_skull(g):
            ops.set_result(g, "soviet", "Morale is on the skull at the end of the game.")
            return
        limit = EVALUATION_MAX_EVENTS
        n = len(ops.events_on_board(g))
        if n <= limit:
            ops.set_result(g, "revolutionaries", f"Only {n} event(s) remain on the board at the evaluation.")
        else:
            ops.set_result(g, "soviet", f"{n} events remain on the board at the evaluation (more than {limit}).")
        pop(g, f)
