"""The hard bot: determinized Monte Carlo search (Cowling, Powley and Whitehouse 2012, "Information
Set Monte Carlo Tree Search", the flat variant) over what its seat may know.

For one decision it gets the seat's view and the seat's information set (`Game.information_set`:
the state without the secrets the seat cannot see, pooled and sorted). Each playout samples a full
game from the information set with the bot's own RNG (`Game.sample`), plays one candidate action in
it and plays on with greedy bots in every seat, to the end or to the start of a later day, where a
position estimate fitted on greedy games scores it (bots/evaluate.py). The candidates are the
greedy bot's best few, played in rounds on the same samples and halved as the rounds go; the
greedy bot's own choice is the yardstick, left only for an action whose paired gain over it is
clear, so a short budget falls back to what the normal bot would do.

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
MAX_CANDIDATES = 8       # the greedy bot's best few actions are searched, not every one of 40 army placements
HALVE_AFTER = 2          # rounds before the first halving of the candidates
CONFIDENCE = 1.0         # standard errors a candidate's gain over the greedy choice must clear
# The spread of one paired difference assumed at least (a share or an estimate in 0-1): two rounds
# that happen to agree do not make a sure thing.
MIN_VARIANCE = 0.25 ** 2
PLAYOUT_LIMIT = 5000     # actions: a playout that runs longer (never seen) counts as a draw
# A playout stops at the start of the day this many days after the decision's and is scored by the
# position estimate (where bots/eval_weights.json has a model for it): the rest of a game costs
# most of a full playout and adds mostly noise.
HORIZON = 2
# The greedy Revolutionaries of a playout follow only the 4 best options of each step of their turn
# plan: as strong as the full plan (greedy against greedy, 200 games at 1-3 Revolutionaries, within
# 3 points) at half a playout's cost at 1 Revolutionary.
PLAN_WIDTH = 4


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
        deadline = time.process_time() + self.think_ms / 1000
        # Candidates are compared in rounds on the same sampled game and the same playout dice
        # (common random numbers): a difference between two of them is then the action's, not the
        # luck of the deal. After HALVE_AFTER rounds, then twice as many, and so on, the worse half
        # is dropped (sequential halving, Karnin, Koren and Somekh 2013), so the budget goes to
        # telling the best few apart; the greedy choice always stays, as the yardstick.
        scores: list[list[float | None]] = [[] for _ in cands]
        alive = list(range(len(cands)))
        n, rounds, cut_at = 0, 0, HALVE_AFTER
        while self.playouts is None or n < self.playouts:
            round_seed, got = self.rng.getrandbits(63), []
            for k in alive:
                if (n >= self.playouts) if self.playouts is not None else (time.process_time() >= deadline):
                    break
                got.append(self._playout(info, seat, cands[k], me, round_seed))
                n += 1
            if len(got) < len(alive):
                break  # out of budget inside a round: its unpaired results are left out
            for k, result in zip(alive, got, strict=True):
                scores[k].append(result)
            rounds += 1
            if rounds == cut_at and len(alive) > 2:
                ranked = sorted(alive[1:], key=lambda k: -gain_over_greedy(scores, k)[0])
                alive = [0] + sorted(ranked[:max(1, len(alive) // 2 - 1)])
                cut_at *= 2
        self.last_playouts = n
        # The greedy choice is left only for an action whose paired gain over it stays above zero
        # by CONFIDENCE standard errors: a few rounds are mostly noise, and the greedy bot's choice
        # is a fair one to fall back on.
        best, best_bound = 0, 0.0
        for k in alive[1:]:
            mean, se = gain_over_greedy(scores, k)
            if mean - CONFIDENCE * se > best_bound:
                best, best_bound = k, mean - CONFIDENCE * se
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
        bots = GreedyBot(rng.getrandbits(32), PLAN_WIDTH)
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


def gain_over_greedy(scores: list[list[float | None]], k: int) -> tuple[float, float]:
    """Candidate k's mean paired gain over the greedy choice (candidate 0) in the rounds both were
    played in, and its standard error; (-1, 0) without two such rounds."""
    diffs = [a - b for a, b in zip(scores[k], scores[0], strict=False) if a is not None and b is not None]
    if len(diffs) < 2:
        return -1.0, 0.0
    mean = sum(diffs) / len(diffs)
    var = max(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1), MIN_VARIANCE)
    return mean, (var / len(diffs)) ** 0.5


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
