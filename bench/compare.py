"""Side by side with boardgame.io (issue 14): in one run, on this machine, boardgame.io 0.50.2 (its
official server, in memory, a trivial hidden-hands game: bench/bgio/) and `doi serve` on SQLite and
on a fresh PostgreSQL database, each driven by the same Node load client (bench/bgio/load.js).

    .venv/bin/python -m bench.compare                       # every scenario, 25 s each
    .venv/bin/python -m bench.compare --seconds 20 --targets bgio sqlite
    .venv/bin/python -m bench.compare --targets bgio floor floor:ws=wsproto,writer=direct --rounds 3

Targets: bgio, sqlite, postgres, and floor (bench/floor.py: the mandated stack, FastAPI + uvicorn +
websockets, with no engine and no database, driven by the same client as `doi serve`);
`floor:key=value,...` passes options to it, so that its variants run side by side. `--rounds N`
runs everything N times (each round every scenario, every target in turn) and gives each figure's
median over the rounds.

Scenarios (issue 14's table): saturated, R = 10 rooms, think 0 (moves/s); R = 200, think 1 s
(p50/p99 of the move latency, move sent -> the last of the room's six sockets has the new version,
percentiles over moves); bytes per socket per move (median over every socket of every move) and the
server's CPU per move (its /proc/<pid>/stat over the play) in both; and a burst: R = 200 rooms send
a move at the same instant, three times (the first is every room's first move), time to clear each.

Scenarios run one after the other, each on every target in turn. Each gets a fresh server (doi serve with the rate limits lifted, as bench/load.py does;
PostgreSQL: a new database, migrated, dropped afterwards). Prints one table with ours/theirs ratios
and the load average of the machine before each scenario (it is shared: say so with the figures).
Installs the Node packages (`npm ci` in bench/bgio) when node_modules is missing."""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.crash import ServerProcess, free_port, fresh_database  # noqa: E402

BGIO = Path(__file__).resolve().parent / "bgio"
TARGETS = {"bgio": "boardgame.io 0.50.2", "sqlite": "doi SQLite", "postgres": "doi PostgreSQL",
           "floor": "floor"}
# floor: bench/floor.py, the mandated stack with no engine and no database; `floor:ws=wsproto,api=asgi`
# passes its options (--ws wsproto --api asgi), so that variants of it run side by side.


def target_arg(name: str) -> str:
    """argparse type: a known target, or floor with options."""
    base, _, opts = name.partition(":")
    if base not in TARGETS or (opts and base != "floor"):
        raise argparse.ArgumentTypeError(f"{name}: one of {', '.join(TARGETS)}, or floor:key=value,...")
    if opts and not all(len(o.split("=")) == 2 for o in opts.split(",")):
        raise argparse.ArgumentTypeError(f"{name}: floor options are key=value,key=value")
    return name


def target_label(name: str) -> str:
    base, _, opts = name.partition(":")
    return TARGETS[base] + (f" {opts}" if opts else "")
SATURATED = {"rooms": 10, "think": 0}
THINKING = {"rooms": 200, "think": 1000}
BURST = {"rooms": 200, "burst": 3}


# ----- the servers --------------------------------------------------------------------------------
def ensure_node_modules() -> None:
    if not (BGIO / "node_modules" / "boardgame.io").is_dir():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=BGIO, check=True)


@contextlib.contextmanager
def bgio_server(workdir: Path):
    """boardgame.io's official server; yields (base URL, pid)."""
    port = free_port()
    log = open(workdir / "bgio.log", "ab")
    proc = subprocess.Popen(["node", "server.js", "--port", str(port)], cwd=BGIO, stdout=subprocess.PIPE,
                            stderr=log, env=dict(os.environ, NODE_ENV="production"))
    try:
        line = proc.stdout.readline().decode()
        if not line.startswith("ready"):
            raise RuntimeError(f"boardgame.io server did not start: {line!r}")
        yield f"http://127.0.0.1:{port}", proc.pid
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        log.close()


@contextlib.contextmanager
def doi_server(kind: str, workdir: Path, name: str):
    """`doi serve` on a new SQLite file or a new PostgreSQL database; yields (base URL, pid)."""
    from app.infra.migrate import upgrade

    sqlite = contextlib.nullcontext(f"sqlite:///{workdir / (name + '.sqlite3')}")
    with sqlite if kind == "sqlite" else fresh_database("postgres", workdir) as url:
        if kind != "sqlite":
            upgrade(url)
        server = ServerProcess(url, workdir, name=name)
        server.start()
        try:
            yield server.base, server.proc.pid
        finally:
            server.stop()


