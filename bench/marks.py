"""What the undo marks (engine/action_notes.py, the view's `irreversible`) cost per step: one
random-game step (legal actions + apply + the views of every seat and a spectator) with and
without them, CPU time, interleaved twice.

    .venv/bin/python bench/marks.py
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bots.random_bot import RandomBot  # noqa: E402
from engine import new_game  # noqa: E402
from engine.core import Game  # noqa: E402

orig = Game.irreversible


def steps(on, games=12, seed=1):
    Game.irreversible = orig if on else (lambda self, seat: [])
    ts = []
    for i in range(games):
        g = new_game(1 + i % 3, seed + 1000 + i, {})
        bot = RandomBot(seed + i)
        viewers = list(g.seats) + ["spectator"]
        while g.result is None:
            t0 = time.process_time()
            seat = bot.rng.choice(g.active_seats())
            g.apply(seat, bot.choose(g.legal_actions(seat)))
            g.views(viewers)
            ts.append(time.process_time() - t0)
    ts.sort()
    n = len(ts)
    return sum(ts) / n * 1000, ts[n // 2] * 1000, ts[int(n * .99)] * 1000, n


for _ in range(2):
    for on in (False, True):
        m, p50, p99, n = steps(on)
        print("marks" if on else "no marks", f"mean {m:.3f} ms  p50 {p50:.3f}  p99 {p99:.3f}  ({n} steps)")
