"""The hard bot: determinized Monte Carlo search (Cowling, Powley and Whitehouse 2012, "Information
Set Monte Carlo Tree Search", the flat variant) over what its seat may know.

For one decision it gets the seat's view and the seat's information set (`Game.information_set`:
the state without the secrets the seat cannot see, pooled and sorted). Each playout samples a full
game from the information set with the bot's own RNG (`Game.sample`), plays one candidate action in
it and plays on with greedy bots in every seat, to the end or to the start of a later day, where a
position estimate fitted on greedy games scores it (bots/evaluate.py); the candidate with the best
share is chosen. The candidates are the greedy bot's best few, played in rounds on the same samples;
the greedy bot's own choice counts as a small prior, so a short budget falls back to what the
normal bot would do.

The bot sees nothing more than a person in its seat would: the sample depends only on the
information set and the bot's RNG, and the information set is equal for every true state that
gives the seat the same view (tests/test_bots_search.py).
"""
from __future__ import annotations

import random
import time

from engine import Game, IllegalAction

from .evaluate import has_model, revolutionaries_win
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
PLAYOUT_LIMIT = 5000     # actions: a playout that runs longer (never seen) counts as a draw
# A playout stops at the start of the day this many days after the decision's and is scored by the
# position estimate (where bots/eval_weights.json has a model for it): the rest of a game costs
# most of a full playout and adds mostly noise.
HORIZON = 2


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
        # Candidates are compared in rounds on the same sampled game and the same playout dice
        # (common random numbers): a difference between two of them is then the action's, not the
        # luck of the deal, and a few rounds rank them where independent playouts would not.
        # The greedy choice's first playout measures what one costs here; the budget then pays for
        # about MIN_VISITS rounds of the candidates searched, the greedy bot's best first.
        round_seed = self.rng.getrandbits(63)
        first = self._playout(info, seat, cands[0], me, round_seed)
        n = 1
        if self.playouts is not None:
            affordable = self.playouts
        else:
            affordable = int(self.think_ms / 1000 / max(time.process_time() - start, 1e-4))
        cands = cands[:max(1, min(len(cands), affordable // MIN_VISITS))]
        if len(cands) == 1:
            self.last_playouts = n
            return cands[0]
        wins = [PRIOR_WINS] + [0.0] * (len(cands) - 1)
        visits = [PRIOR_VISITS] + [0] * (len(cands) - 1)
        got: list[float | None] = [first]
        while True:
            for action in cands[len(got):]:
                if (n >= self.playouts) if self.playouts is not None else (time.process_time() >= deadline):
                    break
                got.append(self._playout(info, seat, action, me, round_seed))
                n += 1
            if len(got) < len(cands):
                break  # out of budget inside a round: its unpaired results are left out
            for i, won in enumerate(got):
                if won is not None:  # None: the sample could not take the action (a fact the engine keeps in a frame)
                    wins[i] += won
                    visits[i] += 1
            round_seed, got = self.rng.getrandbits(63), []
        self.last_playouts = n
        # A share from a few rounds is mostly noise: shrink each toward the greedy choice's, so an
        # action leaves the greedy choice only when its playouts say so clearly.
        base = wins[0] / visits[0]
        best = max(range(len(cands)), key=lambda k: ((wins[k] + SHRINK * base) / (visits[k] + SHRINK), -k))
        return cands[best]

    def _playout(self, info: dict, seat: str, action: dict, me: str, seed: int) -> float | None:
        """The game sampled and played on from `seed` after `action`: 1 won, 0 lost, or, cut short at
        the start of day HORIZON days on, the estimated chance of winning (bots/evaluate.py)."""
        rng = random.Random(seed)
        g = Game.sample(info, rng)
        try:
            g.apply(seat, action)
        except IllegalAction:
            return None
        bots = GreedyBot(rng.getrandbits(32))
        revs = sum(1 for s in g.seats if s != "soviet")
        stop_at = g.day + HORIZON if has_model(g.options.get("ruleset", "conflict"), revs, g.day + HORIZON) else None
        steps = 0
        while g.result is None:
            if g.day == stop_at:
                p = revolutionaries_win(g.view("spectator", texts=False, marks=False))
                return p if me == "revolutionaries" else 1.0 - p
            active = g.active_seats()
            who = active[0] if len(active) == 1 else rng.choice(active)
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
