"""Sum py-spy's folded stacks (`py-spy record --format raw`, e.g. from `bench.bot_rooms --profile`)
by function: each function's share of the samples with it anywhere on the stack (inclusive) and
at the top (self).

    .venv/bin/python -m bench.profile_summary FILE [--top 40] [--under FUNCTION] [--moves N]
    .venv/bin/python -m bench.profile_summary FILE --parts --cpu S --moves N --bot-moves B

`--under` keeps the stacks through a function whose name contains the text (e.g.
`BotDriver._step`); `--moves N` also prints each line as milliseconds of samples per move (250
samples per second: a sample is 4 ms of CPU). `--parts` sorts every sample of a bot-rooms run
(bench.bot_rooms: S seconds of server CPU, N moves of which B by bots) into the parts of a move
and prints each part's CPU per bot move, per person's move or per move of any kind."""
from __future__ import annotations

import argparse
import re
from collections import Counter

FRAME = re.compile(r"^(.*) \((.*?)(?::\d+)?\)$")


def frames_of(line: str) -> tuple[list[str], int]:
    stack, _, count = line.rstrip("\n").rpartition(" ")
    names = []
    for raw in stack.split(";"):
        m = FRAME.match(raw)
        names.append(f"{m.group(1)} ({m.group(2)})" if m else raw)
    return names, int(count)


def summarize(path: str, under: str | None = None) -> tuple[int, Counter, Counter]:
    total, inclusive, own = 0, Counter(), Counter()
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            names, n = frames_of(line)
            if under is not None:
                at = next((i for i, name in enumerate(names) if under in name), None)
                if at is None:
                    continue
                names = names[at:]
            total += n
            for name in set(names):
                inclusive[name] += n
            own[names[-1]] += n
    return total, inclusive, own


# (part, whose, functions that must all be on the stack[, the function on top]): the first that
# matches takes the sample. whose: "bot" (per bot move), "person" (per person's move), "any" (per
# move of any kind). py-spy's samples are time holding the GIL, not CPU: on a loaded machine the
# OS preempts the loop mostly at a system call's return, so lines making one (a clock read, a
# socket write) collect the time it waited for a core as well.
_MOVE = (("Game.irreversible", "undo marks of the pushed views"), ("Game.apply", "engine: apply"), ("MoveWriter.write", "database write"),
         ("build_view_parts", "engine: views to push"), ("Conn.post", "socket writes (in the push)"),
         ("fan_out", "payloads (patches, JSON)"))
PARTS = ([("bot: " + label, "bot", ("BotDriver._drive", "make_move", f)) for f, label in _MOVE]
         + [("bot: the move's rest (log, metrics, lock)", "bot", ("BotDriver._drive", "make_move"))]
         + [("bot: reading its CPU clock (where the OS preempts the loop)", "bot", ("BotDriver._move",), "BotDriver._move"),
            ("bot: reading its CPU clock (where the OS preempts the loop)", "bot", ("BotDriver._step",), "BotDriver._step"),
            ("bot: undo marks in its own view", "bot", ("BotDriver._drive", "Game.view", "Game.irreversible")),
            ("bot: its view", "bot", ("BotDriver._drive", "Game.view")),
            ("bot: its choice", "bot", ("BotDriver._drive", "SeatBot.choose")),
            ("bot: lease", "bot", ("BotDriver._take",)),
            ("bot: lease", "bot", ("BotDriver.renew",)),
            ("bot: driver (finding the seat, pauses)", "bot", ("BotDriver._drive",))]
         + [("person: " + label, "person", ("game_socket", "make_move", f)) for f, label in _MOVE]
         + [("person: the move's rest (log, metrics, lock)", "person", ("game_socket", "make_move")),
            ("person: the socket message (read, parse, checks)", "person", ("game_socket",)),
            ("socket writes (outside a move, or a send that had to wait)", "any", ("Conn.post",)),
            ("socket writes (outside a move, or a send that had to wait)", "any", ("Conn._drain",)),
            ("bus notes heard (every move)", "any", ("Bus._deliver",)),
            ("database outside a move (SQLAlchemy)", "any", ("greenlet_spawn",)),
            ("database outside a move (SQLAlchemy)", "any", ("Session.execute",)),
            ("everything else (HTTP, sweeps, loop)", "any", ())])


def parts(path: str) -> Counter:
    out: Counter = Counter()
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            names, n = frames_of(line)
            for label, whose, needs, *leaf in PARTS:
                if leaf and not names[-1].startswith(leaf[0] + " "):
                    continue
                if all(any(name.startswith(need + " ") for name in names) for need in needs):
                    out[(label, whose)] += n
                    break
    return out


def print_parts(path: str, cpu: float, moves: int, bot_moves: int) -> None:
    counts = parts(path)
    total = sum(counts.values())
    # A clock read costs under a microsecond of CPU: its samples are time spent waiting for a core,
    # left out of the CPU shared among the other parts.
    waited = sum(n for (label, _), n in counts.items() if "preempts" in label)
    cpu_samples = total - waited
    per = {"bot": bot_moves, "person": moves - bot_moves, "any": moves}
    sums: Counter = Counter()
    print(f"{total} samples; server CPU {cpu:.1f} s over {moves} moves ({bot_moves} by bots)")
    print(f"{'part':52} {'share':>6} {'ms per':>8}")
    for (label, whose), n in sorted(counts.items(), key=lambda kv: (kv[0][1], -kv[1])):
        ms = (0.0 if "preempts" in label else cpu * n / cpu_samples / max(per[whose], 1) * 1000)
        sums[whose] += ms
        print(f"{label:52} {100 * n / total:5.1f}% {ms:6.3f}  ({'move' if whose == 'any' else whose + ' move'})")
    print(f"a bot move: {sums['bot']:.3f} ms + {sums['any']:.3f} ms shared = {sums['bot'] + sums['any']:.3f} ms; "
          f"a person's move: {sums['person']:.3f} + {sums['any']:.3f} = {sums['person'] + sums['any']:.3f} ms")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.profile_summary", description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--under")
    ap.add_argument("--moves", type=int, default=0, help="moves made while sampling: adds ms per move")
    ap.add_argument("--rate", type=int, default=250, help="samples per second of the recording")
    ap.add_argument("--parts", action="store_true", help="the parts of a bot-rooms run (needs --cpu, --moves, --bot-moves)")
    ap.add_argument("--cpu", type=float, help="server CPU seconds over the recording")
    ap.add_argument("--bot-moves", type=int, default=0)
    args = ap.parse_args(argv)
    if args.parts:
        print_parts(args.file, args.cpu, args.moves, args.bot_moves)
        return 0
    total, inclusive, own = summarize(args.file, args.under)
    per = (lambda n: f" {n * 1000 / args.rate / args.moves:6.3f} ms/move") if args.moves else (lambda n: "")
    print(f"{total} samples" + (f" under {args.under}" if args.under else "") + per(total))
    for title, counts in (("inclusive", inclusive), ("self", own)):
        print(f"\n{title}:")
        for name, n in counts.most_common(args.top):
            print(f"{100 * n / max(total, 1):5.1f}%{per(n)}  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
