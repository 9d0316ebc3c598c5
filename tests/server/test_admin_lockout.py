"""Issue 30 item 10: anyone who knew the admin's name could lock the admin out. 10 wrong passwords
from 10 addresses used up the per-name limit, and the right password from an 11th address was
answered 429 for 15 minutes. Now guessing is slowed without refusing the owner (OWASP's
authentication guidance): an address is limited per name (and in all), and guesses at a name from
everywhere only make each attempt at it wait longer, the owner's right password included."""
from __future__ import annotations

import asyncio
import time

import httpx
import pytest

import app.web.routes.admin as admin_routes
from app.web.limits import growing_delay
from tests.server.conftest import make_settings
from tests.server.helpers import AsgiClient, run_async
from tests.server.test_admin import make_admin
from tests.server.test_rate_limits import some_address


def settings_with(db_url, **update):
    """The default limits (10 per address, 5 per name and address, 900 s), with the delay scaled down."""
    return make_settings(db_url).model_copy(update={"login_delay_base": 0.1, "login_delay_max": 0.4, **update})


class Addresses:
    """One app; a client per address, as many as wanted."""

    def __init__(self, settings):
        self.server = AsgiClient(settings)

    async def __aenter__(self):
        self.clients: list[httpx.AsyncClient] = []
        await self.server.__aenter__()
        return self

    def new(self, address: str | None = None) -> httpx.AsyncClient:
        transport = httpx.ASGITransport(app=self.server.app, client=(address or some_address(), 40000))
        self.clients.append(httpx.AsyncClient(transport=transport, base_url="http://testserver"))
        return self.clients[-1]

    async def __aexit__(self, *exc):
        for c in self.clients:
            await c.aclose()
        await self.server.__aexit__(*exc)


async def login(http: httpx.AsyncClient, name: str, password: str) -> tuple[int, float]:
    started = time.perf_counter()
    r = await http.post("/api/admin/login", json={"name": name, "password": password})
    return r.status_code, time.perf_counter() - started


def test_wrong_passwords_from_many_addresses_do_not_lock_the_owner_out(db_url):
    """The issue's attack: 10 wrong passwords from 10 addresses, then the right one from an 11th."""
    name, password = make_admin(db_url)

    async def scenario():
        async with Addresses(settings_with(db_url)) as net:
            guesses = [await login(net.new(), name, "wrong guess") for _ in range(10)]
            owner = await login(net.new(), name, password)
            return [code for code, _ in guesses], owner

    guesses, (owner_code, owner_took) = run_async(scenario())
    assert guesses == [401] * 10
    assert owner_code == 200  # was 429 for 15 minutes
    assert owner_took >= 0.4 - 0.02  # slowed like everyone at this name, at most login_delay_max


def test_the_owner_gets_in_while_guesses_from_many_addresses_are_under_way(db_url):
    """12 addresses guess at once, twice each; the owner's login among them succeeds."""
    name, password = make_admin(db_url)

    async def scenario():
        async with Addresses(settings_with(db_url)) as net:
            attackers = [net.new() for _ in range(12)]
            guesses = [login(a, name, f"guess {i} {j}") for i, a in enumerate(attackers) for j in range(2)]
            owner = asyncio.create_task(login(net.new(), name, password))
            codes = [code for code, _ in await asyncio.gather(*guesses)]
            return codes, await owner

    codes, (owner_code, _) = run_async(scenario())
    assert codes == [401] * 24 and owner_code == 200


def test_guessing_at_a_name_is_slowed_by_a_growing_delay(db_url, monkeypatch):
    """From a new address each time, so no address limit applies: the first 5 attempts at the name
    are checked at once, then each waits 0.3 s, 0.6 s, 1.2 s (doubling), and 1.2 s (the most)
    before its password is checked (measured from the request to the start of its argon2 check)."""
    name, password = make_admin(db_url)
    checks: list[float] = []
    real_check = admin_routes.check_password

    async def timed_check(stored, given):
        checks.append(time.perf_counter())
        return await real_check(stored, given)

    monkeypatch.setattr(admin_routes, "check_password", timed_check)

    async def scenario():
        async with Addresses(settings_with(db_url, login_delay_base=0.3, login_delay_max=1.2)) as net:
            await login(net.new(), f"warm-up-{name}", "x")  # a first request pays for cold paths
            out = []
            for _ in range(9):
                started = time.perf_counter()
                code, _ = await login(net.new(), name, "wrong guess")
                out.append((code, checks[-1] - started))
            return out

    answers = run_async(scenario())
    assert [code for code, _ in answers] == [401] * 9
    waited = [w for _, w in answers]
    assert all(w < 0.25 for w in waited[:5]), waited  # the database's two statements, no delay
    for w, delay in zip(waited[5:], [0.3, 0.6, 1.2, 1.2], strict=True):
        assert delay <= w < delay + 0.5, waited


def test_one_address_guessing_at_a_name_is_refused_after_five_attempts(db_url):
    """The limit per name and address: the guesser's 6th attempt (even with the right password)
    is refused with 429 and Retry-After; the owner, from another address, gets in."""
    name, password = make_admin(db_url)

    async def scenario():
        async with Addresses(settings_with(db_url, login_delay_base=0.0)) as net:
            guesser = net.new()
            wrong = [(await login(guesser, name, "wrong guess"))[0] for _ in range(5)]
            r = await guesser.post("/api/admin/login", json={"name": name, "password": password})
            owner = await login(net.new(), name, password)
            return wrong, r, owner[0]

    wrong, refused, owner = run_async(scenario())
    assert wrong == [401] * 5
    assert refused.status_code == 429 and "for this name from your address" in refused.json()["detail"]
    assert 1 <= int(refused.headers["Retry-After"]) <= 900
    assert owner == 200


@pytest.mark.parametrize("earlier, seconds", [(0, 0), (4, 0), (5, 1), (6, 2), (7, 4), (8, 8), (9, 15), (500, 15)])
def test_the_login_delay_doubles_after_five_failures_up_to_15_seconds(earlier, seconds):
    defaults = make_settings("sqlite://")
    assert growing_delay(earlier, defaults.login_delay_after, defaults.login_delay_base,
                         defaults.login_delay_max) == seconds
