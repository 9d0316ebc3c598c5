"""Issue 34: account sign-in limits that slow guessing without locking the owner out. Guesses at one
name from many addresses are never refused, only slowed (login_delay_*, as for the admin), and the
answer and its cost tell nothing about whether the name has an account."""
from __future__ import annotations

import asyncio
import time

import app.infra.security as security
import app.web.routes.accounts as account_routes
from tests.server.conftest import make_settings
from tests.server.helpers import run_async
from tests.server.test_accounts import PASSWORD, fresh_name
from tests.server.test_admin_lockout import Addresses


def settings_with(db_url, **update):
    return make_settings(db_url).model_copy(update={"login_delay_after": 2, "login_delay_base": 0.2,
                                                    "login_delay_max": 0.4, **update})


async def sign_in(http, name, password) -> tuple[int, float]:
    started = time.perf_counter()
    r = await http.post("/api/session", json={"name": name, "password": password})
    return r.status_code, time.perf_counter() - started


def test_guesses_from_many_addresses_slow_the_name_but_never_lock_its_owner_out(db_url, monkeypatch):
    """Each guess from an address of its own (no address limit applies): the first two at the name
    wait for nothing, then 0.2 s, doubling, at most 0.4 s; the owner waits too, and gets in."""
    name = fresh_name()
    waits: list[float] = []
    real_delay = account_routes.growing_delay

    def recorded_delay(*args):
        waits.append(real_delay(*args))
        return waits[-1]

    monkeypatch.setattr(account_routes, "growing_delay", recorded_delay)

    async def scenario():
        async with Addresses(settings_with(db_url)) as net:
            assert (await net.new().post("/api/accounts", json={"name": name, "password": PASSWORD})).status_code == 201
            codes = [(await sign_in(net.new(), name.upper(), f"guess number {i}"))[0] for i in range(6)]
            owner = await sign_in(net.new(), name, PASSWORD)
            await sign_in(net.new(), fresh_name("Other"), "whatever it is")
            return codes, owner

    codes, (owner_code, owner_took) = run_async(scenario())
    assert codes == [401] * 6  # slowed, never refused
    assert waits == [0, 0, 0.2, 0.4, 0.4, 0.4, 0.4, 0]  # the guesses, the owner, another name
    assert owner_code == 200 and owner_took >= 0.4 - 0.02  # slowed like everyone at that name, and in


def test_an_unknown_name_costs_the_same_password_check_and_gets_the_same_answer(db_url, monkeypatch):
    """Sign-in answers tell nothing a profile does not: an unknown name and a wrong password give
    the same status and body, each after one argon2 verification (a dummy hash for the unknown name),
    and the same delay once names are guessed at."""
    name = fresh_name()
    verified: list[str] = []
    real_verify = security.verify_password

    def counting_verify(stored, password):
        verified.append(password)
        return real_verify(stored, password)

    monkeypatch.setattr(security, "verify_password", counting_verify)

    async def scenario():
        async with Addresses(settings_with(db_url)) as net:
            await net.new().post("/api/accounts", json={"name": name, "password": PASSWORD})
            nobody = fresh_name("Nobody")
            answers = {}
            for who in (name, nobody):
                for i in range(4):
                    started = time.perf_counter()
                    r = await net.new().post("/api/session", json={"name": who, "password": f"wrong guess {i}"})
                    answers.setdefault(who, []).append((r.status_code, r.json(), time.perf_counter() - started))
            return answers[name], answers[nobody]

    known, unknown = run_async(scenario())
    assert [(c, b) for c, b, _ in known] == [(c, b) for c, b, _ in unknown]
    assert {c for c, _, _ in known} == {401}
    assert verified == [f"wrong guess {i}" for i in range(4)] * 2  # one verification each, known or not
    assert unknown[3][2] >= 0.4 - 0.02 and known[3][2] >= 0.4 - 0.02  # the same growing wait for both


def test_many_guesses_at_once_at_one_name_never_refuse_the_owner(db_url):
    name = fresh_name()

    async def scenario():
        async with Addresses(settings_with(db_url)) as net:
            await net.new().post("/api/accounts", json={"name": name, "password": PASSWORD})
            guesses = [sign_in(net.new(), name, f"guess {i} at once") for i in range(8)]
            owner = asyncio.create_task(sign_in(net.new(), name, PASSWORD))
            codes = [c for c, _ in await asyncio.gather(*guesses)]
            return codes, await owner

    codes, (owner_code, _) = run_async(scenario())
    assert codes == [401] * 8 and owner_code == 200
