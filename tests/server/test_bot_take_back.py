"""A seat taken back from its bot gets no bot move afterwards (issue 30, item 7: with no bot pause,
1 of 40 take-backs answered 200 at version 122 and a bot move was then recorded at version 123).

The race is made to happen every time: the bot's move is held after the bot chose it and the engine
applied it, right before it is written, while the owner takes the seat back. The check that the
seat is still a bot's is in the transaction that writes the move (app.play.movelog), so it holds
across instances too. On SQLite and PostgreSQL."""
from __future__ import annotations

import asyncio
import threading
import time

from fastapi.testclient import TestClient
from sqlalchemy import select

from app.infra.models import ActionRow
from app.main import create_app
from app.seats import zombies
from tests.server.conftest import make_settings
from tests.server.helpers import auth, claim_all

GRACE = 1


def until(event: threading.Event, what: str, timeout: float = 20.0) -> None:
    assert event.wait(timeout), f"waited {timeout}s for {what}"


async def _hold(gate: threading.Event) -> None:
    while not gate.is_set():
        await asyncio.sleep(0.005)


class HeldBotWrite:
    """The first write of `seat`'s move waits (its bot chose it, the engine applied it) until
    `go` is set; `outcomes` gets what the write answered (True: committed)."""

    def __init__(self, store, seat: str):
        self.write, self.seat = store._moves.write, seat
        self.reached, self.go, self.done = threading.Event(), threading.Event(), threading.Event()
        self.outcomes: list[bool] = []
        store._moves.write = self

    async def __call__(self, move):
        if move.seat != self.seat or self.reached.is_set():
            return await self.write(move)
        self.reached.set()
        await _hold(self.go)
        try:
            ok = await self.write(move)
            self.outcomes.append(ok)
            return ok
        finally:
            self.done.set()


def instance(db_url) -> TestClient:
    client = TestClient(create_app(make_settings(db_url).model_copy(update={"away_grace_seconds": GRACE})))
    client.__enter__()
    return client


def bot_plays_the_soviet(db_url):
    """A running room whose Soviet (on the move at version 0) an away player's seat mate has handed
    to a bot, the bot's first move held before its write."""
    client = instance(db_url)
    r = client.post("/api/games", json={"revolutionaries": 1})
    assert r.status_code == 201, r.text
    room = r.json()
    tokens = claim_all(client, room)
    held = HeldBotWrite(client.app.state.store, "soviet")
    time.sleep(GRACE + 0.1)  # the Soviet's player has no socket: away once the grace period has passed
    r = client.post(f"/api/games/{room['id']}/seats/soviet/bot", headers=auth(tokens["rev1"]))
    assert r.status_code == 200, r.text
    until(held.reached, "the bot's move")
    return client, room["id"], tokens, held


def soviet_moves(client, gid) -> list[int]:
    async def read():
        async with client.app.state.store.sessions() as s:
            return list((await s.execute(select(ActionRow.seq).where(
                ActionRow.game_id == gid, ActionRow.seat == "soviet"))).scalars())
    return client.portal.call(read)


def the_owner_plays_on(client, gid, token):
    """The seat is its owner's: its move at the version of the take-back is the next one."""
    view = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()
    assert view["version"] == 0 and {s["seat"]: s["bot"] for s in view["seats"]}["soviet"] is None
    action = next(a for a in view["view"]["actions"] if a["type"] != "undo")
    r = client.post(f"/api/games/{gid}/actions", json={"version": 0, "action": action}, headers=auth(token))
    assert r.status_code == 200 and r.json()["version"] == 1, r.text


def taken_back_while_the_bot_move_waits(db_url, other_url=None):
    """The owner takes the seat back (on another instance when `other_url`: PostgreSQL, each
    instance its own bot driver, store and bus) and is answered; then the bot's held move goes on."""
    client, gid, tokens, held = bot_plays_the_soviet(db_url)
    taker = instance(other_url) if other_url else client
    try:
        r = taker.post(f"/api/games/{gid}/seats/soviet/resume", headers=auth(tokens["soviet"]))
        assert r.status_code == 200 and r.json()["changed"] is True, r.text
        held.go.set()  # the bot's move, chosen before the take-back, now reaches its write
        until(held.done, "the bot's write")
        assert held.outcomes == [False]  # refused: the seat was no longer a bot's
        assert client.get(f"/api/games/{gid}").json()["version"] == 0
        assert soviet_moves(client, gid) == []
        the_owner_plays_on(taker, gid, tokens["soviet"])
    finally:
        held.go.set()
        client.portal.call(client.app.state.store.set_status, gid, "abandoned")
        if taker is not client:
            taker.__exit__(None, None, None)
        client.__exit__(None, None, None)


def test_no_bot_move_lands_after_its_seat_was_taken_back(db_url):
    taken_back_while_the_bot_move_waits(db_url)


def test_no_bot_move_lands_after_its_seat_was_taken_back_on_another_instance(pg_url):
    taken_back_while_the_bot_move_waits(pg_url, other_url=pg_url)


def test_a_bot_move_written_while_the_take_back_commits_waits_for_it_and_is_refused(db_url, monkeypatch):
    """The take-back's transaction is open (the seat row changed, not yet committed) when the bot's
    write starts: the write waits for it (on PostgreSQL, for the game row's lock the take-back holds,
    in the order both take their locks: no deadlock), then sees the seat is a person's again."""
    client, gid, tokens, held = bot_plays_the_soviet(db_url)
    in_tx, commit = threading.Event(), threading.Event()
    notify_in = zombies.notify_in

    async def slow_notes(s, bus, game_id, version, kind):
        if kind == "room" and not in_tx.is_set():  # take_back: its seat row changed, in its transaction
            in_tx.set()
            await _hold(commit)
        await notify_in(s, bus, game_id, version, kind)

    monkeypatch.setattr(zombies, "notify_in", slow_notes)
    try:
        resumed: list = []
        taking = threading.Thread(target=lambda: resumed.append(client.post(
            f"/api/games/{gid}/seats/soviet/resume", headers=auth(tokens["soviet"]))))
        taking.start()
        until(in_tx, "the take-back's transaction")
        held.go.set()
        time.sleep(0.3)
        assert held.outcomes == []  # not written past the open take-back
        commit.set()
        taking.join(20)
        assert resumed and resumed[0].status_code == 200 and resumed[0].json()["changed"] is True
        until(held.done, "the bot's write")
        assert held.outcomes == [False]
        assert soviet_moves(client, gid) == []
        the_owner_plays_on(client, gid, tokens["soviet"])
    finally:
        held.go.set()
        commit.set()
        client.portal.call(client.app.state.store.set_status, gid, "abandoned")
        client.__exit__(None, None, None)
