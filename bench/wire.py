"""The CPU of `Cut.of` and of the patch messages per move, in-process (issue 14), apart from the
engine: every version's view parts of a few random games are built first, then cut and diffed as
the hub does (one patch per seat, the two spectators sharing one), timed with the process's CPU
clock; the best of five passes. A checkout to compare with is given as ROOT (its app/play/wire.py,
or app/wire.py before app/ had layers, is timed on the same parts' shapes):

    .venv/bin/python bench/wire.py            # this checkout
    .venv/bin/python bench/wire.py /tmp/base  # another (e.g. `git worktree add --detach /tmp/base main`)
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).resolve().parents[1]))

try:
    from app.play.wire import Cut, patch_payload
except ImportError:  # a checkout from before app/ had layers (issue 29)
    from app.wire import Cut, patch_payload
from engine import new_game  # noqa: E402

SEATS = ("soviet", "rev1", "rev2", "rev3", "spectator")
pt = time.process_time


def prepare(games: int = 3, seed: int = 100) -> list:
    out = []
    for k in range(games):
        g = new_game(3, seed + k, {})
        rng = random.Random(seed + k)
        while not g.result:
            who = rng.choice([s for s in g.seats if g.legal_actions(s)])
            acts = [a for a in g.legal_actions(who) if a["type"] not in ("undo", "cancel")] or g.legal_actions(who)
            g.apply(who, rng.choice(acts))
            out.append((k, g.view_parts(SEATS, texts=False)))
    return out


def run(parts: list) -> tuple[float, float, float, int]:
    t_cut = t_patch = 0.0
    old, game, n, sizes = None, None, 0, []
    for k, (public, own) in parts:
        if k != game:
            old, game = None, k
        t0 = pt()
        new = Cut.of(public, own, old)
        t1 = pt()
        if old is not None:
            done: dict[str, str] = {}
            for s in SEATS + ("spectator",):
                if s not in done:
                    done[s] = patch_payload(new.patch(old, s), n, n - 1, "active")
                sizes.append(len(done[s]))
        t_cut += t1 - t0
        t_patch += pt() - t1
        old, n = new, n + 1
    return t_cut * 1000 / n, t_patch * 1000 / n, statistics.median(sizes), n


def main() -> int:
    parts = prepare()
    best = min((run(parts) for _ in range(5)), key=lambda r: r[0] + r[1])
    print(f"moves {best[3]}  Cut.of {best[0]:.4f} ms  patches {best[1]:.4f} ms  total {best[0] + best[1]:.4f} ms  "
          f"median message {best[2]:.0f} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
