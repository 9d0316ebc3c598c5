"""What one move costs the server between the engine and the sockets, in-process (issue 14): the
views of every seat built and turned into the messages of one push, without any socket, timed with
the process's CPU clock (so a busy machine changes it far less than wall-clock figures).

    .venv/bin/python bench/views.py --games 3

`full`: every seat's whole view with its texts, one orjson message each (what the server sent
before); `slim`: the same without static texts; `patch`: the public part and each seat's own fields
cut into pieces (app/play/wire.py) and a JSON Patch per seat against the previous version (what a socket
gets by default). Seats: the Soviet, three Revolutionaries and a spectator. Prints the
CPU per move of the engine's step, of building the views and of making the messages, and the
median message size.

    .venv/bin/python bench/views.py --instructions [--games 3] [ROOT ...]

`--instructions`: instructions per move counted under valgrind's callgrind, which machine load
does not change, for each ROOT (a checkout of this project; default this one), e.g. `git worktree
add --detach /tmp/base main`, then pass `/tmp/base .`. The same games are played four times: not
at all (the interpreter's start and imports), alone (`engine`: legal actions and apply), with
`Game.view_parts` of those seats after every move (`texts=False`, as the server calls it; `views`:
the difference, undo marks included), and with the views cut and a patch made for every seat
(`wire`: app/play/wire.py's `Cut.of`, `Cut.patch`, `patch_payload`, the difference again)."""
from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

try:
    from app.play.wire import Cut, patch_payload
except ImportError:  # a checkout from before app/ had layers (issue 29)
    from app.wire import Cut, patch_payload
from engine import new_game  # noqa: E402

SEATS = ("soviet", "rev1", "rev2", "rev3", "spectator")


def run(mode: str, games: int, seed: int) -> dict:
    step = build = send = 0.0
    moves = 0
    sizes: list[int] = []
    for k in range(games):
        g = new_game(3, seed + k, {})
        rng = random.Random(seed + k)
        old = None
        while not g.result:
            who = rng.choice([s for s in g.seats if g.legal_actions(s)])
            acts = [a for a in g.legal_actions(who) if a["type"] not in ("undo", "cancel")] or g.legal_actions(who)
            action = rng.choice(acts)
            t0 = time.process_time()
            g.apply(who, action)
            t1 = time.process_time()
            if mode == "patch":
                public, own = g.view_parts(SEATS, texts=False)
                t2 = time.process_time()
                new = Cut.of(public, own, old)
                msgs = [patch_payload(new.patch(old, s), moves, moves - 1, "active") for s in SEATS] if old else []
                old = new
            else:
                views = g.views(SEATS, texts=mode == "full")
                t2 = time.process_time()
                msgs = [orjson.dumps({"type": "view", "version": moves, "status": "active", "seat": s, "seats": [],
                                      "view": v}).decode() for s, v in views.items()]
            t3 = time.process_time()
            step += t1 - t0
            build += t2 - t1
            send += t3 - t2
            sizes.extend(len(m) for m in msgs)
            moves += 1
    per = 1000 / moves
    return {"mode": mode, "moves": moves, "step_ms": step * per, "views_ms": build * per, "messages_ms": send * per,
            "bytes_median": statistics.median(sizes)}


# The same moves as run(): the views are built (and cut into patches) or not; nothing else differs.
PLAY = """
import random, sys
sys.path.insert(0, sys.argv[1])
from engine import new_game
try:
    from app.play.wire import Cut, patch_payload
except ImportError:  # a checkout from before app/ had layers
    from app.wire import Cut, patch_payload
games, seed, mode = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
seats = ("soviet", "rev1", "rev2", "rev3", "spectator")
moves = 0
for k in range(games):
    g = new_game(3, seed + k, {})
    rng = random.Random(seed + k)
    old = None
    while not g.result:
        who = rng.choice([s for s in g.seats if g.legal_actions(s)])
        acts = [a for a in g.legal_actions(who) if a["type"] not in ("undo", "cancel")] or g.legal_actions(who)
        g.apply(who, rng.choice(acts))
        if mode != "engine":
            public, own = g.view_parts(seats, texts=False)
            if mode == "wire":
                new = Cut.of(public, own, old)
                if old is not None:
                    [patch_payload(new.patch(old, s), moves, moves - 1, "active") for s in seats]
                old = new
        moves += 1
print(moves)
"""


def _callgrind(root: str, games: int, seed: int, mode: str) -> tuple[int, int]:
    """(instructions, moves) of one callgrind run."""
    # A fixed hash seed: set and dict orders of strings, and so the instructions, repeat run to run.
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                          PLAY, root, str(games), str(seed), mode],
                         capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    if not found:
        raise RuntimeError(f"no instruction count from callgrind: {out.stderr[-500:]}")
    return int(found.group(1)), int(out.stdout.strip())


def instructions(roots: list[str], games: int, seed: int) -> None:
    for root in roots:
        root = os.path.abspath(root)
        start, _ = _callgrind(root, 0, seed, "engine")
        engine, moves = _callgrind(root, games, seed, "engine")
        views, _ = _callgrind(root, games, seed, "views")
        wire, _ = _callgrind(root, games, seed, "wire")
        k = moves * 1000
        print(f"{root}: {games} games, {moves} moves; k instructions per move: engine {(engine - start) / k:.1f}, "
              f"views {(views - engine) / k:.1f}, wire {(wire - views) / k:.1f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench/views.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=3, help="each mode this many times, alternated; the best is kept")
    ap.add_argument("--instructions", action="store_true", help="count the engine, the views and the wire of a move in instructions (callgrind)")
    ap.add_argument("roots", nargs="*", default=[str(Path(__file__).resolve().parents[1])],
                    help="checkouts to count (--instructions)")
    args = ap.parse_args(argv)
    if args.instructions:
        instructions(args.roots, args.games, args.seed)
        return 0
    best: dict[str, dict] = {}
    for _ in range(args.rounds):
        for mode in ("full", "slim", "patch"):
            r = run(mode, args.games, args.seed)
            if mode not in best or r["views_ms"] + r["messages_ms"] < best[mode]["views_ms"] + best[mode]["messages_ms"]:
                best[mode] = r
    print("| mode | moves | engine step ms | views ms | messages ms | views + messages ms | median message bytes |")
    print("|---|---|---|---|---|---|---|")
    for r in best.values():
        print(f"| {r['mode']} | {r['moves']} | {r['step_ms']:.3f} | {r['views_ms']:.3f} | {r['messages_ms']:.3f} | "
              f"{r['views_ms'] + r['messages_ms']:.3f} | {r['bytes_median']:,.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
