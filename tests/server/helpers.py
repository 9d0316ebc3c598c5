"""Helpers for server tests: rooms, seats, sockets."""
from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import httpx


def create_room(client, revolutionaries=2, options=None, private=False) -> dict:
    r = client.post("/api/games", json={"revolutionaries": revolutionaries, "options": options or {},
                                        "private": private})
    assert r.status_code == 201, r.text
    return r.json()


def invite_of(room: dict, seat: str) -> str:
    return parse_qs(urlparse(room["invites"][seat]).query)["invite"][0]


def claim_all(client, room: dict) -> dict[str, str]:
    tokens = {}
    for seat in room["invites"]:
        r = client.post(f"/api/games/{room['id']}/seats/{seat}", json={"name": f"Player {seat}",
                                                                       "invite": invite_of(room, seat)})
        assert r.status_code == 200, r.text
        tokens[seat] = r.json()["token"]
    return tokens


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def started_room(client, revolutionaries=2, options=None) -> tuple[dict, dict[str, str]]:
    room = create_room(client, revolutionaries, options)
    return room, claim_all(client, room)


def bus_notes_heard(client) -> int:
    """How many change notes this app has heard on its instance bus so far."""
    store = client.app.state.store
    return int(client.app.state.metrics.bus_notes.labels(store.bus.kind)._value.get())


def settled_started_room(client, revolutionaries=2, options=None) -> tuple[dict, dict[str, str]]:
    """`started_room`, returned once this app has heard back each claim's room note (PostgreSQL or
    Redis: heard late, a note drops the cached seats again, which tests that count reads or keep an
    object's identity must not see). On SQLite the bus is local and notes are heard at once."""
    import time

    heard = bus_notes_heard(client)
    room, tokens = started_room(client, revolutionaries, options)
    if client.app.state.store.bus.kind != "local":
        deadline = time.monotonic() + 10
        while bus_notes_heard(client) < heard + len(tokens) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert bus_notes_heard(client) >= heard + len(tokens), "the claims' room notes never came back"
    return room, tokens


def recv_until(ws, pred, limit=50) -> dict:
    for _ in range(limit):
        msg = ws.receive_json()
        if pred(msg):
            return msg
    raise AssertionError("expected message not received")


def recv_view(ws, version=None) -> dict:
    return recv_until(ws, lambda m: m["type"] == "view" and (version is None or m["version"] == version))


def run_async(coro):
    """asyncio.run in a fresh thread: another test's tool (Playwright's sync API) may have left an
    event loop running in this one."""
    import asyncio
    import threading

    box = {}

    def target():
        try:
            box["value"] = asyncio.run(coro)
        except BaseException as e:  # re-raised in the caller's thread
            box["error"] = e

    t = threading.Thread(target=target)
    t.start()
    t.join()
    if "error" in box:
        raise box["error"]
    return box.get("value")


class AsgiClient:
    """The app in this event loop behind httpx's ASGI transport, lifespan included: requests sent
    with asyncio.gather really run at the same time, each on its own database connection."""

    def __init__(self, settings, client_addr: str = "127.0.0.1"):
        from app.main import create_app

        self.app = create_app(settings)
        self.client_addr = client_addr

    async def __aenter__(self):
        import httpx

        self._lifespan = self.app.router.lifespan_context(self.app)
        await self._lifespan.__aenter__()
        transport = httpx.ASGITransport(app=self.app, client=(self.client_addr, 40000))
        self.http = httpx.AsyncClient(transport=transport, base_url="http://testserver")
        return self.http

    async def __aexit__(self, *exc):
        await self.http.aclose()
        await self._lifespan.__aexit__(*exc)


def cached_at(store, gid: str, version: int, timeout: float = 10.0):
    """The server's cached game once its move to `version` has committed (until then the store hands
    out no copy: the move in flight is not a version anyone may see yet)."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        cached = store.cached(gid)
        if cached is not None and cached[0] >= version:
            return cached[1]
        if time.monotonic() > deadline:
            raise AssertionError(f"game {gid} never reached version {version} in the store: {cached and cached[0]}")
        time.sleep(0.002)


def take_back_move(client, gid: str, token: str) -> int:
    """The seat's next move over REST in a back-and-forth that leaves the game where it was: its
    undo when offered, else an action after which it may undo (the view's undo marks: None). The
    new version."""
    view = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()
    acts, marks = view["view"]["actions"], view["view"]["irreversible"]
    action = next((a for a in acts if a["type"] == "undo"), None)
    if action is None:
        action = next(a for a, why in zip(acts, marks, strict=True) if why is None and a["type"] != "undo")
    r = client.post(f"/api/games/{gid}/actions", json={"version": view["version"], "action": action},
                    headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()["version"]


def undoable_room(client, body: dict, seat: str = "soviet", tries: int = 30) -> tuple[dict, dict[str, str]]:
    """A started room (`body`: POST /api/games) whose `seat` is on the move with an action it may
    undo (server seeds are random: some openings are all draws or reveals)."""
    for _ in range(tries):
        r = client.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        room = r.json()
        tokens = claim_all(client, room)
        view = client.get(f"/api/games/{room['id']}/view", headers=auth(tokens[seat])).json()
        if any(why is None and a["type"] != "undo"
               for a, why in zip(view["view"]["actions"], view["view"]["irreversible"], strict=True)):
            return room, tokens
        client.portal.call(client.app.state.store.set_status, room["id"], "abandoned")
    raise AssertionError(f"no room in {tries} whose {seat} could undo its first move")


def browser(client) -> httpx.Client:
    """Another browser on the app `client` runs: its own cookie jar, the same app and event loop.
    (A second TestClient(app) would run each request in an event loop of its own, and the app's
    locks and database pool belong to the lifespan's loop.)"""
    return httpx.Client(transport=client._transport, base_url=client.base_url)
