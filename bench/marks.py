"""What the undo marks (engine/action_notes.py, the view's `irreversible`) cost per step: one
random-game step (legal actions + apply + the views of every seat and a spectator) with and
without them (`view(seat, marks=False)`), CPU time, interleaved twice.

    .venv/bin/python bench/marks.py
    .venv/bin/python bench/marks.py --instructions [--games 4] [ROOT ...]

`--instructions`: the same steps counted in instructions under valgrind's callgrind (machine load
does not change them), for each ROOT (a checkout of this project; default this one): the run
with GAMES games minus the run with none (interpreter start, imports), per step.
"""
import argparse
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, HERE)

STEPS = """
import sys, time
sys.path.insert(0, sys.argv[1])
from bench.engine import step_times
games = int(sys.argv[2])
print(len(step_times(games, 1, clock=time.process_time, marks=sys.argv[3] == "1")) if games else 0)
"""


def _callgrind(root: str, games: int, marks: bool) -> tuple[int, int]:
    """(instructions, steps) of one callgrind run."""
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                          STEPS, root, str(games), "1" if marks else "0"], capture_output=True, text=True, check=True)
    found = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    if not found:
        raise RuntimeError(f"no instruction count from callgrind: {out.stderr[-500:]}")
    return int(found.group(1)), int(out.stdout.strip() or 0)


def instructions(roots: list[str], games: int) -> None:
    for root in roots:
        root = os.path.abspath(root)
        per = {}
        for marks in (False, True):
            start, _ = _callgrind(root, 0, marks)
            total, steps = _callgrind(root, games, marks)
            per[marks] = (total - start) / steps / 1000
        print(f"{root}: {games} games, {steps} steps, k instructions per step: no marks {per[False]:.0f}, "
              f"marks {per[True]:.0f} (the marks {per[True] - per[False]:.0f})")


def timed() -> None:
    from bench.engine import step_times

    for _ in range(2):
        for marks in (False, True):
            ts = sorted(step_times(12, 1, clock=time.process_time, marks=marks))
            n = len(ts)
            print("marks" if marks else "no marks", f"mean {sum(ts) / n * 1000:.3f} ms  p50 {ts[n // 2] * 1000:.3f}"
                  f"  p99 {ts[int(n * .99)] * 1000:.3f}  ({n} steps)")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--instructions", action="store_true")
    ap.add_argument("--games", type=int, default=4, help="games per callgrind run (--instructions)")
    ap.add_argument("roots", nargs="*", default=[HERE])
    args = ap.parse_args()
    if args.instructions:
        instructions(args.roots, args.games)
    else:
        timed()
