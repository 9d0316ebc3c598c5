"""Load benchmark, one instance against two: R rooms of 4 seats + 2 spectators on real websockets,
bots thinking --think seconds on average between moves, against `doi serve` processes that this
command starts itself on a fresh PostgreSQL database (dropped afterwards).

    .venv/bin/python -m bench.load --rooms 200 --seconds 30 --think 1 --instances 1 2

For each instance count it prints move latency (send -> arrival at every client of the room:
p50/p95/p99/max), moves/s, errors, each server's memory (peak and final RSS) and the CPU time the
servers and the client spent per move during the play (not counting making rooms and connecting).

--spread room: every room's sockets on one instance (what a balancer with room affinity does);
--spread seat: a room's sockets spread over the instances, so every move crosses the bus.
--bus redis: instances hear each other over Redis (DOI_REDIS_URL) instead of LISTEN/NOTIFY.
The client runs on the same machine and is reported too (its CPU time), since on 2 cores it
competes with the servers."""
from __future__ import annotations

import argparse
import asyncio
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.crash import ServerProcess, fresh_database  # noqa: E402
from bench.server import run_load, tune_gc  # noqa: E402


def proc_status(pid: int) -> dict[str, float]:
    """Peak and current resident memory (MiB) and CPU seconds of a process, from /proc."""
    out = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmHWM", "VmRSS"):
                out[key] = int(value.split()[0]) / 1024
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    out["cpu"] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return out


def run_one(instances: int, args, workdir: Path) -> dict:
    from app.infra.migrate import upgrade

    with fresh_database("postgres", workdir) as db_url:
        upgrade(db_url)
        env = {"DOI_REDIS_URL": "redis://127.0.0.1:6379/0"} if args.bus == "redis" else {}
        servers = [ServerProcess(db_url, workdir, env=env, name=f"load-{instances}-{i}") for i in range(instances)]
        try:
            for s in servers:
                s.start()
            before, client_before = [], []

            def on_play():  # CPU is counted over the play only, not over making rooms and connecting
                before.extend(proc_status(s.proc.pid) for s in servers)
                client_before.append(resource.getrusage(resource.RUSAGE_SELF))

            result = asyncio.run(run_load([s.base for s in servers], args.rooms, args.seconds, args.seed, args.think,
                                          spread=args.spread, on_play=on_play))
            client_after = resource.getrusage(resource.RUSAGE_SELF)
            after = [proc_status(s.proc.pid) for s in servers]
        finally:
            for s in servers:
                s.stop()
    result["instances"] = instances
    result["servers"] = [{"peak_mib": a["VmHWM"], "rss_mib": a["VmRSS"], "cpu_s": a["cpu"] - b["cpu"]}
                         for a, b in zip(after, before, strict=True)]
    result["client_cpu_s"] = (client_after.ru_utime + client_after.ru_stime
                              - client_before[0].ru_utime - client_before[0].ru_stime)
    return result


def row(r: dict) -> str:
    mem = ", ".join(f"{s['peak_mib']:.0f}/{s['rss_mib']:.0f} MiB" for s in r["servers"])
    moves = max(r["moves"], 1)
    cpu = " + ".join(f"{s['cpu_s'] * 1000 / moves:.2f}" for s in r["servers"])
    return (f"| {r['instances']} | {r['rooms']} | {r['think']} | {r['p50']:.1f} | {r['p95']:.1f} | {r['p99']:.1f} | "
            f"{r['max']:.0f} | {r['moves_per_s']:.1f} | {r['errors']} | {mem} | {cpu} | "
            f"{r['client_cpu_s'] * 1000 / moves:.2f} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__.split("\n\n")[0])
    ap.add_argument("--rooms", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--think", type=float, nargs="+", default=[1.0],
                    help="mean think time between a room's moves, in seconds (several: one run each)")
    ap.add_argument("--instances", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--spread", choices=("room", "seat"), default="room")
    ap.add_argument("--bus", choices=("postgres", "redis"), default="postgres")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--logs", help="keep the servers' logs in this folder (default: a temporary one)")
    args = ap.parse_args(argv)
    tune_gc()
    print(f"PostgreSQL, bus {args.bus}, spread by {args.spread}, {args.seconds:.0f} s per run")
    print("| instances | rooms | think s | p50 ms | p95 ms | p99 ms | max ms | moves/s | errors "
          "| server peak/final RSS | server CPU ms/move | client CPU ms/move |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="doi-load-") as tmp:
        if args.logs:
            Path(args.logs).mkdir(parents=True, exist_ok=True)
            tmp = args.logs
        for think in args.think:
            for n in args.instances:
                args.think = think
                started = time.perf_counter()
                r = run_one(n, args, Path(tmp))
                print(row(r), flush=True)
                if r["errors"]:
                    print(f"  ({r['errors']} errors; run took {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
