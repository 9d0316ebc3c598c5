"""SQLAlchemy 2 models. The action log is the source of truth; snapshots make loading fast."""
from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    revolutionaries: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict] = mapped_column(JSON)  # the engine options, exactly as the engine takes them
    private: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # unlisted; seats need invites
    # A game's seed is one of two (see GameRow.game_seed): `seed_key`, the hex seed key of a game
    # created since seed keys (>= 128 secret bits, engine/rng.py), or `seed`, the int seed of an older one.
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    seed_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    status: Mapped[str] = mapped_column(String(16), index=True)  # open, active, finished, abandoned
    version: Mapped[int] = mapped_column(Integer, default=0)
    result: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    creator_ip: Mapped[str] = mapped_column(String(64), default="")
    pace: Mapped[dict | None] = mapped_column(JSON, nullable=True)  # None: live, no clock (app.seats.clocks)
    # How fast its bots move (app.seats.seat_bots; None: "normal", rooms made before the setting), and
    # whether a person asked them to move at once until a person is to decide.
    bot_pace: Mapped[str | None] = mapped_column(String(16), nullable=True)
    bot_skip: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    @property
    def game_seed(self) -> int | str:
        """The seed the engine takes: the seed key, or an older game's int seed."""
        return self.seed_key if self.seed_key is not None else self.seed


def seed_columns(seed: int | str) -> dict:
    """The `seed` and `seed_key` values of a game with this engine seed."""
    return {"seed": None, "seed_key": seed} if isinstance(seed, str) else {"seed": seed, "seed_key": None}


class OfGame:
    """A row that belongs to one game and goes with it."""

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)


class SeatRow(OfGame, Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)
    seat: Mapped[str] = mapped_column(String(16))
    invite_hash: Mapped[str] = mapped_column(String(64))
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    guest_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    claimed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(16), nullable=True)  # the bot level; None: a human seat
    # A person's seat a bot plays while they are away (their token still holds it: app.seats.zombies).
    zombie: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    seen_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)  # a socket of it was open
    # The account that holds this seat (app.accounts), and the seat's token sealed with the server's
    # key, so any device the account signs in on gets the token without a resume link. Deleting
    # the account keeps the seat (and the name typed at the claim) and drops the link.
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True,
                                                   index=True)
    sealed_token: Mapped[str | None] = mapped_column(Text, nullable=True)


class ActionRow(OfGame, Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)
    # Found by game through the (game_id, seq) constraint's index: a second index on game_id alone
    # would cost every move's insert a B-tree more (migration 0006).
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[str] = mapped_column(String(16))
    action: Mapped[dict] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SnapshotRow(OfGame, Base):
    __tablename__ = "snapshots"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))  # as ActionRow's
    seq: Mapped[int] = mapped_column(Integer)
    state: Mapped[dict] = mapped_column(JSON)  # compressed with lz4 on PostgreSQL (migration 0007)


class ChatRow(OfGame, Base):
    __tablename__ = "chat"
    seat: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # "players" (the table's talk, read by all) or "spectators" (the watchers' own; a player reads
    # it only after choosing to show it).
    channel: Mapped[str] = mapped_column(String(16), default="players", server_default="players")


class AccountRow(Base):
    """A player's optional account (app.accounts). `name_key` is the name folded for uniqueness
    ("Anna" and "anna " cannot both exist); `generation` grows when the password changes or the
    account signs out everywhere, and a session cookie of an older generation is refused."""

    __tablename__ = "accounts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(64))
    name_key: Mapped[str] = mapped_column(String(255), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    email_verified: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    generation: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # Which notifications the account wants (app.notify.prefs); None: the defaults.
    notify: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # The account's own webhook (a chat app's or generic JSON), a notification channel beside mail
    # and Web Push (app.notify.channels); shown to nobody, its owner included.
    webhook: Mapped[str | None] = mapped_column(Text, nullable=True)
    webhook_format: Mapped[str | None] = mapped_column(String(16), nullable=True)


class PasskeyRow(Base):
    """A passkey (WebAuthn credential) that signs an account in (app.accounts.passkeys): its id as
    the authenticator gave it, its public key (COSE), and the signature counter last seen, so a
    cloned authenticator that replays an older count is refused."""

    __tablename__ = "passkeys"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    credential_id: Mapped[str] = mapped_column(String(1400), unique=True)  # base64url, at most 1023 bytes
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    user_handle: Mapped[bytes] = mapped_column(LargeBinary)  # the WebAuthn user id it was made for
    sign_count: Mapped[int] = mapped_column(BigInteger, default=0)
    label: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class PasskeyChallengeRow(Base):
    """A WebAuthn challenge handed out and not yet answered: single use (the answer deletes it) and
    short-lived. Keyed by the hash of a ticket that only the asking browser's cookie holds."""

    __tablename__ = "passkey_challenges"
    ticket_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    purpose: Mapped[str] = mapped_column(String(16))  # "register" or "signin"
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True)
    challenge: Mapped[bytes] = mapped_column(LargeBinary)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class NotificationRow(Base):
    """A message to a player in the outbox (app.notify.outbox): written after the change that
    caused it committed, sent by whichever instance leases it, retried with a growing delay.
    `key` makes each notification unique (a turn: game, seat and version), so two instances that
    see the same change queue it once."""

    __tablename__ = "notifications"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(200), unique=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    # "email"; "push" (to_addr: the subscription's id); "hook" (the account's webhook; body: its JSON)
    channel: Mapped[str] = mapped_column(String(16))
    to_addr: Mapped[str] = mapped_column(String(254))
    subject: Mapped[str] = mapped_column(String(200))
    body: Mapped[str] = mapped_column(Text)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    dropped: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    holder: Mapped[str] = mapped_column(String(64), default="")
    lease_until: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class NotifyGameRow(Base):
    """Per game, what the notifier last saw (app.notify.turns): the version, the status and the
    seats the engine waited for, so a turn, a start or an end is told once."""

    __tablename__ = "notify_games"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    active: Mapped[list] = mapped_column(JSON, default=list)


