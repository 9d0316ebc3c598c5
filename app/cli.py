"""The `doi` command: serve, simulate."""
from __future__ import annotations

import argparse
import sys


def tune_gc() -> None:
    """The server allocates many short-lived, acyclic dicts (a view per seat per move), which
    refcounting frees at once; with the default thresholds the cyclic collector still ran every
    few hundred allocations and took a third of the server's time under load. Collect rarely, and
    freeze what the imports built (card tables, routes) so full collections skip it."""
    import gc

    import app.main  # noqa: F401  (build the long-lived objects before freezing them)
    import engine  # noqa: F401

    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="doi", description="Days of Ire Online")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the web server")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)

    db = sub.add_parser("db", help="database tasks")
    db.add_argument("task", choices=["upgrade"], help="upgrade: run the migrations up to the newest schema")

    adm = sub.add_parser("admin", help="admin accounts")
    adm.add_argument("task", choices=["create"])
    adm.add_argument("name")
    adm.add_argument("--password", help="the password (asked for when omitted)")

    sim = sub.add_parser("simulate", help="play random games and print statistics")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--revolutionaries", type=int, default=None, choices=(1, 2, 3, 4),
                     help="player count (default 2; with --ruleset zhukov and no count: 1, 2, 3 and 4)")
    sim.add_argument("--ruleset", choices=("conflict", "zhukov"), default="conflict",
                     help="zhukov: the Revolutionaries against the General Zhukov deck (no Soviet bot)")
    sim.add_argument("--first-game", action="store_true",
                     help="zhukov: every First Game With Reduced Difficulty change (morale 3, one Radio sniper "
                          "less, the fighter at the University of Technology active)")
    sim.add_argument("--soviet-bot", choices=("random", "greedy"), default="random")
    sim.add_argument("--rev-bot", choices=("random", "greedy"), default="random")

    args = parser.parse_args(argv)
    if args.command in ("serve", "db") and not secret_key_allowed():
        return 2
    if args.command == "serve":
        from app.serve import serve

        tune_gc()
        serve(args.host, args.port)
        return 0
    if args.command == "db":
        from app.infra.migrate import upgrade
        from app.infra.settings import get_settings

        url = get_settings().resolved_database_url()
        upgrade(url)
        print("database is at the newest schema")
        return 0
    if args.command == "admin":
        return create_admin(args.name, args.password)
    if args.command == "simulate":
        return simulate(args)
    return 1


def secret_key_allowed() -> bool:
    """Refuse, before the database is touched, to run a server whose DOI_SECRET_KEY is guessable
    (a container's `doi db upgrade && doi serve` then stops at its first step)."""
    from app.infra.settings import WeakSecretKey, get_settings

    try:
        get_settings().check_secret_key()
    except WeakSecretKey as e:
        print(f"doi: {e}", file=sys.stderr)
        return False
    return True


def simulate(args) -> int:
    from bots.match import tournament

    if args.ruleset == "zhukov":
        return simulate_zhukov(args)
    revs = args.revolutionaries or 2
    if revs == 4:
        print("The Conflict ruleset has 1-3 Revolutionaries (4 only with --ruleset zhukov).", file=sys.stderr)
        return 2
    r = tournament(args.games, args.seed, revs, args.soviet_bot, args.rev_bot)
    print(f"games: {r['games']}  revolutionaries: {revs}  seed: {args.seed}  "
          f"soviet bot: {args.soviet_bot}  revolutionary bot: {args.rev_bot}")
    print(f"games/s: {r['games_per_second']:.1f}  ({r['seconds']:.2f} s)")
    for side in ("revolutionaries", "soviet"):
        n = r["wins"].get(side, 0)
        print(f"win rate {side}: {n / r['games']:.1%} ({n})")
    for reason, n in r["reasons"].items():
        print(f"  {reason}: {n}")
    print(f"mean actions per game: {r['mean_actions']:.1f}")
    return 0


def simulate_zhukov(args) -> int:
    """The Zhukov ruleset: win rates of the random and the greedy Revolutionary bots per player
    count (there is no Soviet bot: the General Zhukov deck plays the Soviet side)."""
    from bots.match import tournament

    counts = [args.revolutionaries] if args.revolutionaries else [1, 2, 3, 4]
    options = {"ruleset": "zhukov"}
    if args.first_game:
        options.update(zhukov_easy_morale_3=True, zhukov_easy_remove_radio_sniper=True,
                       zhukov_easy_activate_fighter="university")
    print(f"Zhukov ruleset: {args.games} games per row, seeds {args.seed}..{args.seed + args.games - 1}"
          + (" (first game settings)" if args.first_game else ""))
    print("revolutionaries  rev bot  win rate  (wins)  games/s  mean actions  defeats by reason")
    for revs in counts:
        for bot in ("random", "greedy"):
            r = tournament(args.games, args.seed, revs, "random", bot, options)
            wins = r["wins"].get("revolutionaries", 0)
            defeats = ", ".join(f"{k.split(': ', 1)[1]} {n}" for k, n in r["reasons"].items() if k.startswith("soviet"))
            print(f"{revs:>15}  {bot:>7}  {wins / r['games']:>8.1%}  ({wins:>3})  {r['games_per_second']:>7.1f}  "
                  f"{r['mean_actions']:>12.1f}  {defeats}")
    return 0


def create_admin(name: str, password: str | None) -> int:
    import getpass

    from sqlalchemy import create_engine, select
    from sqlalchemy.orm import Session

    from app.infra.db import sync_url
    from app.infra.migrate import upgrade
    from app.infra.models import AdminRow
    from app.infra.security import hash_password
    from app.infra.settings import get_settings

    url = get_settings().resolved_database_url()
    upgrade(url)
    if not password:
        password = getpass.getpass(f"Password for admin {name}: ")
    if len(password) < 8:
        print("The password must have at least 8 characters.", file=sys.stderr)
        return 2
    engine = create_engine(sync_url(url))
    with Session(engine) as s, s.begin():
        if s.execute(select(AdminRow).where(AdminRow.name == name)).scalar_one_or_none():
            print(f"Admin {name} already exists.", file=sys.stderr)
            return 1
        s.add(AdminRow(name=name, password_hash=hash_password(password)))
    print(f"Admin {name} created.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
