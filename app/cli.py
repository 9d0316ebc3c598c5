"""The `doi` command: serve, simulate."""
from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="doi", description="Days of Ire Online")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the web server")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)

    sim = sub.add_parser("simulate", help="play random games and print statistics")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--revolutionaries", type=int, default=2, choices=(1, 2, 3))

    args = parser.parse_args(argv)
    if args.command == "serve":
        import uvicorn

        uvicorn.run("app.main:app", host=args.host, port=args.port)
        return 0
    if args.command == "simulate":
        from bots.simulate import simulate

        r = simulate(args.games, args.seed, args.revolutionaries)
        print(f"games: {r['games']}  revolutionaries: {args.revolutionaries}  seed: {args.seed}")
        print(f"games/s: {r['games_per_second']:.1f}  ({r['seconds']:.2f} s)")
        for side in ("revolutionaries", "soviet"):
            n = r["wins"].get(side, 0)
            print(f"win rate {side}: {n / r['games']:.1%} ({n})")
        for reason, n in r["reasons"].items():
            print(f"  {reason}: {n}")
        print(f"mean actions per game: {r['mean_actions']:.1f}")
        return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())
