"""What ratings, profiles and "next game" cost (issue 34), in-process on SQLite (or --db URL).

One account holds the Soviet seat of `--live` running games (all waiting for its move) and of
`--finished` games that ended against another account; each end is written to the database and
rated by `rate_game`. Prints the median and worst time of rating one game, of `GET /api/my/next`
(every running game's turn looked at), of `GET /api/players/{name}` and of a leaderboard page.

    .venv/bin/python -m bench.players --live 50 --finished 200
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def show(label: str, ms: list[float]) -> None:
    print(f"{label:<44} median {statistics.median(ms):7.2f} ms   max {max(ms):7.2f} ms   (n={len(ms)})")


def run(url: str, live: int, finished: int, repeat: int) -> None:
    import logging

    from fastapi.testclient import TestClient

    from app.accounts.ratings import rate_game
    from app.infra.models import GameRow
    from app.infra.settings import Settings
    from app.main import create_app

    logging.getLogger("doi.ratings").setLevel(logging.WARNING)  # a line per rated game otherwise
    settings = Settings(database_url=url, secret_key="bench-players-0123456789abcdefghijklmnop", json_logs=False,
                        rooms_per_hour=10_000, accounts_per_hour=10_000)
    with TestClient(create_app(settings)) as me, TestClient(me.app) as them:
        name = f"Bench{time.time_ns() % 10**8}"
        for who, n in ((me, name), (them, name + "b")):
            assert who.post("/api/accounts", json={"name": n, "password": "bench passphrase"}).status_code == 201
        store = me.app.state.store
        gids = []
        for _ in range(live + finished):
            room = me.post("/api/games", json={"revolutionaries": 1, "options": {}}).json()
            for who, seat in ((me, "soviet"), (them, "rev1")):
                invite = room["invites"][seat].split("invite=")[1]
                assert who.post(f"/api/games/{room['id']}/seats/{seat}", json={"name": seat, "invite": invite}).status_code == 200
            gids.append(room["id"])

        async def end(gid: str) -> None:
            async with store.transaction() as s:
                row = await s.get(GameRow, gid)
                row.status, row.result = "finished", {"winner": "soviet", "reason": "bench"}
            store.forget(gid)

        rating = []
        for gid in gids[live:]:
            me.portal.call(end, gid)
            start = time.perf_counter()
            assert me.portal.call(rate_game, store, gid) in ("rated", None)
            rating.append((time.perf_counter() - start) * 1000)
        print(f"{live} live and {finished} finished games of one account, {url.split(':')[0]}")
        show("rate_game (one finished game)", rating)
        show(f"GET /api/my/next ({live} waiting)", timed(lambda: me.get("/api/my/next"), repeat))
        show("GET /api/players/{name}", timed(lambda: them.get(f"/api/players/{name}"), repeat))
        show("GET /api/leaderboard", timed(lambda: them.get("/api/leaderboard?side=soviet"), repeat))
        assert me.get("/api/my/next").json()["waiting"] == live


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--live", type=int, default=50)
    ap.add_argument("--finished", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=30)
    ap.add_argument("--db", default="", help="a database URL (default: a fresh SQLite file)")
    args = ap.parse_args()
    if args.db:
        run(args.db, args.live, args.finished, args.repeat)
        return
    from app.infra.migrate import upgrade

    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'players.sqlite3'}"
        upgrade(url)
        run(url, args.live, args.finished, args.repeat)


if __name__ == "__main__":
    main()
