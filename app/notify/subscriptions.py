"""The browsers of an account that allowed Web Push: kept, moved, forgotten; and the account's own
webhook.

An endpoint is one browser's: the same endpoint sent by another account moves there (the browser
signed in to that account now), so a browser never gets another account's notifications. An
account keeps at most DOI_PUSH_PER_ACCOUNT browsers; the oldest go first."""
from __future__ import annotations

import hashlib
from datetime import UTC, datetime

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError

from app.infra.models import AccountRow, PushSubRow


def endpoint_hash(endpoint: str) -> str:
    return hashlib.sha256(endpoint.encode()).hexdigest()


async def subscribe(store, account_id: int, endpoint: str, p256dh: str, auth: str, keep: int) -> int:
    """Keep the subscription for the account; how many browsers the account has now."""
    try:
        return await _subscribe(store, account_id, endpoint, p256dh, auth, keep)
    except IntegrityError:  # the same endpoint sent twice at once: the second one updates the first's row
        return await _subscribe(store, account_id, endpoint, p256dh, auth, keep)


async def _subscribe(store, account_id: int, endpoint: str, p256dh: str, auth: str, keep: int) -> int:
    key = endpoint_hash(endpoint)
    async with store.transaction() as s:
        row = (await s.execute(select(PushSubRow).where(PushSubRow.endpoint_hash == key))).scalar_one_or_none()
        if row is None:
            s.add(PushSubRow(account_id=account_id, endpoint=endpoint, endpoint_hash=key, p256dh=p256dh, auth=auth,
                             created_at=datetime.now(UTC)))
        else:
            row.account_id, row.p256dh, row.auth, row.created_at = account_id, p256dh, auth, datetime.now(UTC)
        await s.flush()
        ids = (await s.execute(select(PushSubRow.id).where(PushSubRow.account_id == account_id)
                               .order_by(PushSubRow.created_at.desc(), PushSubRow.id.desc()))).scalars().all()
        if len(ids) > keep:
            await s.execute(delete(PushSubRow).where(PushSubRow.id.in_(ids[keep:])))
        return min(len(ids), keep)


async def unsubscribe(store, account_id: int, endpoint: str) -> bool:
    async with store.transaction() as s:
        res = await s.execute(delete(PushSubRow).where(PushSubRow.endpoint_hash == endpoint_hash(endpoint),
                                                       PushSubRow.account_id == account_id))
        return (res.rowcount or 0) > 0


async def count(store, account_id: int) -> int:
    async with store.reading() as s:
        return (await s.execute(select(func.count()).select_from(PushSubRow)
                                .where(PushSubRow.account_id == account_id))).scalar_one()


async def set_webhook(store, account_id: int, url: str | None, fmt: str | None) -> None:
    """The account's own webhook (None: none), in format `fmt` (None: recognised from the URL)."""
    async with store.transaction() as s:
        await s.execute(update(AccountRow).where(AccountRow.id == account_id)
                        .values(webhook=url, webhook_format=fmt if url else None))


async def webhook_of(store, account_id: int) -> tuple[str | None, str | None]:
    async with store.reading() as s:
        row = (await s.execute(select(AccountRow.webhook, AccountRow.webhook_format)
                               .where(AccountRow.id == account_id))).one_or_none()
    return (row.webhook, row.webhook_format) if row else (None, None)
