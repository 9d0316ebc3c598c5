"""Hint latency (issue 33): a lesson room in an in-process app on a fresh SQLite file; its player asks
`POST /api/games/{id}/hint` N times about the same decision (the answer cache cleared between asks,
so each ask is a search in the bots' worker pool), then once more with the cache.

    .venv/bin/python -m bench.hints --asks 10 --think-ms 400

Prints the first ask (it starts the worker pool), the median and the slowest of the others, the
cached answer, and how many of the answers were the search's own (not the normal bot's fallback)."""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--asks", type=int, default=10)
    ap.add_argument("--think-ms", type=int, default=400)
    args = ap.parse_args()

    from fastapi.testclient import TestClient

    from app.infra.migrate import upgrade
    from app.infra.settings import Settings
    from app.main import create_app

    url = f"sqlite:///{tempfile.mkdtemp()}/hints.sqlite3"
    upgrade(url)
    settings = Settings(database_url=url, secret_key="bench-secret-0123456789abcdefghijklmnop", json_logs=False,
                        bot_pause=0, hints_per_minute=10_000, rooms_per_hour=10_000, hint_think_ms=args.think_ms)
    with TestClient(create_app(settings)) as client:
        room = client.post("/api/learn", json={}).json()
        invite = room["invites"]["rev1"].split("invite=")[1]
        token = client.post(f"/api/games/{room['id']}/seats/rev1", json={"name": "Bench", "invite": invite}).json()["token"]
        headers = {"Authorization": f"Bearer {token}"}
        deadline = time.monotonic() + 60
        while not (got := client.get(f"/api/games/{room['id']}/view", headers=headers).json())["view"]["actions"]:
            assert time.monotonic() < deadline, "the Soviet bot never handed over"
            time.sleep(0.05)
        times, searched = [], 0
        for _ in range(args.asks):
            hints = getattr(client.app.state, "hints", None)
            if hints is not None:
                hints.cache.clear()
            t = time.perf_counter()
            r = client.post(f"/api/games/{room['id']}/hint", json={"version": got["version"]}, headers=headers)
            times.append(time.perf_counter() - t)
            searched += r.json()["by"] == "hard"
        t = time.perf_counter()
        client.post(f"/api/games/{room['id']}/hint", json={"version": got["version"]}, headers=headers)
        cached = time.perf_counter() - t
    rest = times[1:] or times
    print(f"hint, think budget {args.think_ms} ms: first ask {times[0] * 1000:.0f} ms (starts the pool); "
          f"then median {statistics.median(rest) * 1000:.0f} ms, slowest {max(rest) * 1000:.0f} ms; "
          f"cached {cached * 1000:.1f} ms; searched {searched}/{len(times)}")


if __name__ == "__main__":  # the worker pool's fork server imports this module again
    main()
