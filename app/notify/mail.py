"""Sending one mail through the SMTP server of DOI_SMTP_URL (aiosmtplib), within one deadline for
the whole attempt: a server that answers a byte at a time cannot hold a sender longer."""
from __future__ import annotations

import asyncio
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

import aiosmtplib


class Mailer:
    def __init__(self, smtp_url: str, sender: str, timeout: float):
        u = urlsplit(smtp_url)
        if u.scheme not in ("smtp", "smtps") or not u.hostname:
            raise ValueError("DOI_SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465")
        self.host, self.tls = u.hostname, u.scheme == "smtps"
        self.port = u.port or (465 if self.tls else 25)
        self.user = unquote(u.username) if u.username else None
        self.password = unquote(u.password) if u.password else None
        self.sender, self.timeout = sender, timeout

    async def send(self, to: str, subject: str, body: str) -> None:
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = self.sender, to, subject
        msg.set_content(body)
        await asyncio.wait_for(
            aiosmtplib.send(msg, hostname=self.host, port=self.port, username=self.user, password=self.password,
                            use_tls=self.tls, start_tls=None if not self.tls else False, timeout=self.timeout),
            self.timeout)
