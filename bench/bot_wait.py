"""How long a person waits for the bots between two of their decisions, at a room's bot pace.

A solo room (a person as Revolutionary 1 against the normal bot Soviet) runs in-process on SQLite;
the person's moves are the greedy bot's, sent at once through the REST API; every wait from the
person's move (or the claim) to their next decision is timed. Run:

    .venv/bin/python -m bench.bot_wait --pace quick --days 2
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path


def measure(pace: str, days: int, seed: int) -> list[float]:
    from fastapi.testclient import TestClient

    from app.infra.migrate import upgrade
    from app.infra.settings import Settings
    from app.main import create_app
    from bots.greedy import GreedyBot

    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'wait.sqlite3'}"
        upgrade(url)
        settings = Settings(database_url=url, secret_key="bench", rooms_per_hour=10_000, json_logs=False,
                            bot_pause=1.0)
        waits: list[float] = []
        person = GreedyBot(seed)
        with TestClient(create_app(settings)) as client:
            room = client.post("/api/games", json={"revolutionaries": 1, "bots": {"soviet": "normal"},
                                                   "bot_pace": pace}).json()
            invite = room["invites"]["rev1"].split("invite=")[1]
            gid = room["id"]
            token = client.post(f"/api/games/{gid}/seats/rev1", json={"name": "Bench", "invite": invite}).json()["token"]
            headers = {"Authorization": f"Bearer {token}"}
            start = time.monotonic()
            while True:
                got = client.get(f"/api/games/{gid}/view", headers=headers).json()
                view = got["view"]
                if got["status"] != "active" or view["day"] > days:
                    break
                actions = [a for a in view["actions"] if a["type"] != "undo"]
                if not actions:
                    time.sleep(0.02)
                    continue
                if time.monotonic() - start > 0.1:  # a wait for the bot, not the person's next step
                    waits.append(time.monotonic() - start)
                # The person's choice from the full view (the REST view leaves the card texts to the client).
                _, _, game = client.portal.call(client.app.state.store.current, gid)
                action = person.choose(game.view("rev1"), actions)
                client.post(f"/api/games/{gid}/actions", headers=headers, json={"version": got["version"], "action": action})
                start = time.monotonic()
        return waits


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pace", choices=("instant", "quick", "normal"), default="quick")
    ap.add_argument("--days", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    waits = measure(args.pace, args.days, args.seed)
    print(f"pace {args.pace}, days 1-{args.days}: {len(waits)} waits for the bot Soviet; "
          f"median {statistics.median(waits):.1f} s, longest {max(waits):.1f} s, "
          f"all: {' '.join(f'{w:.1f}' for w in waits)}")


if __name__ == "__main__":
    main()
