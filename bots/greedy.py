"""Greedy bots: score every legal action from the seat's view with a few rules of thumb of each
side and take the best (random tie-break). They use only the view and the legal actions.

Revolutionaries: resolve events, destroy tanks, clear militia, walk toward the events they can
resolve with fighters in tow, spend hits on barricades and fighters before injuries, value morale
most next to the skull, heal with a First aid kit when hurt, never act under Soviet tanks that could
deal the losing injury, and end their turn out of reach of the night's SPA attacks.
Soviet: collect CP from red headlines unless resolving one is worth more (a hit on an exposed,
injured Revolutionary, morale next to the skull, support and so a bigger hand, discards, tank fire,
lost actions, units placed), take a green one's CP only when they beat what its text gives the
Revolutionaries (a lower hand limit included), buy as many events as possible, put tanks where the
Revolutionaries stand, and send the SPA after them (bots/soviet_spa.py).

The parts: bots/revolutionary_plan.py (the turn plan), bots/revolutionary_turn.py (following it,
paying), bots/revolutionary_values.py (what cards, morale and rewards are worth),
bots/revolutionary_score.py and bots/soviet_score.py (a score per legal action), bots/city.py (the
map).
"""
from __future__ import annotations

import random

from . import zhukov_team
from .revolutionary_score import rev_score
from .revolutionary_turn import RevTurn
from .soviet_score import soviet_score


class GreedyBot:
    def __init__(self, seed: int = 0, plan_width: int | None = None):
        self.rng = random.Random(seed)
        self.rev = RevTurn(plan_width)
        # Rulebook, Attack!: two Attack! cards a day may not target the same location. The view
        # does not list today's targets, so the bot remembers its own (day, location).
        self.attacked: set[tuple[int, str]] = set()

    def choose(self, view: dict, actions: list[dict]) -> dict:
        pool = [a for a in actions if a["type"] != "undo"] or actions
        if view.get("ruleset") == "zhukov":
            picked = zhukov_team.choose(view, pool)
            if picked is not None and picked in pool:
                return picked
        if view["seat"] != "soviet":
            planned = self.rev.choose(view, pool, view["seat"])
            if planned is not None and planned in pool:
                return planned
        scored = [(self.score(view, a), self.rng.random(), i) for i, a in enumerate(pool)]
        picked = pool[max(scored)[2]]
        if picked["type"] == "attack":
            self.attacked.add((view["day"], picked["location"]))
        return picked

    # ----- scoring ----------------------------------------------------------------------------------
    def score(self, v: dict, a: dict) -> float:
        seat = v["seat"]
        if seat == "soviet":
            return soviet_score(v, a, {loc for day, loc in self.attacked if day == v["day"]})
        return rev_score(v, a, seat)
