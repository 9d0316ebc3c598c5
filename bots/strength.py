"""The hard bot's strength table (docs/balance.md, "The hard bot"): games of the hard bot in the
given seats against the normal (greedy) bot in the others, with 95% Wilson intervals and the hard
bot's think time per decision.

    python -m bots.strength --ruleset conflict --revolutionaries 2 --hard soviet --games 100
    python -m bots.strength --ruleset zhukov --revolutionaries 3 --hard rev --games 100

`--hard rev` gives every Revolutionary seat to the hard bot, `soviet` the Soviet seat, `all` every
seat (hard against hard), `none` none (the normal bot's own rate, for comparison). `--jobs` plays
games in parallel processes; `--think-ms` is the per-decision budget (CPU milliseconds).
"""
from __future__ import annotations

import argparse
import json
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor

from engine import new_game

from .greedy import GreedyBot
from .search import DEFAULT_THINK_MS, SearchBot, side_of


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def hard_seats(seats: tuple[str, ...], hard: str) -> set[str]:
    if hard == "all":
        return set(seats)
    if hard == "none":
        return set()
    return {s for s in seats if (s == "soviet") == (hard == "soviet")}


def play_one(args: tuple) -> dict:
    ruleset, revs, hard, seed, think_ms = args
    g = new_game(revs, seed, {"ruleset": ruleset})
    hard_at = hard_seats(g.seats, hard)
    bots = {s: (SearchBot(seed * 7 + i, think_ms) if s in hard_at else GreedyBot(seed * 7 + i))
            for i, s in enumerate(g.seats)}
    pick = random.Random(seed)
    thinks: list[float] = []
    while g.result is None:
        active = g.active_seats()
        seat = active[0] if len(active) == 1 else pick.choice(active)
        bot = bots[seat]
        view = g.view(seat, marks=False)
        if isinstance(bot, SearchBot):
            t = time.process_time()
            action = bot.choose(view, g.information_set(seat))
            if len([a for a in view["actions"] if a["type"] != "undo"]) > 1:
                thinks.append(time.process_time() - t)
        else:
            action = bot.choose(view, view["actions"])
        g.apply(seat, action)
    winner = g.result["winner"]
    mine = {side_of(s) for s in hard_at}
    return {"seed": seed, "winner": winner, "hard_won": (winner in mine) if len(mine) == 1 else None,
            "thinks": thinks}


def run(ruleset: str, revs: int, hard: str, games: int, seed: int, think_ms: int, jobs: int) -> dict:
    tasks = [(ruleset, revs, hard, seed + i, think_ms) for i in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play_one, tasks))
    else:
        results = [play_one(t) for t in tasks]
    thinks = [t for r in results for t in r["thinks"]]
    revs_won = sum(r["winner"] == "revolutionaries" for r in results)
    out = {"ruleset": ruleset, "revolutionaries": revs, "hard": hard, "games": games, "seed": seed,
           "think_ms": think_ms, "revolutionaries_won": revs_won,
           "revolutionaries_interval": [round(x, 3) for x in wilson(revs_won, games)],
           "decisions": len(thinks),
           "think_mean_ms": round(1000 * sum(thinks) / len(thinks), 1) if thinks else None,
           "think_max_ms": round(1000 * max(thinks), 1) if thinks else None}
    if hard in ("rev", "soviet"):
        won = sum(bool(r["hard_won"]) for r in results)
        out["hard_won"] = won
        out["hard_rate"] = round(won / games, 3)
        out["hard_interval"] = [round(x, 3) for x in wilson(won, games)]
    return out


def main(argv=None) -> None:
    p = argparse.ArgumentParser(prog="python -m bots.strength", description=__doc__.split("\n\n")[0])
    p.add_argument("--ruleset", choices=("conflict", "zhukov"), default="conflict")
    p.add_argument("--revolutionaries", type=int, default=1)
    p.add_argument("--hard", choices=("rev", "soviet", "all", "none"), default="rev")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--think-ms", type=int, default=DEFAULT_THINK_MS)
    p.add_argument("--jobs", type=int, default=1)
    a = p.parse_args(argv)
    print(json.dumps(run(a.ruleset, a.revolutionaries, a.hard, a.games, a.seed, a.think_ms, a.jobs)))


if __name__ == "__main__":
    main()
