"""Issue 11 item 1: the last seats of a room claimed at the same moment. Each claim used to count
the free seats without seeing the other's uncommitted claim, so on PostgreSQL both claims won,
every seat was taken and the game stayed `open` for ever. Many rooms, two claimants per seat, all
sent at once on their own connections: every room must start, and each seat has one winner."""
from __future__ import annotations

import asyncio
from collections import Counter

from tests.server.conftest import make_settings
from tests.server.helpers import AsgiClient, invite_of, run_async
from tests.server.test_rate_limits import some_address

ROOMS = {1: 30, 2: 15}  # revolutionaries -> rooms: two-seat and three-seat rooms


async def race(db_url: str) -> tuple[list[str], Counter]:
    async with AsgiClient(make_settings(db_url), client_addr=some_address()) as http:
        rooms = []
        for revs, n in ROOMS.items():
            for _ in range(n):
                r = await http.post("/api/games", json={"revolutionaries": revs})
                assert r.status_code == 201, r.text
                rooms.append(r.json())

        async def claim(room, seat, who):
            r = await http.post(f"/api/games/{room['id']}/seats/{seat}",
                                json={"name": f"{seat}-{who}", "invite": invite_of(room, seat)})
            return room["id"], seat, who, r.status_code, r.json()

        claims = [claim(room, seat, who) for room in rooms for seat in room["invites"] for who in ("a", "b")]
        results = await asyncio.gather(*claims)
        outcome = Counter()
        for gid, seat, _who, status, body in results:
            outcome[(gid, seat, status, body.get("code"))] += 1
        statuses = [(await http.get(f"/api/games/{room['id']}")).json() for room in rooms]
        return statuses, outcome


def test_concurrent_claims_of_the_last_seats_start_every_room(db_url):
    statuses, outcome = run_async(race(db_url))
    assert [s["status"] for s in statuses] == ["active"] * len(statuses)
    for summary in statuses:
        gid = summary["id"]
        for seat in summary["seats"]:
            won = outcome[(gid, seat["seat"], 200, None)]
            lost = outcome[(gid, seat["seat"], 409, "taken")] + outcome[(gid, seat["seat"], 409, "started")]
            assert (won, lost) == (1, 1), (gid, seat, outcome)
            assert seat["claimed"] and seat["name"] in (f"{seat['seat']}-a", f"{seat['seat']}-b")
