"""Engine benchmark: complete random games per second on one core, and the p99 time of one step
(legal_actions + apply + the views of every seat).

    .venv/bin/python bench/engine.py [--games 200] [--step-games 30] [--seed 1] [--seed-keys]

--seed-keys seeds each game with a 128-bit seed key (as the server does) instead of an int.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bots.random_bot import RandomBot, play_random_game  # noqa: E402
from engine import new_game  # noqa: E402


def as_key(seed: int) -> str:
    return hashlib.sha256(str(seed).encode()).hexdigest()[:32]


def games_per_second(games: int, seed: int, keys: bool = False) -> tuple[float, float]:
    start = time.perf_counter()
    actions = 0
    for i in range(games):
        g = play_random_game(1 + i % 3, as_key(seed + i) if keys else seed + i)
        actions += g.move_count
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / games


def step_times(games: int, seed: int) -> list[float]:
    """One step per action of random games: legal actions, apply, and every seat's and a spectator's
    view, each timed (wall clock)."""
    times = []
    for i in range(games):
        g = new_game(1 + i % 3, seed + 1000 + i, {})
        bot = RandomBot(seed + i)
        viewers = list(g.seats) + ["spectator"]
        while g.result is None:
            t0 = time.perf_counter()
            seat = bot.rng.choice(g.active_seats())
            action = bot.choose(g.legal_actions(seat))
            g.apply(seat, action)
            for v in viewers:
                g.view(v)
            times.append(time.perf_counter() - t0)
    return times


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--step-games", type=int, default=30)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--seed-keys", action="store_true")
    a = p.parse_args()
    gps, mean_actions = games_per_second(a.games, a.seed, a.seed_keys)
    print(f"random games/s (one core, {a.games} games, 1-3 revolutionaries): {gps:.1f}")
    print(f"mean actions per game: {mean_actions:.1f}")
    times = sorted(step_times(a.step_games, a.seed))
    p50 = times[len(times) // 2] * 1000
    p99 = times[int(len(times) * 0.99)] * 1000
    print(f"step (legal_actions + apply + views of all seats and a spectator), {len(times)} steps: "
          f"p50 {p50:.3f} ms, p99 {p99:.3f} ms, max {times[-1] * 1000:.3f} ms")


if __name__ == "__main__":
    main()
