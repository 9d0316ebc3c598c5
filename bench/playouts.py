"""What one playout of the hard bot costs, cut short at its horizon against played to the end.

    .venv/bin/python -m bench.playouts --games 4 --every 41

From greedy games (Conflict 1-3, seeds 1..games), every `every`-th decision with a choice: three
playouts of the greedy bot's choice from that decision's information set, with the horizon of
bots/search.py and without one (HORIZON beyond day 7), on the same seeds. Prints CPU milliseconds
per playout by count and day: the ratio is what matters (both measured in one run).
"""
from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict

from bots import search
from bots.greedy import GreedyBot
from engine import new_game


def main(argv=None) -> None:
    p = argparse.ArgumentParser(prog="python -m bench.playouts", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--every", type=int, default=41)
    a = p.parse_args(argv)
    horizon = search.HORIZON
    cost = defaultdict(lambda: [0.0, 0.0, 0])
    for revs in (1, 2, 3):
        for seed in range(1, a.games + 1):
            g = new_game(revs, seed, {})
            bots = {s: GreedyBot(i) for i, s in enumerate(g.seats)}
            pick, k = random.Random(seed), 0
            while g.result is None:
                active = g.active_seats()
                seat = active[0] if len(active) == 1 else pick.choice(active)
                view = g.view(seat, marks=False)
                if k % a.every == 0 and len(view["actions"]) > 2:
                    info, bot = g.information_set(seat), search.SearchBot(1, playouts=4)
                    action = bot.candidates(view)[0]
                    for slot, h in ((0, horizon), (1, 99)):
                        search.HORIZON = h
                        t = time.process_time()
                        for j in range(3):
                            bot._playout(info, seat, action, search.side_of(seat), seed=j)
                        cost[(revs, g.day)][slot] += time.process_time() - t
                    search.HORIZON = horizon
                    cost[(revs, g.day)][2] += 3
                k += 1
                g.apply(seat, bots[seat].choose(view, view["actions"]))
    print("revolutionaries day  cut ms  full ms  playouts")
    for (revs, day), (cut, full, n) in sorted(cost.items()):
        print(f"{revs:>15} {day:>3} {1000 * cut / n:>7.1f} {1000 * full / n:>8.1f} {n:>9}")


if __name__ == "__main__":
    main()
