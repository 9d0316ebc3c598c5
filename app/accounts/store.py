"""Accounts in the database: made, found, changed, deleted, and the seats they hold.

Names are unique as people read them: "Anna", "anna" and "ＡＮＮＡ" are one name (NFKC, then
casefold). E-mail addresses are not unique, so signing up with one never tells whether another
account uses it."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import and_, or_, select, update
from sqlalchemy.exc import IntegrityError

from app.infra.models import AccountRow, GameRow, SeatRow
from app.infra.security import token_hash
from app.notify.prefs import wanted
from app.play.store import GameStore, StoreError

LIVE = ("open", "active")


def _aware(at: datetime) -> datetime:
    return at if at.tzinfo else at.replace(tzinfo=UTC)  # SQLite gives back naive UTC datetimes


def name_key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold().strip()


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    email: str | None
    email_verified: bool
    generation: int
    created_at: datetime
    password_hash: str
    notify: dict | None = None

    def public(self) -> dict:
        """What the account's owner reads of it (never the hash)."""
        return {"name": self.name, "email": self.email, "email_verified": self.email_verified,
                "created_at": _aware(self.created_at).isoformat(), "notify": wanted(self.notify)}


def _account(row: AccountRow) -> Account:
    return Account(row.id, row.name, row.email, row.email_verified, row.generation, row.created_at,
                   row.password_hash, row.notify)


class AccountStore:
    def __init__(self, store: GameStore):
        self.store = store

    async def create(self, name: str, password_hash: str, email: str | None) -> Account:
        row = AccountRow(name=name, name_key=name_key(name), password_hash=password_hash, email=email,
                         email_verified=False, generation=0)
        try:
            async with self.store.transaction() as s:
                if (await s.execute(select(AccountRow.id).where(AccountRow.name_key == row.name_key))).first():
                    raise StoreError("That name is taken: choose another.", 409, "conflict")
                s.add(row)
                await s.flush()
                return _account(row)
        except IntegrityError as e:  # the same name at the same moment, from another request
            raise StoreError("That name is taken: choose another.", 409, "conflict") from e

    async def by_name(self, name: str) -> Account | None:
        async with self.store.reading() as s:
            row = (await s.execute(select(AccountRow).where(AccountRow.name_key == name_key(name)))).scalar_one_or_none()
            return _account(row) if row else None

    async def by_id(self, account_id: int) -> Account | None:
        async with self.store.reading() as s:
            row = await s.get(AccountRow, account_id)
            return _account(row) if row else None

    async def change(self, account_id: int, *, name: str | None = None, email: str | None | bool = False,
                     password_hash: str | None = None) -> Account:
        """Change what is given (`email=None` removes the address; False leaves it). A new password
        signs out every other session (the generation grows)."""
        try:
            async with self.store.transaction() as s:
                row = await s.get(AccountRow, account_id)
                if row is None:
                    raise StoreError("This account no longer exists.", 401, "unauthorized")
                if name is not None and name_key(name) != row.name_key:
                    taken = (await s.execute(select(AccountRow.id).where(AccountRow.name_key == name_key(name)))).first()
                    if taken:
                        raise StoreError("That name is taken: choose another.", 409, "conflict")
                    row.name, row.name_key = name, name_key(name)
                elif name is not None:
                    row.name = name  # the same name, other capitals
                if email is not False and email != row.email:
                    row.email, row.email_verified = email, False
                if password_hash is not None:
                    row.password_hash = password_hash
                    row.generation += 1
                await s.flush()
                return _account(row)
        except IntegrityError as e:
            raise StoreError("That name is taken: choose another.", 409, "conflict") from e

    async def verify_email(self, account_id: int, email: str) -> Account | None:
        """Mark the address verified if it is still the account's; None if it is not."""
        async with self.store.transaction() as s:
            row = await s.get(AccountRow, account_id)
            if row is None or row.email != email:
                return None
            row.email_verified = True
            await s.flush()
            return _account(row)

    async def reset_password(self, account_id: int, generation: int, password_hash: str) -> Account | None:
        """Set a new password if the password is still of `generation` (a reset link works once)."""
        async with self.store.transaction() as s:
            row = await s.get(AccountRow, account_id)
            if row is None or row.generation != generation:
                return None
            row.password_hash, row.generation = password_hash, row.generation + 1
            await s.flush()
            return _account(row)

    async def set_notify(self, account_id: int, prefs: dict[str, bool]) -> Account:
        async with self.store.transaction() as s:
            row = await s.get(AccountRow, account_id)
            if row is None:
                raise StoreError("This account no longer exists.", 401, "unauthorized")
            row.notify = {**(row.notify or {}), **prefs}
            await s.flush()
            return _account(row)

    async def delete(self, account_id: int) -> None:
        """The account goes; its seats stay in their games under the name typed when claiming."""
        async with self.store.transaction() as s:
            await s.execute(update(SeatRow).where(SeatRow.account_id == account_id)
                            .values(account_id=None, sealed_token=None))
            row = await s.get(AccountRow, account_id)
            if row is not None:
                await s.delete(row)

    async def adopt(self, account_id: int, held: list[tuple[str, str, str]], seal) -> int:
        """Join seats to the account: each (game, seat, token) whose token is that seat's, and which
        no other account holds. Returns how many seats the account holds of those given."""
        joined = 0
        async with self.store.transaction() as s:
            for gid, seat, token in held:
                res = await s.execute(
                    update(SeatRow)
                    .where(SeatRow.game_id == gid, SeatRow.seat == seat, SeatRow.token_hash == token_hash(token),
                           SeatRow.bot.is_(None),
                           or_(SeatRow.account_id.is_(None), SeatRow.account_id == account_id))
                    .values(account_id=account_id, sealed_token=seal(token)))
                joined += res.rowcount or 0
        return joined

    async def seats(self, account_id: int) -> list[tuple[str, str, str | None]]:
        """(game, seat, sealed token) of every seat the account holds in a game not over."""
        async with self.store.reading() as s:
            q = (select(SeatRow.game_id, SeatRow.seat, SeatRow.sealed_token)
                 .join(GameRow, GameRow.id == SeatRow.game_id)
                 .where(and_(SeatRow.account_id == account_id, GameRow.status.in_(LIVE)))
                 .order_by(GameRow.updated_at.desc(), SeatRow.game_id, SeatRow.seat))
            return [tuple(r) for r in (await s.execute(q)).all()]
