"""Stalls of the whole server (issue 14's R = 200 tail): every GC pass of `doi serve` under the
load client, split into room setup and play, with RSS every 5 s.

    .venv/bin/python -m bench.stalls --seconds 60 [--root /tmp/base] [--rooms 200 --think 1000]

The server runs from --root (default: this checkout) with a prelude that records each GC pass's
start (CLOCK_MONOTONIC), wall and CPU time (time.thread_time: robust on a busy machine), generation
and objects collected; bench/bgio/load.js's raw output says when the clock started on the same
clock (clock_start_ms), so passes before it are room setup and those after it are play."""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))

PRELUDE = r'''
import gc, time, atexit, json, os, threading
_T = {"gc": [], "rss": []}
_st = []
def _cb(ph, info):
    if ph == "start":
        _st[:] = [time.monotonic(), time.thread_time()]
    else:
        _T["gc"].append((_st[0] * 1000, (time.monotonic() - _st[0]) * 1000, info["generation"], info["collected"],
                         (time.thread_time() - _st[1]) * 1000))
gc.callbacks.append(_cb)
def _rss():
    while True:
        _T["rss"].append((time.monotonic() * 1000, int(open("/proc/self/statm").read().split()[1]) * 4096 >> 20,
                          gc.get_freeze_count()))
        time.sleep(5)
threading.Thread(target=_rss, daemon=True).start()
def _dump():
    with open(os.environ["STALLS_OUT"], "w") as f:
        json.dump(_T, f)
atexit.register(_dump)
'''


def report(trace: dict, raw: dict) -> str:
    t0 = raw["clock_start_ms"]
    lines = []
    for label, events in (("setup", [e for e in trace["gc"] if e[0] < t0]), ("play", [e for e in trace["gc"] if e[0] >= t0])):
        for gen in range(3):
            x = [e for e in events if e[2] == gen]
            lines.append(f"{label} gen {gen}: {len(x)} passes" + (
                f", CPU max {max(e[4] for e in x):.1f} ms, total {sum(e[4] for e in x):.0f} ms, wall max "
                f"{max(e[1] for e in x):.0f} ms, collected {sum(e[3] for e in x)}" if x else ""))
    play = [r for r in trace["rss"] if r[0] >= t0]
    lines.append("RSS MB over the play: " + " ".join(str(r[1]) for r in play))
    lines.append("frozen objects over the play: " + " ".join(str(r[2]) for r in play))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from bench.compare import summarize
    from bench.prelude_play import play_with_prelude

    ap = argparse.ArgumentParser(prog="python -m bench.stalls", description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=str(HERE), help="the checkout whose server runs")
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--rooms", type=int, default=200)
    ap.add_argument("--think", type=int, default=1000, help="ms")
    args = ap.parse_args(argv)

    wd = Path(tempfile.mkdtemp(prefix="doi-stalls-"))
    out = wd / "trace.json"
    raw = play_with_prelude(args.root, f"sqlite:///{wd / 'p.sqlite3'}", wd, PRELUDE, {"STALLS_OUT": str(out)},
                            args.rooms, args.think, args.seconds)
    s = summarize(raw)
    print(f"{args.root}: {s['moves']} moves, p50 {s['p50']:.1f} ms, p99 {s['p99']:.1f} ms, "
          f"{s['server_cpu_ms']:.2f} ms CPU/move, load average {os.getloadavg()[0]:.1f}")
    print(report(json.loads(out.read_text()), raw))
    return 0


if __name__ == "__main__":
    sys.exit(main())
