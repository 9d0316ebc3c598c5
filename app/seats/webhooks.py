"""Room webhooks: a JSON POST to the URL the room's creator gave, each time a seat's turn begins.

Nothing here runs in a move: a move only pokes the sender, which works from the database after
the move committed. `room_hooks` holds per room the last game version whose turn changes were sent
(`done_version`), the seats that were to act then (`last_active`), and a lease (holder + expiry):
one instance at a time sends a room's notifications, in version order, so two instances send each
once; a holder that dies is replaced when its lease runs out (a notification it was sending when it
died may come twice: receivers can tell by its `id`). Each one is retried with a doubling backoff
and dropped after `DOI_WEBHOOK_ATTEMPTS` tries; a receiver that hangs only holds up its own room's
notifications. `DOI_WEBHOOK_TIMEOUT` bounds a whole attempt (resolving, connecting, sending, the
answer's headers), not each read: a receiver that drips a byte every few seconds is cut off like
one that sends nothing (issue 30 item 3). Every attempt opens its own connection and closes it
(no pool to share, so no cap one room's receivers could fill): a room, sending one notification at
a time, holds at most one connection, and a hundred slow receivers cost another room nothing.

A turn change: a person's seat that the engine waits for now and did not at the previous version
(bots' seats and seats a bot plays are not told). The body: `{"event": "turn", "game", "seat",
"version", "link", "id"}`; the link is the table's page, never a seat token.

Server-side request forgery: the host is resolved before each attempt and every address it gives
must be public (app.seats.hook_urls: IPv6 forms that carry an IPv4 address are judged by that
address) unless `DOI_WEBHOOK_ALLOW_PRIVATE`; only ports 80, 443 and those `DOI_WEBHOOK_PORTS` lists
are called. The name is resolved once per attempt and the request goes to the address that was
checked (no second lookup, so a name that changes its answer in between cannot point it elsewhere;
https still sends the name as SNI and verifies the certificate against it); no proxy from the
environment is used, and redirects are not followed."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import ssl
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit, urlunsplit

import httpx
from sqlalchemy import or_, select, update

from app.infra.models import ActionRow, GameRow, HookRow
from app.play.store import StoreError
from app.seats.game_workers import GameWorkers
from app.seats.hook_formats import turn_body
from app.seats.hook_urls import check_port, literal_address, public_address

log = logging.getLogger("doi.webhooks")

PROTOCOL_NOTE = """
## Room webhooks

`POST /api/games` takes `"webhook"`: an `http://` or `https://` URL (at most 2000 characters, no
spaces, control characters or user name) that receives, each time a person's seat has to act and
did not at the previous version, a `POST` with the JSON body

```json
{"event": "turn", "game": "<id>", "seat": "rev1", "version": 17, "link": "/games/<id>/table", "id": "<id>:17:rev1"}
```

