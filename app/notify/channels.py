"""Who may be told, and through which channels: one notification becomes a mail (to a verified
address, when this server sends mail), a push to each browser of the account that allowed it,
and a POST to the account's own webhook (app.notify.account_hooks) if it has one, all queued in the caller's transaction under keys that make a second queueing (another
instance, a second look) a no-op."""
from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from sqlalchemy import select

from app.infra.chat_formats import chat_body, detect
from app.infra.models import AccountRow, PushSubRow, SeatRow
from app.notify.outbox import queue
from app.notify.push import Message
from app.notify.texts import table_link


def _aware(at: datetime | None) -> datetime | None:
    return at if at is None or at.tzinfo else at.replace(tzinfo=UTC)


def at_table(app, gid: str, seat: str, seen_at: datetime | None) -> bool:
    """Is a socket of that seat open at that game, on this instance or (by its presence beat) another?"""
    if any(c.seat == seat for c in app.state.hub.conns.get(gid, ())):
        return True
    # A socket on another instance: its presence beat (app.seats.zombies) is at most a third of the
    # grace period old; a socket that closed cleared it.
    beat = app.state.settings.away_grace_seconds / 3
    seen_at = _aware(seen_at)
    return seen_at is not None and seen_at > datetime.now(UTC) - timedelta(seconds=beat * 1.5)


async def account_seats(s, gid: str) -> list:
    """The seats of `gid` held by accounts, with what telling their owners needs."""
    return list((await s.execute(
        select(SeatRow.seat, SeatRow.account_id, SeatRow.bot, SeatRow.zombie, SeatRow.seen_at,
               AccountRow.email, AccountRow.email_verified, AccountRow.notify, AccountRow.webhook,
               AccountRow.webhook_format)
        .join(AccountRow, AccountRow.id == SeatRow.account_id)
        .where(SeatRow.game_id == gid))).all())


async def browsers(s, account_ids) -> dict[int, list[int]]:
    """account id -> the ids of its push subscriptions."""
    ids = sorted(set(account_ids))
    out: dict[int, list[int]] = {i: [] for i in ids}
    if ids:
        for sid, aid in (await s.execute(select(PushSubRow.id, PushSubRow.account_id)
                                          .where(PushSubRow.account_id.in_(ids)).order_by(PushSubRow.id))).all():
            out[aid].append(sid)
    return out


def mail_text(lead: str, gid: str, base: str) -> str:
    return (f"{lead}\n\nOpen the table: {table_link(base, gid)}\n\n"
            f"You get this mail because you are not at that table now. Choose which mails you get "
            f"in your account's settings: {base.rstrip('/')}/account\n")


async def tell(s, postgres: bool, *, key: str, row, subs: list[int], mail: bool, gid: str, base: str,
               subject: str, lead: str) -> int:
    """Queue one notification to every channel `row` (an `account_seats` row) has; how many were queued.
    A channel-less account gets nothing."""
    queued = 0
    if mail and row.email and row.email_verified:
        await queue(s, postgres, key=key, account_id=row.account_id, to=row.email, subject=subject,
                    body=mail_text(lead, gid, base))
        queued += 1
    link = table_link(base, gid)
    message = Message(title=subject, body=lead, url=link, tag=f"doi-{gid}")
    for sid in subs:
        await queue(s, postgres, key=f"{key}:push{sid}", account_id=row.account_id, to=str(sid), subject=subject[:200],
                    body=message.payload().decode(), channel="push")
        queued += 1
    if row.webhook:
        generic = {"event": key.split(":", 1)[0], "game": gid, "seat": row.seat, "text": lead, "link": link, "id": key}
        body = chat_body(row.webhook_format or detect(row.webhook), lead, link, generic)
        await queue(s, postgres, key=f"{key}:hook", account_id=row.account_id, to="", subject=subject[:200],
                    body=json.dumps(body), channel="hook")
        queued += 1
    return queued
