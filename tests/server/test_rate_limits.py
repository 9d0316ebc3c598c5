"""Issue 11 item 6: the room-creation limit holds for simultaneous requests (it used to count the
rooms and create one in two steps: 100, 300 and 1,000 requests sent at once were all served), and
the client address behind a proxy is taken from X-Forwarded-For only when the proxy is trusted."""
from __future__ import annotations

import asyncio
import secrets

from tests.server.conftest import make_settings
from tests.server.helpers import AsgiClient, run_async


def some_address() -> str:
    return f"10.{secrets.randbelow(256)}.{secrets.randbelow(256)}.{secrets.randbelow(254) + 1}"


async def create_at_once(settings, n: int, address: str, headers=None) -> list:
    async with AsgiClient(settings, client_addr=address) as http:
        return await asyncio.gather(*[http.post("/api/games", json={"revolutionaries": 1}, headers=headers)
                                      for _ in range(n)])


def test_room_limit_holds_for_simultaneous_requests(db_url):
    settings = make_settings(db_url).model_copy(update={"rooms_per_hour": 5})
    answers = run_async(create_at_once(settings, 60, some_address()))
    codes = sorted(r.status_code for r in answers)
    assert codes == [201] * 5 + [429] * 55
    refused = next(r for r in answers if r.status_code == 429)
    assert refused.json()["code"] == "rate_limited" and "at most 5 an hour" in refused.json()["detail"]
    assert 3500 <= int(refused.headers["Retry-After"]) <= 3600


def test_refused_options_do_not_use_up_the_room_limit(db_url):
    settings = make_settings(db_url).model_copy(update={"rooms_per_hour": 2})

    async def scenario():
        async with AsgiClient(settings, client_addr=some_address()) as http:
            bad = [await http.post("/api/games", json={"revolutionaries": 1, "options": {"bogus": 1}})
                   for _ in range(3)]
            good = [await http.post("/api/games", json={"revolutionaries": 1}) for _ in range(3)]
            return [r.status_code for r in bad], [r.status_code for r in good]

    assert run_async(scenario()) == ([422] * 3, [201, 201, 429])


def test_forwarded_address_is_believed_only_from_a_trusted_proxy(db_url):
    """Without trusted proxies every X-Forwarded-For is ignored: spoofed addresses share the peer's limit."""
    proxy = some_address()
    spoofed = make_settings(db_url).model_copy(update={"rooms_per_hour": 2})

    async def each_forwarded(settings):
        async with AsgiClient(settings, client_addr=proxy) as http:
            return [(await http.post("/api/games", json={"revolutionaries": 1},
                                     headers={"X-Forwarded-For": f"{some_address()}, {proxy}"})).status_code
                    for _ in range(4)]

    assert run_async(each_forwarded(spoofed)) == [201, 201, 429, 429]
    trusting = spoofed.model_copy(update={"trusted_proxies": f"127.0.0.9, {proxy}"})
    assert run_async(each_forwarded(trusting)) == [201] * 4  # four clients behind the proxy, one room each