@contextlib.contextmanager
def floor_server(options: str, workdir: Path, name: str):
    """bench/floor.py with `options` ("ws=wsproto,api=asgi": --ws wsproto --api asgi); yields (base URL, pid)."""
    import socket

    port = free_port()
    cmd = [sys.executable, "-m", "bench.floor", "--port", str(port)]
    for opt in filter(None, options.split(",")):
        key, _, value = opt.partition("=")
        cmd += [f"--{key}", value]
    log = open(workdir / f"{name}.log", "ab")
    proc = subprocess.Popen(cmd, cwd=Path(__file__).resolve().parents[1], stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + 30
        while True:  # listening = ready (no lifespan, nothing to load)
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"floor server did not start: {(workdir / f'{name}.log').read_text()[-2000:]}")
            with socket.socket() as s, contextlib.suppress(OSError):
                s.connect(("127.0.0.1", port))
                break
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}", proc.pid
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def server_for(target: str, workdir: Path, name: str):
    if target == "bgio":
        return bgio_server(workdir)
    if target.partition(":")[0] == "floor":
        return floor_server(target.partition(":")[2], workdir, name.replace(":", "_").replace(",", "_"))
    return doi_server(target, workdir, name)


def run_client(target: str, url: str, pid: int, seconds: float, rooms: int, think: int = 0,
               burst: int = 0, seed: int = 1, views: str = "patch") -> dict:
    cmd = ["node", str(BGIO / "load.js"), "--target", "bgio" if target == "bgio" else "doi", "--url", url,
           "--rooms", str(rooms), "--think", str(think), "--seconds", str(seconds), "--seed", str(seed),
           "--burst", str(burst), "--server-pid", str(pid), "--views", views]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds + 600)
    if done.returncode:
        raise RuntimeError(f"load client failed ({done.returncode}): {done.stderr[-2000:]}")
    return json.loads(done.stdout)


# ----- arithmetic ---------------------------------------------------------------------------------
def percentile(values: list[float], q: float) -> float:
    """The value below which a share q of the values lie (nearest rank, as bench/server.py)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def summarize(raw: dict) -> dict:
    """The load client's raw per-move figures -> the table's numbers."""
    moves = raw["moves"]
    per_move = (lambda s: s * 1000 / moves) if moves else (lambda s: float("nan"))
    in_window = raw.get("window_moves", moves)  # moves/s counts the moves done by the deadline
    out = {"moves": moves, "errors": raw["errors"], "moves_per_s": in_window / raw["seconds"] if raw["seconds"] else 0.0,
           "p50": percentile(raw["latencies_ms"], 0.5), "p99": percentile(raw["latencies_ms"], 0.99),
           "max": max(raw["latencies_ms"], default=float("nan")),
           "bytes": percentile(raw["bytes"], 0.5),
           "server_cpu_ms": per_move(raw["server_cpu_s"]) if raw.get("server_cpu_s") is not None else float("nan"),
           "client_cpu_ms": per_move(raw["client_cpu_s"]), "games_finished": raw.get("games_finished", 0),
           # the share of one core the server got over the play: well under 1 when saturated means
           # the machine (other processes, the client) held it back, not the server itself
           "server_core_share": (raw["server_cpu_s"] / raw["seconds"]
                                 if raw.get("server_cpu_s") is not None and raw["seconds"] else float("nan"))}
    if raw.get("sent_ms"):
        out["together"] = together(raw["sent_ms"])
    if "bursts" in raw:
        out["clear_ms"] = [b["clear_ms"] for b in raw["bursts"]]
        out["burst_cpu_ms"] = [b["server_cpu_s"] * 1000 / max(len(b["latencies_ms"]), 1)
                               if b.get("server_cpu_s") is not None else float("nan") for b in raw["bursts"]]
    return out


TOGETHER_MS = 0.2


def together(sent_ms: list[float]) -> float:
    """The share of moves sent within TOGETHER_MS of another room's move. Each room moves THINK
    ms after its last view arrived, on Node's 1 ms timers: rooms whose views arrived in the same
    turn of the client's loop send together a second later, again and again, and such a group is
    what makes the slow moves at R = 200 (the server takes them one after the other)."""
    if not sent_ms:
        return float("nan")
    times = sorted(sent_ms)
    near = [False] * len(times)
    for i in range(1, len(times)):
        if times[i] - times[i - 1] < TOGETHER_MS:
            near[i - 1] = near[i] = True
    return sum(near) / len(times)


def median_summary(summaries: list[dict]) -> dict:
    """Several rounds' summaries of one target and scenario -> one: the median of each figure (of each
    entry, for the bursts' lists); moves and errors add up."""
    def median(xs: list[float]) -> float:
        xs = sorted(x for x in xs if x == x)
        if not xs:
            return float("nan")
        mid = len(xs) // 2
        return xs[mid] if len(xs) % 2 else (xs[mid - 1] + xs[mid]) / 2

    out: dict = {}
    for key, first in summaries[0].items():
        values = [s[key] for s in summaries if key in s]
        if key in ("moves", "errors", "games_finished"):
            out[key] = sum(values)
        elif isinstance(first, list):
            out[key] = [median([v[i] for v in values if i < len(v)]) for i in range(len(first))]
        else:
            out[key] = median(values)
    return out