class PushSubRow(Base):
    """A browser that allowed Web Push for an account (app.notify.push): where its push service
    takes messages for it, and the keys they are encrypted to. One row per endpoint (a browser
    signed in to another account moves it there)."""

    __tablename__ = "push_subscriptions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    endpoint: Mapped[str] = mapped_column(Text)
    endpoint_hash: Mapped[str] = mapped_column(String(64), unique=True)
    p256dh: Mapped[str] = mapped_column(String(100))
    auth: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AdminRow(Base):
    __tablename__ = "admins"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class BotLeaseRow(Base):
    """Which instance thinks for a game's bot seats, until when (app.seats.seat_bots)."""

    __tablename__ = "bot_leases"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    holder: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # The room's think budget for its hard bots (CPU ms per decision); None: the default.
    think_ms: Mapped[int | None] = mapped_column(Integer, nullable=True)


class SecretRow(Base):
    """Secrets generated once and shared by every instance (the cookie key when none is configured)."""

    __tablename__ = "server_secrets"
    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RateEventRow(Base):
    """One attempt counted by a rate limit (app/web/limits.py): rooms created, admin logins."""
    __tablename__ = "rate_events"
    __table_args__ = (Index("ix_rate_events_scope_key_at", "scope", "key", "at"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    scope: Mapped[str] = mapped_column(String(16))
    key: Mapped[str] = mapped_column(String(128))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class ClockRow(Base):
    """The clocks of a paced game's seats at game version `version` (app.seats.clocks)."""

    __tablename__ = "game_clocks"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    state: Mapped[dict] = mapped_column(JSON)
    next_deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)


class SeatEventRow(OfGame, Base):
    """A seat changed hands at game version `version`: to a bot, back to its person, or left (app.seats.zombies)."""

    __tablename__ = "seat_events"
    seat: Mapped[str] = mapped_column(String(16))
    version: Mapped[int] = mapped_column(Integer)
    by: Mapped[str] = mapped_column(String(16))        # who plays the seat from then on: "bot" or "human"
    reason: Mapped[str] = mapped_column(String(16))    # "time", "away", "back", "left"
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)  # a left seat's old token
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class HookRow(Base):
    """A room's webhook (app.seats.webhooks): its URL (never shown to anyone), delivery progress, lease."""

    __tablename__ = "room_hooks"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    url: Mapped[str] = mapped_column(Text)
    done_version: Mapped[int] = mapped_column(Integer, default=0)
    last_active: Mapped[list] = mapped_column(JSON, default=list)  # seats to act at done_version
    holder: Mapped[str] = mapped_column(String(64), default="")
    lease_until: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    delivered: Mapped[int] = mapped_column(Integer, default=0)
    failed: Mapped[int] = mapped_column(Integer, default=0)
    # The body's shape: "json" (the generic one), "discord" or "slack" (app.seats.hook_formats).
    format: Mapped[str] = mapped_column(String(16), default="json", server_default="json")


class RatingRow(Base):
    """An account's rating on one side of one ruleset (app.accounts.ratings): openskill's mu and
    sigma, the rated games and wins behind it, and `score`, the number published (ordinal, scaled),
    kept so the leaderboard reads in order from an index."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_board", "ruleset", "side", "score"),)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(16), primary_key=True)
    side: Mapped[str] = mapped_column(String(16), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    score: Mapped[int] = mapped_column(Integer)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class DeckRatingRow(Base):
    """The Zhukov deck as an opponent, one per option set and number of Revolutionaries
    (app.accounts.ratings): it learns from every rated game like a player, so its rating comes to
    say how hard that set-up is."""

    __tablename__ = "deck_ratings"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    options: Mapped[dict] = mapped_column(JSON)
    revolutionaries: Mapped[int] = mapped_column(Integer)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)


class RatedGameRow(Base):
    """A finished game the rater has dealt with (rated or not, and why): the marker that makes
    rating happen once, whichever instance or retry comes first. No foreign key: a game deleted
    later keeps its marker (and its effect on the ratings, docs/ratings.md)."""

    __tablename__ = "rated_games"
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    note: Mapped[str] = mapped_column(String(64), default="")
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
