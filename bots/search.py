"""The hard bot: determinized Monte Carlo search (Cowling, Powley and Whitehouse 2012, "Information
Set Monte Carlo Tree Search", the flat variant) over what its seat may know.

For one decision it gets the seat's view and the seat's information set (`Game.information_set`:
the state without the secrets the seat cannot see, pooled and sorted). Each playout samples a full
game from the information set with the bot's own RNG (`Game.sample`), plays one candidate action in
it and plays the rest of the game with greedy bots in every seat; the candidate with the best share
of won playouts is chosen. The candidates are picked by UCB1, the greedy bot's own choice first
and counted as a small prior, so a short budget falls back to what the normal bot would do.

The bot sees nothing more than a person in its seat would: the sample depends only on the
information set and the bot's RNG, and the information set is equal for every true state that
gives the seat the same view (tests/test_bots_search.py).
"""
from __future__ import annotations

import math
import random
import time

from engine import Game, IllegalAction

from .greedy import GreedyBot

# A default think budget of 400 ms of CPU per decision keeps the mean under the 1 s goal with room
# for the slower machines (docs/balance.md, "The hard bot").
DEFAULT_THINK_MS = 400
MIN_THINK_MS, MAX_THINK_MS = 50, 5000
# The sub-steps of a plan the greedy bot already made this turn (which card pays a step or an
# action's icons, which fighter comes along) follow its plan: searching them costs a third of the
# decisions and changes little.
FOLLOW_PLAN = {("move", "step"), ("act", "collect")}
SHRINK = 4               # a candidate's win share is pulled toward the greedy choice's by this many playouts
MIN_VISITS = 3           # playouts the budget should afford per candidate searched
MAX_CANDIDATES = 8       # the greedy bot's best few actions are searched, not every one of 40 army placements
PRIOR_WINS, PRIOR_VISITS = 1.0, 2  # the greedy choice starts at 50% over two virtual playouts
EXPLORE = 0.7            # UCB1's exploration constant (wins are 0 or 1)
PLAYOUT_LIMIT = 5000     # actions: a playout that runs longer (never seen) counts as a draw


def side_of(seat: str) -> str:
    return "soviet" if seat == "soviet" else "revolutionaries"


class SearchBot:
    """`choose(view, info)`: the action for the seat whose view and information set these are.
    `think_ms` bounds the CPU time of one decision; `playouts` (tests) fixes their number instead,
    so a decision does not depend on the machine's speed."""

    def __init__(self, seed: int = 0, think_ms: int = DEFAULT_THINK_MS, playouts: int | None = None):
        if not MIN_THINK_MS <= think_ms <= MAX_THINK_MS:
            raise ValueError(f"think_ms must be {MIN_THINK_MS}-{MAX_THINK_MS}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.think_ms = think_ms
        self.playouts = playouts
        self.greedy = GreedyBot(seed)
        self.last_playouts = 0

    def candidates(self, view: dict) -> list[dict]:
        pool = [a for a in view["actions"] if a["type"] != "undo"] or list(view["actions"])
        if len(pool) <= 1:
            return pool
        first = self.greedy.choose(view, pool)
        if (view["decision"]["kind"], view["decision"]["stage"]) in FOLLOW_PLAN:
            return [first]
        ranked = sorted((a for a in pool if a != first),
                        key=lambda a: -self.greedy.score(view, a))
        return [first] + ranked[:MAX_CANDIDATES - 1]

    def choose(self, view: dict, info: dict) -> dict:
        self.last_playouts = 0
        cands = self.candidates(view)
        if len(cands) <= 1:
            return cands[0]
        seat, me = view["seat"], side_of(view["seat"])
        start = time.process_time()
        deadline = start + self.think_ms / 1000
        # The greedy choice's first playout measures what one costs here; the budget then pays for
        # about MIN_VISITS playouts of each candidate searched, the greedy bot's best first.
        first = self._playout(info, seat, cands[0], me)
        n = 1
        if self.playouts is not None:
            affordable = self.playouts
        else:
            affordable = int(self.think_ms / 1000 / max(time.process_time() - start, 1e-4))
        cands = cands[:max(1, min(len(cands), affordable // MIN_VISITS))]
        if len(cands) == 1:
            self.last_playouts = n
            return cands[0]
        wins = [PRIOR_WINS + (first or 0.0)] + [0.0] * (len(cands) - 1)
        visits = [PRIOR_VISITS + (first is not None)] + [0] * (len(cands) - 1)
        while (n < self.playouts) if self.playouts is not None else (time.process_time() < deadline):
            total = sum(visits)
            i = max(range(len(cands)), key=lambda k: math.inf if visits[k] == 0 else
                    wins[k] / visits[k] + EXPLORE * math.sqrt(math.log(total) / visits[k]))
            won = self._playout(info, seat, cands[i], me)
            n += 1
            if won is None:  # the sample could not take the action (a hidden fact the engine keeps in a frame)
                continue
            wins[i] += won
            visits[i] += 1
        self.last_playouts = n
        # A share from a few playouts is mostly noise: shrink each toward the greedy choice's, so an
        # action leaves the greedy choice only when its playouts say so clearly.
        base = wins[0] / visits[0]
        best = max(range(len(cands)), key=lambda k: ((wins[k] + SHRINK * base) / (visits[k] + SHRINK), -k))
        return cands[best]

    def _playout(self, info: dict, seat: str, action: dict, me: str) -> float | None:
        g = Game.sample(info, self.rng)
        try:
            g.apply(seat, action)
        except IllegalAction:
            return None
        bots = GreedyBot(self.rng.getrandbits(32))
        steps = 0
        while g.result is None:
            active = g.active_seats()
            who = active[0] if len(active) == 1 else self.rng.choice(active)
            legal = g.legal_actions(who)
            if len(legal) == 1:  # a forced step needs no view (views are half a playout's cost)
                g.apply(who, legal[0])
            else:
                v = g.view(who, marks=False)
                g.apply(who, bots.choose(v, v["actions"]))
            steps += 1
            if steps > PLAYOUT_LIMIT:
                return 0.5
        return 1.0 if g.result["winner"] == me else 0.0


def ready() -> bool:
    """A worker process is up, the engine imported (app.seats.bot_pool waits for it once)."""
    return True


def decide(view: dict, info: dict, seed: int, think_ms: int) -> tuple[dict, float, int]:
    """One decision in a worker process (app.seats.bot_pool): the action, the CPU seconds it took
    and the playouts it made."""
    start = time.process_time()
    bot = SearchBot(seed, think_ms)
    action = bot.choose(view, info)
    return action, time.process_time() - start, bot.last_playouts
