"""Fit the hard bot's position estimate (bots/evaluate.py) on games between normal bots.

    python -m bots.eval_fit --games 600 --seed 50000 --jobs 2

plays `--games` greedy-against-greedy games for each ruleset and count (Conflict 1-3, Zhukov 1-4),
takes the public view at the start of every day from the second on, and fits one logistic model
(ridge, Newton's method) per ruleset, count and day on whether the Revolutionaries won. A fifth of
the games is held out: the report prints each model's held-out accuracy and log loss beside those of
always guessing the base rate, and the file bots/eval_weights.json is written.
"""
from __future__ import annotations

import argparse
import json
import math
import random
from concurrent.futures import ProcessPoolExecutor

from engine import new_game

from .evaluate import FEATURES, WEIGHTS, features, model_key
from .greedy import GreedyBot

COUNTS = {"conflict": (1, 2, 3), "zhukov": (1, 2, 3, 4)}
RIDGE = 1.0
# The rules say which way these push the game: morale toward the Hungarian end brings the team more
# cards each day; events on the board count against them at the evaluation. A fit that reads one of
# them the other way (a feature standing in for another it moves with) is refitted without it.
SIGNS = {"morale": 1, "events_on_board": -1}


def day_starts(args: tuple) -> tuple[list[tuple[int, list[float]]], bool]:
    """One greedy game: (day, features) at the start of each day from the second, and whether the
    Revolutionaries won."""
    ruleset, revs, seed = args
    g = new_game(revs, seed, {"ruleset": ruleset})
    bots = {s: GreedyBot(seed * 7 + i) for i, s in enumerate(g.seats)}
    pick = random.Random(seed)
    seen, day = [], g.day
    while g.result is None:
        if g.day != day:
            day = g.day
            seen.append((day, features(g.view("spectator", texts=False, marks=False))))
        active = g.active_seats()
        seat = active[0] if len(active) == 1 else pick.choice(active)
        view = g.view(seat, marks=False)
        g.apply(seat, bots[seat].choose(view, view["actions"]))
    return seen, g.result["winner"] == "revolutionaries"


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(xs: list[list[float]], ys: list[int], iterations: int = 25, without: frozenset = frozenset()) -> dict:
    xs = [[0.0 if FEATURES[j] in without else v for j, v in enumerate(x)] for x in xs]
    d = len(xs[0])
    mean = [sum(x[j] for x in xs) / len(xs) for j in range(d)]
    std = [math.sqrt(sum((x[j] - mean[j]) ** 2 for x in xs) / len(xs)) or 1.0 for j in range(d)]
    rows = [[1.0] + [(x[j] - mean[j]) / std[j] for j in range(d)] for x in xs]
    w = [0.0] * (d + 1)
    for _ in range(iterations):
        hess = [[0.0] * (d + 1) for _ in range(d + 1)]
        grad = [0.0] * (d + 1)
        for r, y in zip(rows, ys, strict=True):
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, sum(a * b for a, b in zip(w, r, strict=True))))))
            q = p * (1 - p)
            for i in range(d + 1):
                grad[i] += (y - p) * r[i]
                hi = hess[i]
                qi = q * r[i]
                for j in range(i, d + 1):
                    hi[j] += qi * r[j]
        for i in range(d + 1):
            for j in range(i):
                hess[i][j] = hess[j][i]
            if i:  # the bias is not shrunk
                hess[i][i] += RIDGE
                grad[i] -= RIDGE * w[i]
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return {"bias": w[0], "weights": w[1:], "mean": mean, "std": std}


def score(model: dict, xs, ys) -> tuple[float, float]:
    from .evaluate import predict

    ps = [min(1 - 1e-9, max(1e-9, predict(model, x))) for x in xs]
    acc = sum((p >= 0.5) == bool(y) for p, y in zip(ps, ys, strict=True)) / len(ys)
    loss = -sum(math.log(p) if y else math.log(1 - p) for p, y in zip(ps, ys, strict=True)) / len(ys)
    return acc, loss


def line_for(ruleset, revs, day, train, test, acc, base_acc, loss, base_loss) -> str:
    return (f"{ruleset} {revs} day {day}: {len(train)} train / {len(test)} held out; "
            f"accuracy {acc:.3f} (base rate {base_acc:.3f}), log loss {loss:.3f} (base rate {base_loss:.3f})")


def main(argv=None) -> None:
    p = argparse.ArgumentParser(prog="python -m bots.eval_fit", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=600)
    p.add_argument("--seed", type=int, default=50000)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--rulesets", default="conflict,zhukov")
    a = p.parse_args(argv)
    models, report = {}, []
    for ruleset in a.rulesets.split(","):
        for revs in COUNTS[ruleset]:
            tasks = [(ruleset, revs, a.seed + i) for i in range(a.games)]
            if a.jobs > 1:
                with ProcessPoolExecutor(a.jobs) as pool:
                    games = list(pool.map(day_starts, tasks, chunksize=8))
            else:
                games = [day_starts(t) for t in tasks]
            held = len(games) // 5
            for day in range(2, 8):
                train = [(x, int(won)) for seen, won in games[held:] for d, x in seen if d == day]
                test = [(x, int(won)) for seen, won in games[:held] for d, x in seen if d == day]
                if len(train) < 60 or not test or len({y for _, y in train}) < 2:
                    continue
                model = fit([x for x, _ in train], [y for _, y in train])
                wrong = frozenset(f for f, sign in SIGNS.items() if model["weights"][FEATURES.index(f)] * sign < 0)
                if wrong:
                    model = fit([x for x, _ in train], [y for _, y in train], without=wrong)
                base = sum(y for _, y in train) / len(train)
                acc, loss = score(model, [x for x, _ in test], [y for _, y in test])
                base_acc = sum((base >= 0.5) == bool(y) for _, y in test) / len(test)
                base_loss = -sum(math.log(base) if y else math.log(1 - base) for _, y in test) / len(test)
                if loss >= base_loss:
                    # No better than the base rate on games it did not see: that day plays out in full.
                    print(line_for(ruleset, revs, day, train, test, acc, base_acc, loss, base_loss) + "; left out", flush=True)
                    continue
                model["samples"] = len(train)
                model["held_out"] = {"positions": len(test), "accuracy": round(acc, 4), "log_loss": round(loss, 4),
                                     "base_accuracy": round(base_acc, 4), "base_log_loss": round(base_loss, 4)}
                models[model_key(ruleset, revs, day)] = model
                line = line_for(ruleset, revs, day, train, test, acc, base_acc, loss, base_loss)
                report.append(line)
                print(line, flush=True)
    WEIGHTS.write_text(json.dumps({"features": list(FEATURES), "games": a.games, "seed": a.seed,
                                   "models": models}, indent=1) + "\n")
    print(f"wrote {WEIGHTS} ({len(models)} models)")


if __name__ == "__main__":
    main()
