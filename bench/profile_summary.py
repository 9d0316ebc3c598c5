"""Sum py-spy's folded stacks (`py-spy record --format raw`, e.g. from `bench.bot_rooms --profile`)
by function: each function's share of the samples with it anywhere on the stack (inclusive) and
at the top (self).

    .venv/bin/python -m bench.profile_summary FILE [--top 40] [--under FUNCTION] [--moves N]

`--under` keeps the stacks through a function whose name contains the text (e.g.
`BotDriver._step`); `--moves N` also prints each line as milliseconds of samples per move (250
samples per second: a sample is 4 ms of CPU)."""
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.profile_summary", description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--under")
    ap.add_argument("--moves", type=int, default=0, help="moves made while sampling: adds ms per move")
    ap.add_argument("--rate", type=int, default=250, help="samples per second of the recording")
    args = ap.parse_args(argv)
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
