"""Admin import under watch: how long does /healthz take to answer while a long record is imported?

Builds a legal record of --actions actions (random moves until a seat may take a step and cancel
it, then that step and its cancel over and over: every action legal, the replay as long as asked),
starts a `doi serve` process on a fresh database, logs in as an admin, and posts the record while
another client asks /healthz every 10 ms. Prints the import's time and answer and the longest
/healthz answer (issue 30, item 4: the loop must not stop for the import).

    .venv/bin/python bench/import_load.py [--actions 99998] [--db sqlite|postgresql]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import sys
import tempfile
import time

import httpx
import orjson

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.crash import ServerProcess  # noqa: E402
from bots.random_bot import RandomBot  # noqa: E402
from engine import Game, new_game  # noqa: E402

PG_ADMIN_URL = os.environ.get("DOI_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


def long_record(actions: int, seed: int = 5) -> dict:
    """A legal record of exactly `actions` actions (the game left running)."""
    g, bot = new_game(2, seed), RandomBot(seed)
    while True:
        for seat in g.active_seats():
            before = g.legal_actions(seat)
            for a in before:
                if a["type"] in ("undo", "cancel", "done"):
                    continue
                trial = Game.from_dict(g.to_dict())
                trial.apply(seat, a)
                if {"type": "cancel"} in trial.legal_actions(seat):
                    trial.apply(seat, {"type": "cancel"})
                    if trial.legal_actions(seat) == before:
                        record = g.record()
                        loop = [[seat, a], [seat, {"type": "cancel"}]]
                        while len(record["actions"]) < actions:
                            record["actions"].append(loop[(len(record["actions"]) - g.move_count) % 2])
                        return record
        seat = bot.rng.choice(g.active_seats())
        g.apply(seat, bot.choose(g.legal_actions(seat)))


def make_admin(db_url: str) -> tuple[str, str]:
    from sqlalchemy import create_engine
    from sqlalchemy.orm import Session

    from app.infra.db import sync_url
    from app.infra.models import AdminRow
    from app.infra.security import hash_password

    name, password = "bench_admin", "correct horse battery"
    engine = create_engine(sync_url(db_url))
    with Session(engine) as s, s.begin():
        s.add(AdminRow(name=name, password_hash=hash_password(password)))
    engine.dispose()
    return name, password


async def watch(base: str, record_bytes: bytes, name: str, password: str) -> dict:
    async with httpx.AsyncClient(base_url=base, timeout=600) as admin, httpx.AsyncClient(base_url=base) as probe:
        r = await admin.post("/api/admin/login", json={"name": name, "password": password})
        r.raise_for_status()
        csrf = {"X-CSRF-Token": r.json()["csrf"], "Content-Type": "application/json"}
        times: list[float] = []
        done = asyncio.Event()

        async def health():
            while not done.is_set():
                t0 = time.perf_counter()
                (await probe.get("/healthz")).raise_for_status()
                times.append(time.perf_counter() - t0)
                await asyncio.sleep(0.01)

        prober = asyncio.create_task(health())
        await asyncio.sleep(0.3)
        t0 = time.perf_counter()
        answer = await admin.post("/api/admin/games/import", headers=csrf, content=record_bytes)
        took = time.perf_counter() - t0
        await asyncio.sleep(0.3)
        done.set()
        await prober
        gid = answer.json().get("id") if answer.status_code == 201 else None
        t0 = time.perf_counter()
        first_load = (await admin.get(f"/api/admin/games/{gid}")).status_code if gid else None
        load_took = time.perf_counter() - t0
    times.sort()
    return {"status": answer.status_code, "import_s": took, "healthz_max_ms": times[-1] * 1000,
            "healthz_p99_ms": times[int(len(times) * 0.99)] * 1000, "healthz_n": len(times),
            "first_load": first_load, "first_load_s": load_took}


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--actions", type=int, default=99_998)
    p.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    a = p.parse_args()
    t0 = time.perf_counter()
    record = long_record(a.actions)
    body = orjson.dumps(record)
    print(f"record: {len(record['actions'])} actions, {len(body)} bytes, built in {time.perf_counter() - t0:.1f} s")
    from app.infra.migrate import upgrade

    with tempfile.TemporaryDirectory() as tmp:
        pg_name = None
        if a.db == "sqlite":
            url = f"sqlite:///{tmp}/import.sqlite3"
        else:
            import psycopg
            pg_name = f"doi_import_{secrets.token_hex(4)}"
            with psycopg.connect(PG_ADMIN_URL, autocommit=True) as c:
                c.execute(f'CREATE DATABASE "{pg_name}"')
            url = PG_ADMIN_URL.rsplit("/", 1)[0] + "/" + pg_name
        server = ServerProcess(url, tmp)
        try:
            upgrade(url)
            name, password = make_admin(url)
            server.start()
            r = asyncio.run(watch(server.base, body, name, password))
        finally:
            server.stop()
            if pg_name:
                import psycopg
                with psycopg.connect(PG_ADMIN_URL, autocommit=True) as c:
                    c.execute(f'DROP DATABASE IF EXISTS "{pg_name}" WITH (FORCE)')
    print(f"import ({a.db}): HTTP {r['status']} in {r['import_s']:.1f} s; /healthz during it: "
          f"max {r['healthz_max_ms']:.1f} ms, p99 {r['healthz_p99_ms']:.1f} ms over {r['healthz_n']} answers; "
          f"first admin load of the game: HTTP {r['first_load']} in {r['first_load_s'] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