(`link` is absolute when `DOI_PUBLIC_URL` is set; it never holds a seat token). Chat apps take
their own shapes: with `"webhook_format": "discord"` the body is `{"content": "It is Revolutionary
1's turn in Days of Ire (game <id>). Open the table: <link>", "allowed_mentions": {"parse": []}}`,
with `"slack"` it is `{"text": "It is Revolutionary 1's turn in Days of Ire (game <id>). <<link>|Open
the table>"}`; without `webhook_format`, a URL on `discord.com/api/webhooks/` gets Discord's shape,
one on `hooks.slack.com` Slack's, any other the generic JSON (`"json"`). Sent after the move
committed, in version order, once per turn change (`id` tells a repeat after a crash); an answer
other than 2xx, or an attempt not answered (status and headers) within `DOI_WEBHOOK_TIMEOUT` (5 s
for the whole attempt, however the bytes trickle in), is retried with a doubling backoff from
`DOI_WEBHOOK_BACKOFF` (1 s), `DOI_WEBHOOK_ATTEMPTS` (8) times in all; redirects are not followed.
By default only public addresses are called: a URL whose host is (or resolves to) a loopback,
private, link-local, site-local or reserved address, or an IPv6 address that carries such an IPv4
address (NAT64 `64:ff9b::/96`, 6to4, Teredo, `::ffff:a.b.c.d`, `::a.b.c.d`), is refused with `422`
at creation, or not called; `DOI_WEBHOOK_ALLOW_PRIVATE=true` allows them. Only ports 80 and 443
are called unless `DOI_WEBHOOK_PORTS` lists others (`422` at creation). The URL is shown to nobody,
its creator included.
"""
MAX_BACKOFF = 300.0
# Webhook names are resolved on threads of their own: a receiver's name server that answers slowly
# holds one of these (getaddrinfo cannot be cancelled; the attempt's deadline only stops waiting
# for it), never one of the default executor's, which replays and the WAL checkpoint use.
_RESOLVERS = ThreadPoolExecutor(max_workers=32, thread_name_prefix="doi-hook-dns")


def _now() -> datetime:
    return datetime.now(UTC)


class Refused(Exception):
    """The URL leads to an address this server may not call."""


def to_act(game, seats) -> set[str]:
    people = {r.seat for r in seats if not r.bot}
    return {seat for seat in game.active_seats() if seat in people}


class HookSender(GameWorkers):
    what = "hooks"

    def __init__(self, app):
        super().__init__(timedelta(seconds=app.state.settings.webhook_lease_seconds))
        self.app = app
        self.settings = app.state.settings
        self.hooked: dict[str, bool] = {}  # does the room have a webhook (never changes once made)
        self.client: httpx.AsyncClient | None = None
        self.sent = 0

    def new_client(self, verify: ssl.SSLContext | bool = True) -> httpx.AsyncClient:
        # No keep-alive and no cap: each attempt's connection is its own (see the module's note).
        # trust_env off: an HTTP(S)_PROXY in the environment would do its own lookup of the name.
        return httpx.AsyncClient(timeout=self.settings.webhook_timeout, follow_redirects=False, verify=verify,
                                 limits=httpx.Limits(max_connections=None, max_keepalive_connections=0),
                                 trust_env=False, headers={"User-Agent": "days-of-ire-online webhook"})

    async def start(self) -> None:
        self.client = self.new_client()
        self.start_background()

    async def stop(self) -> None:
        await self.cancel_tasks()
        with contextlib.suppress(Exception):
            async with self.app.state.store.transaction() as s:
                await s.execute(update(HookRow).where(HookRow.holder == self.holder)
                                .values(lease_until=_now() - timedelta(seconds=1)))
        if self.client is not None:
            await self.client.aclose()

    def created(self, gid: str, hooked: bool) -> None:
        """A room made here, with or without a webhook: known without reading its hook row."""
        if len(self.hooked) > 50_000:
            self.hooked.clear()
        self.hooked[gid] = hooked

    def wanted(self, gid: str) -> bool:
        return self.hooked.get(gid) is not False  # the usual room: no webhook, nothing to do

    # ----- finding work ---------------------------------------------------------------------------
    async def behind(self) -> list[str]:
        """Rooms with turn changes not yet sent whose lease is free, run out or ours."""
        q = (select(HookRow.game_id).join(GameRow, GameRow.id == HookRow.game_id)
             .where(GameRow.status != "open", HookRow.done_version < GameRow.version,
                    or_(HookRow.lease_until < _now(), HookRow.holder == self.holder)))
        async with self.app.state.store.sessions() as s:
            return list((await s.execute(q)).scalars().all())

    async def sweep(self) -> list[str]:
        return await self.behind()

    async def _take(self, gid: str) -> bool:
        now = _now()
        async with self.app.state.store.transaction() as s:
            res = await s.execute(update(HookRow).where(
                HookRow.game_id == gid, or_(HookRow.holder == self.holder, HookRow.lease_until < now))
                .values(holder=self.holder, lease_until=now + self.lease))
        return res.rowcount == 1

    # ----- the turn changes -----------------------------------------------------------------------
    async def changes(self, gid: str, hook: HookRow) -> list[tuple[int, set[str], set[str]]]:
        """(version, seats whose turn began, seats to act) for each version after `done_version`."""
        store = self.app.state.store
        row = await store.row(gid)
        if row.status == "open" or row.version <= hook.done_version:
            return []
        seats = await store.seats(gid)
        last = set(hook.last_active)
        cached = store.cached(gid)
        if cached and cached[0] == row.version == hook.done_version + 1:  # the usual case: one move
            active = to_act(cached[1], seats)  # read at once: the cached game is not ours after an await
            return [(row.version, active - last, active)]
        start = max(hook.done_version, 0)
        game = await store.game_at(gid, start)
        out = []
        if hook.done_version < 0:
            active = to_act(game, seats)
            out.append((0, active - last, active))
            last = active
        async with store.sessions() as s:
            actions = (await s.execute(select(ActionRow).where(ActionRow.game_id == gid, ActionRow.seq > start,
                                                               ActionRow.seq <= row.version)
                                       .order_by(ActionRow.seq))).scalars().all()
        for a in actions:
            game.apply(a.seat, a.action)
            active = to_act(game, seats)
            out.append((a.seq, active - last, active))
            last = active
        return out

    async def _drive(self, gid: str) -> None:
        while gid in self.pending:
            self.pending.discard(gid)
            try:
                await self._send_due(gid)
            except asyncio.CancelledError:
                raise
            except StoreError:
                return
            except Exception:  # the database is away or a bug: the sweep retries later
                log.warning("webhook delivery failed", extra={"game_id": gid}, exc_info=True)
                return

    async def _send_due(self, gid: str) -> None:
        async with self.app.state.store.sessions() as s:
            hook = await s.get(HookRow, gid)
        if len(self.hooked) > 50_000:  # a long-running server: forget and read again when needed
            self.hooked.clear()
        if hook is None:
            self.hooked[gid] = False
            return
        self.hooked[gid] = True
        if not await self._take(gid):
            return  # another instance sends this room's notifications
        base = self.settings.public_url.rstrip("/")
        for version, began, active in await self.changes(gid, hook):
            sent = failed = 0
            for seat in sorted(began):
                body = turn_body(hook.format or "json", gid, seat, version, f"{base}/games/{gid}/table")
                if await self._deliver(gid, hook.url, body):
                    sent += 1
                else:
                    failed += 1
            async with self.app.state.store.transaction() as s:
                res = await s.execute(update(HookRow).where(HookRow.game_id == gid, HookRow.holder == self.holder,
                                                            HookRow.done_version < version)
                                      .values(done_version=version, last_active=sorted(active),
                                              delivered=HookRow.delivered + sent, failed=HookRow.failed + failed,
                                              lease_until=_now() + self.lease))
            self.sent += sent
            if res.rowcount != 1:
                return  # our lease was taken over: the new holder goes on

    async def _deliver(self, gid: str, url: str, body: dict) -> bool:
        delay = self.settings.webhook_backoff
        for attempt in range(1, self.settings.webhook_attempts + 1):
            try:
                async with asyncio.timeout(self.settings.webhook_timeout):  # the whole attempt, not per read
                    response = await self.post(url, body)
                if 200 <= response.status_code < 300:
                    return True
                why = f"HTTP {response.status_code}"
            except Refused as e:
                log.warning("webhook refused: %s", e, extra={"game_id": gid})
                return False
            except TimeoutError:
                why = f"no answer within {self.settings.webhook_timeout:g} s"
            except (httpx.HTTPError, OSError) as e:
                why = type(e).__name__
            log.info("webhook attempt %d failed (%s)", attempt, why, extra={"game_id": gid})
            if attempt == self.settings.webhook_attempts:
                break
            await asyncio.sleep(delay)
            delay = min(delay * 2, MAX_BACKOFF)
            if not await self._take(gid):
                return False
        log.warning("webhook notification dropped after %d attempts", self.settings.webhook_attempts,
                    extra={"game_id": gid})
        return False

    async def post(self, url: str, body: dict | None = None, *, content: bytes | None = None,
                   headers: dict[str, str] | None = None, allow_private: bool | None = None) -> httpx.Response:
        """POST `body` (JSON) or `content` to the address `url`'s host resolves to, checked first (see
        the module's note; `allow_private` None: DOI_WEBHOOK_ALLOW_PRIVATE). Web Push sends through
        here too (app.notify.push)."""
        if allow_private is None:
            allow_private = self.settings.webhook_allow_private
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = parts.port or (443 if parts.scheme == "https" else 80)
        try:
            check_port(port, self.settings.webhook_ports)
        except ValueError as e:
            raise Refused(f"{host}: {e}") from e
        addr = literal_address(host)
        if addr is None:  # the caller's deadline covers a name server that hangs
            infos = await asyncio.get_running_loop().run_in_executor(
                _RESOLVERS, socket.getaddrinfo, host, port, 0, socket.SOCK_STREAM)
            addrs = [literal_address(info[4][0].split("%")[0]) for info in infos]
        else:
            addrs = [addr]
        addrs = [a for a in addrs if a is not None]
        if not addrs:
            raise Refused(f"{host} does not resolve")
        if not allow_private and not all(public_address(a) for a in addrs):
            raise Refused(f"{host} leads to a non-public address")
        target = addrs[0]
        ip = f"[{target}]" if target.version == 6 else str(target)
        pinned = urlunsplit((parts.scheme, f"{ip}:{port}", parts.path or "/", parts.query, ""))
        host_header = host if parts.port is None else f"{host}:{parts.port}"
        extensions = {"sni_hostname": host} if parts.scheme == "https" and addr is None else {}
        async with self.client.stream("POST", pinned, json=body, content=content,
                                      headers={**(headers or {}), "Host": host_header},
                                      extensions=extensions) as response:
            return response  # the body is not read: nothing of it is used
