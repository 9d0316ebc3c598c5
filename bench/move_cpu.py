"""Where the server's CPU goes per move (issue 14), on the saturated shape by default (`--rooms`, `--think`: any other): R = 10 rooms x 4 seats + 2
spectators, think 0, driven by bench/bgio/load.js (patches, as the browser), one fresh `doi serve`.

    .venv/bin/python -m bench.move_cpu                          # SQLite: CPU per move (user / sys)
    .venv/bin/python -m bench.move_cpu --db postgres --profile  # + py-spy shares of the move path
    .venv/bin/python -m bench.move_cpu --against /tmp/base      # + another checkout at the same time
    .venv/bin/python -m bench.move_cpu --rooms 200 --think 1000 --against /tmp/base   # the R = 200 shape
    .venv/bin/python -m bench.move_cpu --parts --against /tmp/base  # + us a move in each part, timed in both servers

Latency (p50 / p99) is the load client's, as in bench.compare: with `--against` both servers share
the machine, so compare the two lines of one run, not either with a run alone.

CPU per move = the server process's utime + stime (/proc/<pid>/stat, read by load.js when the
clock starts and when the play ends) / the moves (finished games are replaced by new rooms, whose
creation, claims and joins count too); the user / sys split also counts the sockets' setup. With
`--against ROOT` a server of that checkout (e.g. `git worktree add --detach /tmp/base <commit>`,
bench/bgio/node_modules linked in) is driven at the same time by its own load client, so both
see the same machine load: compare the two lines of one run. `--profile` samples the server with
py-spy (`pip install -e '.[bench]'`) while it holds the GIL and prints the share of the samples in
each part of the move path (a part's share includes what it calls). `--parts` times the parts in
the server itself instead (bench/move_parts/sitecustomize.py, on the server's PYTHONPATH: wrappers
with `time.thread_time` around the push, the views, the marks, the cut, the patches, the payloads,
the engine's step, the SQLite write and the log lines) and prints us a move in each, for every
server of the run: the figures that matter, since the server runs with cold caches (a change that
saves instructions in process can save none here)."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# A sitecustomize module that times the move path's parts in the server (`--parts`): the same file
# for every checkout measured, so that each pays the same wrappers.
PARTS_TIMER = Path(__file__).resolve().parent / "move_parts"

# (label, a frame name in the sampled stacks, or several split by " | ": a checkout from before app/
# had layers has its routes in app/routes/): shares are inclusive, so parts can overlap
PARTS = [
    ("a move, from its frame to its pushes (`handle` in app/web/routes/ws.py)", "handle (app/web/routes/ws | handle (app/routes/ws"),
    ("views built (`Game.view_parts`)", "Game.view_parts"),
    ("  of which undo marks (`irreversible`)", "irreversible"),
    ("views cut and diffed (`Cut.of`, `Cut.patch`)", "Cut."),
    ("socket writes (uvicorn's `send`: frame + transport write)", "WebSocketsSansIOProtocol.send"),
    ("the store's move (`GameStore.apply`)", "GameStore.apply"),
    ("  of which the engine's step (`Game.apply`)", "Game.apply (engine"),
    ("  of which the write (`MoveWriter.write`)", "MoveWriter.write"),
    ("our own move's note heard back (`on_notify`, PostgreSQL)", "on_notify"),
    ("  of which games rebuilt from the database (`_rebuild`)", "_rebuild"),
    ("the JSON log line per move (`logging`)", "Logger."),
    ("timers (`asyncio.timeout`)", "Timeout."),
    ("new rooms: sockets joining (`join`, `hello`)", "join (app/web/routes | join (app/routes"),
    ("new rooms: claims (`claim_seat`)", "claim_seat"),
]


def run_one(root: Path, db: str, seconds: int, profile: str | None, rooms: int = 10, think: int = 0,
            parts: str | None = None) -> dict:
    """In a child process started from `root`, so that checkout's app, bench and load.js are used.
    `parts`: a file the server writes its parts' times to (PARTS_TIMER on its PYTHONPATH)."""
    code = f"""
import json, os, subprocess, sys, tempfile
from pathlib import Path
sys.path.insert(0, {str(root)!r})
if {parts!r}:
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [{str(PARTS_TIMER)!r}, os.environ.get("PYTHONPATH")]))
    os.environ["DOI_MOVE_PARTS_OUT"] = {parts!r}
from bench.compare import doi_server, run_client, summarize
def times(pid):
    f = open(f"/proc/{{pid}}/stat").read().rsplit(")", 1)[1].split()
    return int(f[11]), int(f[12])
with doi_server({db!r}, Path(tempfile.mkdtemp(prefix="movecpu")), "movecpu") as (url, pid):
    spy = None
    if {profile!r}:
        spy = subprocess.Popen([str(Path(sys.executable).parent / "py-spy"), "record", "--pid", str(pid), "--gil",
                                "--rate", "200", "--duration", str({seconds} - 4), "--format", "raw", "-o", {profile!r},
                                "--nonblocking"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    u0, s0 = times(pid)
    raw = run_client({db!r}, url, pid, seconds={seconds}, rooms={rooms}, think={think})
    u1, s1 = times(pid)
    if spy:
        spy.wait()
    if {parts!r}:
        import time
        time.sleep(1.2)  # the server's last write of its totals, taken after the play
    s = summarize(raw)
    print(json.dumps({{"moves": s["moves"], "moves_per_s": s["moves_per_s"], "errors": s["errors"], "cpu_ms": s["server_cpu_ms"],
                      "bytes": s["bytes"], "games_finished": s["games_finished"], "p50": s["p50"], "p99": s["p99"],
                      "user_ms": (u1 - u0) * 10 / s["moves"], "sys_ms": (s1 - s0) * 10 / s["moves"]}}))
"""
    return subprocess.Popen([sys.executable, "-c", code], cwd=root, stdout=subprocess.PIPE, text=True)


