"""An account's own webhook: each of its notifications as a POST in the format it chose (Discord's
`content`, Slack's `text`, or the generic JSON `{"event", "game", "seat", "text", "link", "id"}`),
sent by the outbox through the same address checks as room webhooks (app.main passes that `post`
in). The URL is read when sending, so a changed or removed webhook takes effect at once."""
from __future__ import annotations

import asyncio

from app.infra.models import AccountRow
from app.notify.outbox import Failed, Gone


class AccountHooks:
    def __init__(self, app, post):
        self.app, self.post = app, post

    async def send(self, account_id: int, body: dict) -> None:
        store, settings = self.app.state.store, self.app.state.settings
        async with store.reading() as s:
            account = await s.get(AccountRow, account_id)
        if account is None or not account.webhook:
            raise Gone("the account has no webhook now")
        async with asyncio.timeout(settings.webhook_timeout):
            response = await self.post(account.webhook, body)
        if not 200 <= response.status_code < 300:
            raise Failed(response.status_code)