# ----- the table ----------------------------------------------------------------------------------
def _num(x: float) -> str:
    if x != x:  # nan
        return "-"
    return f"{x:,.0f}" if abs(x) >= 100 else f"{x:.2f}" if abs(x) < 10 else f"{x:.1f}"


def _ratio(ours: float, theirs: float) -> str:
    if ours != ours or theirs != theirs or not theirs:
        return "-"
    return f"{ours / theirs:.2f}x"


ROWS = [  # (label, scenario, how to read a summary, goal for ours/theirs or absolute)
    ("saturated, R = 10, think 0: moves/s", "saturated", lambda s: [s["moves_per_s"]], ">= 1.0x"),
    ("saturated: p50 / p99 ms", "saturated", lambda s: [s["p50"], s["p99"]], ""),
    ("saturated: server CPU ms per move", "saturated", lambda s: [s["server_cpu_ms"]], "<= 1.0 ms"),
    ("saturated: server's share of a core (CPU s / wall s)", "saturated", lambda s: [s["server_core_share"]], ""),
    ("R = 200, think 1 s: p50 / p99 ms", "thinking", lambda s: [s["p50"], s["p99"]], "p99 <= 0.5x"),
    ("R = 200: moves/s", "thinking", lambda s: [s["moves_per_s"]], ""),
    ("R = 200: server CPU ms per move", "thinking", lambda s: [s["server_cpu_ms"]], "<= 1.0 ms"),
    ("bytes per socket per move (median, R = 200)", "thinking", lambda s: [s["bytes"]], "<= 1.5 KB"),
    ("client CPU ms per move (R = 200)", "thinking", lambda s: [s["client_cpu_ms"]], ""),
    (f"R = 200: share of moves sent within {TOGETHER_MS} ms of another room's", "thinking",
     lambda s: [s.get("together", float("nan"))], ""),
    ("burst of 200 moves at once: clear ms, 1st (first moves) / 2nd / 3rd", "burst",
     lambda s: s.get("clear_ms", []), ""),
    ("burst: server CPU ms per move, 1st / 2nd / 3rd", "burst", lambda s: s.get("burst_cpu_ms", []), ""),
    ("errors (saturated + R = 200 + burst)", "*", None, "0"),
]

# With the floor in the run: each server's CPU a move less the floor's, the part the work of a move
# (rules, views, database, log) takes beyond the stack itself. Our moves/s can reach boardgame.io's
# only when ours fits in what boardgame.io's whole move leaves above the floor (ratio <= 1.0x).
ABOVE_FLOOR = [  # (label, scenario, goal)
    ("saturated: server CPU ms per move above the floor's", "saturated", "<= 1.0x (for 1.0x moves/s)"),
    ("R = 200: server CPU ms per move above the floor's", "thinking", ""),
]


def _loads(v: float | list[float]) -> str:
    v = v if isinstance(v, list) else [v]
    return f"{min(v):.1f}" if min(v) == max(v) else f"{min(v):.1f}-{max(v):.1f}"


