"""Play games between bot kinds ("random" or "greedy") for each side, through views and legal actions."""
from __future__ import annotations

import random
import time
from collections import Counter

from engine import new_game

from .greedy import GreedyBot
from .random_bot import RandomBot


def _bot(kind: str, seed: int):
    return GreedyBot(seed) if kind == "greedy" else RandomBot(seed)


def play(revolutionaries: int, seed: int, soviet: str = "greedy", rev: str = "greedy", options=None):
    g = new_game(revolutionaries, seed, options or {})
    bots = {"soviet": _bot(soviet, seed * 31 + 1), "rev": _bot(rev, seed * 31 + 2)}
    pick = random.Random(seed)
    steps = 0
    while g.result is None:
        seat = pick.choice(g.active_seats())
        bot = bots["soviet" if seat == "soviet" else "rev"]
        actions = g.legal_actions(seat)
        if isinstance(bot, GreedyBot):
            action = bot.choose(g.view(seat), actions)
        else:
            action = bot.choose(actions)
        g.apply(seat, action)
        steps += 1
        if steps > 20000:
            raise RuntimeError(f"no end after {steps} steps (seed {seed})")
    return g


def tournament(games: int, seed: int, revolutionaries: int, soviet: str, rev: str, options=None) -> dict:
    wins: Counter = Counter()
    reasons: Counter = Counter()
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        g = play(revolutionaries, seed + i, soviet, rev, options)
        wins[g.result["winner"]] += 1
        reasons[(g.result["winner"], reason_kind(g.result["reason"]))] += 1
        actions += g.move_count
    elapsed = time.perf_counter() - start
    return {"games": games, "seconds": elapsed, "games_per_second": games / elapsed if elapsed else 0.0,
            "wins": dict(wins), "reasons": {f"{w}: {r}": n for (w, r), n in sorted(reasons.items())},
            "mean_actions": actions / games if games else 0.0}


def reason_kind(reason: str) -> str:
    if "injury" in reason:
        return "injuries"
    if "skull" in reason:
        return "morale on the skull"
    if "at the evaluation" in reason:
        return "evaluation"
    if "No Soviet tanks" in reason:
        return "no tanks and no militia"
    return "event penalty"
