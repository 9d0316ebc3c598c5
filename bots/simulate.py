"""Play many random games and summarise them (used by `doi simulate`)."""
from __future__ import annotations

import time
from collections import Counter

from .random_bot import play_random_game


def simulate(games: int, seed: int, revolutionaries: int, options: dict | None = None) -> dict:
    wins: Counter = Counter()
    reasons: Counter = Counter()
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        g = play_random_game(revolutionaries, seed + i, options)
        wins[g.result["winner"]] += 1
        reasons[(g.result["winner"], _reason_kind(g.result["reason"]))] += 1
        actions += len(g.s["history"])
    elapsed = time.perf_counter() - start
    return {"games": games, "seconds": elapsed, "games_per_second": games / elapsed if elapsed else 0.0,
            "wins": dict(wins), "reasons": {f"{w}: {r}": n for (w, r), n in sorted(reasons.items())},
            "mean_actions": actions / games if games else 0.0}


def _reason_kind(reason: str) -> str:
    if "injury" in reason:
        return "injuries"
    if "skull" in reason:
        return "morale on the skull"
    if "evaluation" in reason:
        return "evaluation"
    if "No Soviet tanks" in reason:
        return "no tanks and no militia"
    if "penalty" in reason.lower():
        return "event penalty"
    return reason
