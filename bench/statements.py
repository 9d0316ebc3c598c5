"""SQL statements `doi serve` runs through SQLAlchemy while rooms play (issue 14): each kind's rate
during room setup and during play, under the load client (bench/bgio/load.js).

    .venv/bin/python -m bench.statements --db postgres [--root /tmp/base] [--rooms 200 --think 1000 --seconds 25]

A move's own write goes straight to the driver (app/play/movelog.py) and is not among them, so in play
the count should be about nothing: what shows is work other than moves (room notes, sweeps, clock
ticks, presence beats). The server runs from --root (default: this checkout) with a prelude that
stamps every statement on CLOCK_MONOTONIC; load.js's raw output says when its clock started on the
same clock (clock_start_ms). Found with it (session 8): on PostgreSQL each claim's room note, heard
back by the instance that made the claim, read the room and pushed it again, and at R = 200 the
800 notes queued behind each other ran ~20 s into the play (42 seat and 42 game reads a second)."""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE))

PRELUDE = r'''
import atexit, json, os, time
_S = []
def _install():
    from sqlalchemy import event
    from sqlalchemy.engine import Engine
    @event.listens_for(Engine, "before_cursor_execute")
    def _count(conn, cursor, statement, params, context, executemany):
        _S.append((time.monotonic() * 1000, " ".join(statement.split())[:70]))
_install()
def _dump():
    with open(os.environ["STATEMENTS_OUT"], "w") as f:
        json.dump(_S, f)
atexit.register(_dump)
'''


def report(stamps: list, raw: dict) -> str:
    t0 = raw["clock_start_ms"]
    play_s = raw.get("elapsed_s") or raw["seconds"]
    lines = []
    for label, rows in (("setup", [s for s in stamps if s[0] < t0]), ("play", [s for s in stamps if s[0] >= t0])):
        lines.append(f"{label}: {len(rows)} statements" + (f" ({len(rows) / play_s:.1f}/s)" if label == "play" else ""))
        for text, n in Counter(s[1] for s in rows).most_common(8):
            lines.append(f"  {n:7d}  {text}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from app.infra.migrate import upgrade
    from bench.compare import summarize
    from bench.crash import fresh_database
    from bench.prelude_play import play_with_prelude

    ap = argparse.ArgumentParser(prog="python -m bench.statements", description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=str(HERE), help="the checkout whose server runs")
    ap.add_argument("--db", choices=("sqlite", "postgres"), default="postgres")
    ap.add_argument("--seconds", type=int, default=25)
    ap.add_argument("--rooms", type=int, default=200)
    ap.add_argument("--think", type=int, default=1000, help="ms")
    args = ap.parse_args(argv)

    wd = Path(tempfile.mkdtemp(prefix="doi-statements-"))
    out = wd / "statements.json"
    sqlite = contextlib.nullcontext(f"sqlite:///{wd / 'p.sqlite3'}")
    with sqlite if args.db == "sqlite" else fresh_database("postgres", wd) as url:
        if args.db != "sqlite":
            upgrade(url)
        raw = play_with_prelude(args.root, url, wd, PRELUDE, {"STATEMENTS_OUT": str(out)},
                                args.rooms, args.think, args.seconds)
    s = summarize(raw)
    print(f"{args.root} ({args.db}): {s['moves']} moves, p50 {s['p50']:.1f} ms, p99 {s['p99']:.1f} ms, "
          f"{s['server_cpu_ms']:.2f} ms CPU/move, load average {os.getloadavg()[0]:.1f}")
    print(report(json.loads(out.read_text()), raw))
    return 0


if __name__ == "__main__":
    sys.exit(main())