def table(results: dict[str, dict[str, dict]], loads: dict[str, dict[str, float | list[float]]] | None = None) -> str:
    """results[target][scenario] = summarize(...). Columns: each target, and ours/theirs ratios
    against boardgame.io when it ran."""
    targets = list(results)  # in the order they ran
    ours = [t for t in targets if t != "bgio"]
    ratios = "bgio" in results and ours
    head = ["", *(target_label(t) for t in targets), *(f"{target_label(t).removeprefix('doi ')} / bgio" for t in ours if ratios),
            "goal"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for label, scenario, read, goal in ROWS:
        if read is None:
            cells = [str(sum(s["errors"] for s in results[t].values())) for t in targets]
            ratio_cells = ["" for t in ours if ratios]
        else:
            if not any(scenario in results[t] for t in targets):
                continue
            values = {t: read(results[t][scenario]) if scenario in results[t] else [] for t in targets}
            cells = [" / ".join(_num(v) for v in values[t]) or "-" for t in targets]
            ratio_cells = [" / ".join(_ratio(o, b) for o, b in zip(values[t], values["bgio"], strict=False)) or "-"
                           for t in ours if ratios]
        lines.append("| " + " | ".join([label, *cells, *ratio_cells, goal]) + " |")
    lines += _above_floor(results, targets, ours if ratios else [])
    if loads:
        lines.append("| load average (1 min) before each scenario | "
                     + " | ".join(", ".join(f"{k} {_loads(v)}" for k, v in loads[t].items()) for t in targets)
                     + " |" + " |" * (len(head) - 1 - len(targets)))
    return "\n".join(lines)


def _above_floor(results: dict[str, dict[str, dict]], targets: list[str], ours: list[str]) -> list[str]:
    """The ABOVE_FLOOR rows, when the plain floor ran the scenario (its own cell is empty)."""
    lines = []
    for label, scenario, goal in ABOVE_FLOOR:
        floor = results.get("floor", {}).get(scenario)
        if floor is None:
            continue
        above = {t: results[t][scenario]["server_cpu_ms"] - floor["server_cpu_ms"]
                 for t in targets if t != "floor" and scenario in results[t]}
        cells = [_num(above[t]) if t in above else "-" for t in targets]
        ratio_cells = ["-" if t == "floor" or t not in above or "bgio" not in above else _ratio(above[t], above["bgio"])
                       for t in ours]
        lines.append("| " + " | ".join([label, *cells, *ratio_cells, goal]) + " |")
    return lines


# ----- the run ------------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.compare", description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=25, help="play time of each timed scenario")
    ap.add_argument("--targets", nargs="+", type=target_arg, default=["bgio", "sqlite", "postgres"],
                    help="bgio, sqlite, postgres, floor, floor:key=value,... (bench/floor.py's options)")
    ap.add_argument("--scenarios", nargs="+", choices=("saturated", "thinking", "burst"),
                    default=["saturated", "thinking", "burst"])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--views", choices=("patch", "full"), default="patch",
                    help="ours: a full view then JSON Patches per socket (the browser's way), or a full view per move")
    ap.add_argument("--rounds", type=int, default=1,
                    help="run every scenario on every target this many times (each round every target in turn); "
                         "the table gives the median of each figure over the rounds (errors: the sum)")
    ap.add_argument("--raw", help="also write every raw client result to this JSON file (with --rounds: a list each)")
    args = ap.parse_args(argv)
    ensure_node_modules()
    scenarios = {"saturated": dict(SATURATED, seconds=args.seconds), "thinking": dict(THINKING, seconds=args.seconds),
                 "burst": dict(BURST, seconds=0)}
    rounds: dict[str, dict[str, list[dict]]] = {}
    loads: dict[str, dict[str, list[float]]] = {}
    raw: dict = {}
    print(f"{os.cpu_count()} cores; {args.seconds:.0f} s per timed scenario"
          + (f"; {args.rounds} rounds, the table gives each figure's median over them" if args.rounds > 1 else ""),
          flush=True)
    with tempfile.TemporaryDirectory(prefix="doi-compare-") as tmp:
        # Scenario by scenario, every target in turn: on a shared machine the figures compared with
        # each other are then measured minutes, not a quarter of an hour, apart.
        for rnd in range(args.rounds):
            for name in args.scenarios:
                for target in args.targets:
                    loads.setdefault(target, {}).setdefault(name, []).append(os.getloadavg()[0])
                    started = time.perf_counter()
                    try:
                        with server_for(target, Path(tmp), f"{target}-{name}-{rnd}") as (url, pid):
                            r = run_client(target, url, pid, seed=args.seed + rnd, views=args.views, **scenarios[name])
                    except (RuntimeError, subprocess.SubprocessError, OSError) as e:  # the other figures still count
                        print(f"  {target_label(target)}, {name}: FAILED: {e}", flush=True)
                        continue
                    raw.setdefault(target, {}).setdefault(name, []).append(r)
                    s = summarize(r)
                    rounds.setdefault(target, {}).setdefault(name, []).append(s)
                    print(f"  {'' if args.rounds == 1 else f'round {rnd + 1}: '}{target_label(target)}, {name}: "
                          f"{s['moves']} moves, {s['moves_per_s']:.0f} moves/s, p50 {s['p50']:.1f} ms, "
                          f"p99 {s['p99']:.1f} ms, {s['server_cpu_ms']:.2f} ms CPU/move, {s['errors']} errors "
                          f"({time.perf_counter() - started:.0f} s)", flush=True)
    results = {t: {name: median_summary(ss) for name, ss in by.items()} for t, by in rounds.items()}
    if args.rounds == 1:
        raw = {t: {name: rs[0] for name, rs in by.items()} for t, by in raw.items()}
    if args.raw:
        Path(args.raw).write_text(json.dumps(raw))
    print(table(results, loads))
    return 0


if __name__ == "__main__":
    sys.exit(main())
