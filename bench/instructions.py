"""Engine cost per action in instructions, which machine load does not change (wall-clock games/s
on a shared machine swings more than the code does).

    .venv/bin/python -m bench.instructions [--games 10] [ROOT ...]

Runs `play_random_game(1 + i % 3, 1 + i)` for i < GAMES under valgrind's callgrind, once with 0
games (interpreter start and imports) and once with GAMES, and prints the difference per action
played. Each ROOT is a checkout of this project (default: this one), so an older commit can be
compared in the same run: `git worktree add --detach /tmp/base COMMIT`, then pass `/tmp/base .`.
Needs `valgrind` (Debian: apt-get install valgrind).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

PLAY = """
import sys
sys.path.insert(0, sys.argv[1])
from bots.random_bot import play_random_game
n = int(sys.argv[2])
print(sum(play_random_game(1 + i % 3, 1 + i).move_count for i in range(n)))
"""


def _run(root: str, games: int) -> tuple[int, int]:
    """(instructions, actions) of one callgrind run."""
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                          "-c", PLAY, root, str(games)], capture_output=True, text=True, check=True)
    found = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    if not found:
        raise RuntimeError(f"no instruction count from callgrind: {out.stderr[-500:]}")
    return int(found.group(1)), int(out.stdout.strip() or 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("roots", nargs="*", default=[os.path.dirname(os.path.dirname(os.path.abspath(__file__)))])
    args = parser.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    for root in args.roots:
        start, _ = _run(os.path.abspath(root), 0)
        total, actions = _run(os.path.abspath(root), args.games)
        print(f"{root}: {args.games} games, {actions} actions, {(total - start) / actions / 1000:.1f} k instructions per action")


if __name__ == "__main__":
    main()
