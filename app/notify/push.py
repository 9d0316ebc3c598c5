"""Web Push (RFC 8030/8291/8292): a notification reaches a browser that allowed it, tab closed or not.

The server's VAPID key pair is made once and kept in the database (`server_secrets`, like the
cookie key when DOI_SECRET_KEY is unset), so every instance signs with the same key and a restart
keeps every subscription valid; browsers get the public half (`GET /api/push/key`). A message is
encrypted to the subscription's keys (aes128gcm, by `pywebpush` with `http_ece`), signed for the
push service's origin (`py_vapid`), and POSTed by the outbox (app.notify.outbox) through the same
address checks as room webhooks (resolved, every address public unless allowed, pinned, no proxy,
no redirect: app.main passes that `post` in, so this module imports nothing of app.seats). A push
service that answers 404 or 410 says the subscription is gone: it is deleted.

The payload is `{"title", "body", "url", "tag"}`: `url` is the table's page, never a seat token."""
from __future__ import annotations

import asyncio
import base64
import json
import time
from dataclasses import dataclass
from email.utils import parseaddr
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02
from pywebpush import WebPusher
from sqlalchemy import delete

from app.infra.models import PushSubRow
from app.notify.outbox import Failed, Gone

KEY_NAME = "vapid_key"
JWT_LIFETIME = 12 * 3600  # RFC 8292: at most 24 hours
GONE = (404, 410)


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def new_private_key() -> str:
    """A fresh P-256 private key: its 32-byte scalar, base64url (43 characters)."""
    key = ec.generate_private_key(ec.SECP256R1())
    return b64url(key.private_numbers().private_value.to_bytes(32, "big"))


def check_receiver_key(p256dh: str) -> str:
    """The browser's key as it sent it, if it is a P-256 point in uncompressed form; else ValueError."""
    try:
        raw = unb64url(p256dh)
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
    except (ValueError, TypeError) as e:
        raise ValueError("keys.p256dh: must be a P-256 public key (base64url, uncompressed point)") from e
    if len(raw) != 65 or raw[0] != 4:
        raise ValueError("keys.p256dh: must be a P-256 public key (base64url, uncompressed point)")
    return p256dh


def check_auth_secret(auth: str) -> str:
    try:
        raw = unb64url(auth)
    except ValueError as e:
        raise ValueError("keys.auth: must be 16 bytes, base64url") from e
    if len(raw) != 16:
        raise ValueError("keys.auth: must be 16 bytes, base64url")
    return auth


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc.rsplit('@', 1)[-1]}"


def subject_of(settings) -> str:
    """The contact the claims carry: DOI_VAPID_SUBJECT, else the address mails come from."""
    if settings.vapid_subject:
        return settings.vapid_subject
    address = parseaddr(settings.mail_from)[1] or "noreply@localhost"
    return f"mailto:{address}"


@dataclass(frozen=True)
class Message:
    title: str
    body: str
    url: str
    tag: str

    def payload(self) -> bytes:
        return json.dumps({"title": self.title, "body": self.body, "url": self.url, "tag": self.tag},
                          separators=(",", ":")).encode()


class PushKeys:
    """The server's VAPID key pair."""

    def __init__(self, private_b64: str, subject: str):
        self.vapid = Vapid02.from_raw(private_b64.encode())
        self.subject = subject
        self.public_key = b64url(self.vapid.public_key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))

    def headers(self, endpoint: str, ttl: int, now: float | None = None) -> dict[str, str]:
        exp = int((now or time.time()) + JWT_LIFETIME)
        signed = self.vapid.sign({"aud": origin(endpoint), "sub": self.subject, "exp": exp})
        return {"Authorization": signed["Authorization"], "TTL": str(ttl), "Urgency": "normal",
                "Content-Encoding": "aes128gcm", "Content-Type": "application/octet-stream"}

    @staticmethod
    def encrypt(endpoint: str, p256dh: str, auth: str, payload: bytes) -> bytes:
        pusher = WebPusher({"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}})
        return pusher.encode(payload, content_encoding="aes128gcm")["body"]


class PushSender:
    """Sends one queued push (an outbox row) to its subscription; `post` is the webhook sender's
    checked POST (app.seats.webhooks.HookSender.post)."""

    def __init__(self, app, keys: PushKeys, post):
        self.app, self.keys, self.post = app, keys, post

    async def send(self, subscription_id: int, payload: bytes) -> None:
        store, settings = self.app.state.store, self.app.state.settings
        async with store.reading() as s:
            sub = await s.get(PushSubRow, subscription_id)
        if sub is None:
            raise Gone("the browser turned notifications off")
        if not settings.push_allow_private and urlsplit(sub.endpoint).scheme != "https":
            raise Gone("not an https endpoint")
        body = self.keys.encrypt(sub.endpoint, sub.p256dh, sub.auth, payload)
        async with asyncio.timeout(settings.webhook_timeout):
            response = await self.post(sub.endpoint, content=body, headers=self.keys.headers(sub.endpoint, settings.push_ttl),
                                       allow_private=settings.push_allow_private)
        if response.status_code in GONE:
            async with store.transaction() as s:
                await s.execute(delete(PushSubRow).where(PushSubRow.id == subscription_id))
            raise Gone(f"HTTP {response.status_code}")
        if not 200 <= response.status_code < 300:
            raise Failed(response.status_code)