def shares(path: str) -> tuple[int, dict[str, float]]:
    total, hits = 0, dict.fromkeys([name for _, name in PARTS], 0)
    for line in open(path, errors="replace"):
        stack, _, n = line.rstrip("\n").rpartition(" ")
        if not n.isdigit():  # --nonblocking sampling can tear a stack; such a line is dropped
            continue
        total += int(n)
        for name in hits:
            if any(alt in stack for alt in name.split(" | ")):
                hits[name] += int(n)
    return total, {k: v / total if total else 0.0 for k, v in hits.items()}


def parts_table(runs: dict[str, dict]) -> str:
    """us of the loop thread's CPU a move in each part, per server (a part includes what it calls),
    and the process's whole CPU a move over the same moves."""
    names = list(runs)
    lines = ["| part | " + " | ".join(f"{n}: us a move" for n in names) + " |", "|---|" + "---|" * len(names)]
    labels = list(next(iter(runs.values()))["parts"])
    for label in labels:
        cells = []
        for n in names:
            spent, calls = runs[n]["parts"][label]
            moves = runs[n]["moves"] or 1
            cells.append(f"{spent * 1e6 / moves:.1f} ({calls / moves:.2f} calls)")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    lines.append("| the process, all threads, from the first timed move | "
                 + " | ".join(f"{runs[n]['cpu_s'] * 1e6 / (runs[n]['moves'] or 1):.1f} ({runs[n]['moves']} moves)"
                              for n in names) + " |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    ap.add_argument("--seconds", type=int, default=20)
    ap.add_argument("--profile", action="store_true", help="sample the server with py-spy (this checkout only)")
    ap.add_argument("--against", type=Path, help="another checkout, driven at the same time")
    ap.add_argument("--parts", action="store_true",
                    help="time each part of the move path in the server (time.thread_time; every server measured)")
    ap.add_argument("--rooms", type=int, default=10, help="rooms played at once (200 with --think 1000: the R = 200 shape)")
    ap.add_argument("--think", type=int, default=0, help="ms a seat waits after the last move reached the room")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="movecpu"))
    out = tmp / "spy.txt" if args.profile else None
    load = os.getloadavg()[0]
    parts = {"this": str(tmp / "parts-this.json") if args.parts else None}
    runs = {"this": run_one(ROOT, args.db, args.seconds, str(out) if out else None, args.rooms, args.think, parts["this"])}
    if args.against:
        parts[str(args.against)] = str(tmp / "parts-against.json") if args.parts else None
        runs[str(args.against)] = run_one(args.against.resolve(), args.db, args.seconds, None, args.rooms, args.think,
                                          parts[str(args.against)])
    shape = "saturated " if args.think == 0 else ""
    print(f"{shape}R = {args.rooms}, think {args.think}, {args.db}, {args.seconds} s; load average before: {load:.1f}")
    for name, proc in runs.items():
        got, _ = proc.communicate()
        r = json.loads(got.strip().splitlines()[-1])
        print(f"  {name}: {r['cpu_ms']:.2f} ms CPU per move over the play (with the sockets' setup: user "
              f"{r['user_ms']:.2f} + sys {r['sys_ms']:.2f}); {r['moves']} moves, {r['moves_per_s']:.0f}/s, {r['games_finished']} games "
              f"finished, median {r['bytes']:.0f} B per socket per move, latency p50 {r['p50']:.2f} / p99 {r['p99']:.1f} ms, "
              f"{r['errors']} errors")
    if args.parts:
        print(parts_table({name: json.loads(Path(path).read_text()) for name, path in parts.items()}))
    if out:
        total, got = shares(str(out))
        print(f"  py-spy, {total} samples holding the GIL (raw stacks: {out}):")
        for label, name in PARTS:
            print(f"    {100 * got[name]:5.1f}%  {label}")


if __name__ == "__main__":
    main()
