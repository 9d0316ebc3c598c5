"""Configuration from the environment (DOI_*), via pydantic-settings."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

# A cookie key anyone can read in a repository, a tutorial or an example file signs admin cookies
# for everyone who copied it: refused whatever its length (compared without case, "-", "_" or spaces).
PLACEHOLDER_KEY_MARKERS = ("changeme", "changethis", "replaceme", "yoursecret", "secretkeyhere", "insecure",
                           "example", "placeholder", "notasecret", "dontuseinproduction")
MIN_SECRET_KEY_CHARS = 32
MIN_SECRET_KEY_DISTINCT_CHARS = 8  # "aaaa...", "0000...", "abababab...": long, and guessed at once


class WeakSecretKey(ValueError):
    """DOI_SECRET_KEY is set but too weak to sign cookies; the message never repeats the key."""


def secret_key_problem(key: str) -> str | None:
    """Why `key` must not sign cookies, or None if it may. An empty key is fine: the server then
    makes a random one and keeps it in the database."""
    if not key:
        return None
    if len(key) < MIN_SECRET_KEY_CHARS:
        return f"it is {len(key)} characters long, fewer than {MIN_SECRET_KEY_CHARS}"
    folded = "".join(c for c in key.lower() if c not in "-_ .")
    marker = next((m for m in PLACEHOLDER_KEY_MARKERS if m in folded), None)
    if marker:
        return f"it is a placeholder (it contains {marker!r})"
    if len(set(key)) < MIN_SECRET_KEY_DISTINCT_CHARS:
        return f"it has fewer than {MIN_SECRET_KEY_DISTINCT_CHARS} distinct characters"
    return None


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="DOI_", env_file=".env", extra="ignore")

    # A plain "postgresql://user@host:port/db" or "sqlite:///path" URL; the app picks its driver.
    database_url: str = ""
    # Fan-out between instances over Redis pub/sub ("redis://host:6379/0"); empty: PostgreSQL
    # LISTEN/NOTIFY (or nothing on SQLite, one process). The channel defaults to one per database.
    redis_url: str = ""
    redis_channel: str = ""
    # Signs the guest and admin cookies. Empty: a random key made once and kept in the database
    # (table server_secrets), the same for every instance and across restarts. Set, it must pass
    # check_secret_key (the server refuses to start otherwise).
    secret_key: str = ""
    # Public base URL used in invite links (empty: relative links).
    public_url: str = ""
    snapshot_every: int = 50
    # PostgreSQL connections one instance keeps for writing moves (app.play.movelog); more writes at
    # once wait for a free one. Count them, with the session pool's 30, against max_connections.
    move_writers: int = Field(default=8, ge=1, le=64)
    max_message_bytes: int = 16_384
    # Read once at start (schemas and pages): longest chat message and player name, in characters.
    max_chat_chars: int = Field(default=500, ge=1, le=4000)
    max_name_chars: int = Field(default=40, ge=1, le=64)  # names are stored in 64-character columns
    cookie_secure: bool = False
    # Limits (per connection / per client address / per admin name); README.md lists them all.
    messages_per_second: float = 20.0   # sustained websocket messages per connection
    message_burst: int = 40             # short bursts above the rate
    rooms_per_hour: int = 30            # rooms one client address may create per hour
    login_attempts_per_address: int = 10  # admin logins (failed or in progress) per address per window
    login_attempts_per_name_address: int = 5  # the same for one admin name from one address
    login_window: float = 900.0           # seconds
    # Guesses at one admin name from many addresses are slowed, never refused (a refusal would lock
    # the owner out too, issue 30 item 10): past `login_delay_after` failed attempts at the name in
    # the window, each attempt waits `login_delay_base` seconds before its password is checked,
    # doubled for each further one, at most `login_delay_max`. Player accounts' sign-ins (per name,
    # from all addresses) are slowed the same way.
    login_delay_after: int = Field(default=5, ge=0)
    login_delay_base: float = Field(default=1.0, ge=0, le=60)
    login_delay_max: float = Field(default=15.0, ge=0, le=120)
    # Player accounts (app.accounts): sign-ups per address per hour; sign-ins per name from one
    # address, and per address, in the login window. A name is never locked for every address, so
    # someone guessing from elsewhere cannot lock its owner out.
    accounts_per_hour: int = Field(default=20, ge=1, le=10_000)
    account_logins_per_name_address: int = Field(default=10, ge=1, le=10_000)
    account_logins_per_address: int = Field(default=100, ge=1, le=100_000)
    # Client addresses (for the limits above) are the TCP peer's. Behind a reverse proxy, list the
    # proxies' addresses or networks ("10.0.0.5,192.168.0.0/16"): only a request from one of them
    # has its X-Forwarded-For header believed. Empty: no forwarded header is ever believed.
    trusted_proxies: str = ""
    idle_timeout: float = 300.0         # seconds without any message before a socket is closed
    json_logs: bool = True
    # Bot seats (app.seats.seat_bots): seconds a bot waits before it moves, so people can follow (0 in
    # tests); seconds an instance holds a game's bots before another instance may take them over
    # (after a crash, the bots resume within about this long).
    bot_pause: float = Field(default=1.0, ge=0, le=60)
    bot_lease_seconds: float = Field(default=10.0, ge=1, le=600)
    # Hard bots (bots/search.py) think in a bounded pool of worker processes, never on the event
    # loop: this many at once per instance. A decision whose worker takes longer than twice the
    # room's think budget plus this grace (seconds), or dies, is played by the normal bot instead,
    # and the pool is replaced.
    bot_workers: int = Field(default=2, ge=1, le=64)
    bot_think_grace: float = Field(default=2.0, gt=0, le=60)
    # Hints (app.seats.hints): the hard bot's suggestion for a solo player's decision, searched in the
    # same worker pool with this budget (CPU ms); at most `hints_per_minute` per client address.
    hint_think_ms: int = Field(default=400, ge=50, le=5000)
    hints_per_minute: int = Field(default=12, ge=1, le=10_000)
    # Clocks (app.seats.clocks): how often each instance looks for a clock or deadline that ran out
    # (seconds); the time a seat whose clock ran out gets when its owner takes it back from the bot.
    clock_tick: float = Field(default=1.0, gt=0, le=60)
    clock_resume_seconds: int = Field(default=60, ge=1, le=3600)
    # Zombies (app.seats.zombies): a seat with no open socket for this many seconds counts as away, and
    # the other players may hand it to a bot.
    away_grace_seconds: float = Field(default=60.0, ge=1, le=86_400)
    # Webhooks (app.seats.webhooks): a room's creator may give a URL that gets a JSON POST on each turn
    # change. By default only public addresses are called (no loopback, private, link-local or
    # reserved targets: the server must not be a way into its own network); set
    # DOI_WEBHOOK_ALLOW_PRIVATE=true to allow them (tests, a LAN install).
    webhook_allow_private: bool = False
    # Webhooks call ports 80 and 443 only; list others here ("8080,8443", "8000-8999"; "1-65535" for any).
    webhook_ports: str = Field(default="", pattern=r"^\s*(\d{1,5}(\s*-\s*\d{1,5})?(\s*,\s*\d{1,5}(\s*-\s*\d{1,5})?)*)?\s*$")
    webhook_timeout: float = Field(default=5.0, gt=0, le=60)     # seconds per attempt, all of it
    webhook_attempts: int = Field(default=8, ge=1, le=30)        # then that notification is dropped
    webhook_backoff: float = Field(default=1.0, gt=0, le=600)    # first retry delay, doubled each time (max 5 min)
    webhook_lease_seconds: float = Field(default=30.0, ge=1, le=600)
    # Mail (app.notify): "smtp://user:password@host:587" (STARTTLS when the server offers it),
    # "smtps://..." (TLS from the start), or empty: no mail at all (no address verification, no
    # password reset by mail, no mailed notifications). Links in mails start with DOI_PUBLIC_URL.
    smtp_url: str = ""
    mail_from: str = "Days of Ire Online <noreply@localhost>"
    mail_timeout: float = Field(default=20.0, gt=0, le=300)     # seconds for one whole attempt
    notify_tick: float = Field(default=1.0, gt=0, le=60)        # how often the outbox and the notifier look
    notify_attempts: int = Field(default=8, ge=1, le=30)        # then that notification is dropped
    notify_backoff: float = Field(default=5.0, gt=0, le=3600)   # first retry delay, doubled each time
    # Ratings (app.accounts.ratings, docs/ratings.md): how often the rater looks for finished games it
    # has not dealt with (after a crash between a game's end and its rating); the rated games a
    # player needs to appear on a leaderboard.
    rating_sweep_seconds: float = Field(default=300.0, gt=0, le=86_400)
    leaderboard_min_games: int = Field(default=5, ge=1, le=1000)
    # Web Push (app.notify.push): the VAPID key pair is made once and kept in the database. The
    # contact the push services see in its claims ("mailto:..." or "https://..."); empty: the
    # address of DOI_MAIL_FROM. Endpoints must be https:// URLs on public addresses, on the ports
    # webhooks may use (DOI_WEBHOOK_PORTS); DOI_PUSH_ALLOW_PRIVATE=true also allows http:// and
    # private or loopback addresses (tests, a LAN install).
    vapid_subject: str = Field(default="", pattern=r"^$|^(mailto:\S+@\S+|https://\S+)$")
    push_allow_private: bool = False
    push_ttl: int = Field(default=86_400, ge=0, le=2_419_200)     # seconds a push service keeps an undelivered one
    push_per_account: int = Field(default=10, ge=1, le=100)       # browsers per account; the oldest go first
    # Chat while you are away: at most one notice per game and player in this many minutes.
    chat_notify_minutes: float = Field(default=30.0, gt=0, le=1440)
    # A deadline near (correspondence games): told when this share of the decision's time is left;
    # the warner looks every `deadline_tick` seconds.
    deadline_warn_fraction: float = Field(default=0.25, gt=0, lt=1)
    deadline_tick: float = Field(default=30.0, gt=0, le=3600)

    def check_secret_key(self) -> None:
        """Raise WeakSecretKey if DOI_SECRET_KEY is set to something guessable: whoever guesses it
        can sign an admin cookie."""
        problem = secret_key_problem(self.secret_key)
        if problem:
            raise WeakSecretKey(
                f"DOI_SECRET_KEY is refused: {problem}. Leave it unset (the server then keeps a random key in "
                f"its database) or set at least {MIN_SECRET_KEY_CHARS} random characters, e.g. the output of "
                "python3 -c 'import secrets; print(secrets.token_urlsafe(32))'")

    def resolved_database_url(self) -> str:
        if self.database_url:
            if self.database_url.startswith("sqlite:///") and self.database_url != "sqlite:///:memory:":
                Path(self.database_url[len("sqlite:///"):]).parent.mkdir(parents=True, exist_ok=True)
            return self.database_url
        var = Path.cwd() / "var"
        var.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{var / 'doi.sqlite3'}"


@lru_cache
def get_settings() -> Settings:
    return Settings()
