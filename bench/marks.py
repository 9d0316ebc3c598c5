"""What the undo marks (engine/action_notes.py, the view's `irreversible`) cost per step: one
random-game step (legal actions + apply + the views of every seat and a spectator) with and
without them (`view(seat, marks=False)`), CPU time, interleaved twice.

    .venv/bin/python bench/marks.py
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.engine import step_times  # noqa: E402

for _ in range(2):
    for marks in (False, True):
        ts = sorted(step_times(12, 1, clock=time.process_time, marks=marks))
        n = len(ts)
        print("marks" if marks else "no marks", f"mean {sum(ts) / n * 1000:.3f} ms  p50 {ts[n // 2] * 1000:.3f}"
              f"  p99 {ts[int(n * .99)] * 1000:.3f}  ({n} steps)")
