"""A move's timestamps on SQLite are written as SQLAlchemy writes a DateTime, so the ORM reads them back."""
import random
import re
from datetime import UTC, datetime

from app.play.movelog import sqlite_now


def _as_sqlalchemy_writes(ns: int) -> str:
    """SQLAlchemy's SQLite DateTime text of the instant `ns` (naive UTC, six digits of microseconds)."""
    moment = datetime.fromtimestamp(ns // 1_000_000_000, UTC).replace(microsecond=ns % 1_000_000_000 // 1000)
    return moment.replace(tzinfo=None).isoformat(" ", "microseconds")


def test_move_time_has_sqlalchemy_sqlite_format_even_on_a_whole_second(monkeypatch):
    import app.play.movelog as movelog

    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}", sqlite_now())
    whole = int(datetime(2026, 12, 1, 23, 8, 10, tzinfo=UTC).timestamp()) * 1_000_000_000
    monkeypatch.setattr(movelog, "time_ns", lambda: whole)
    assert sqlite_now() == "2026-12-01 23:08:10.000000"


def test_move_time_follows_the_clock_across_seconds_days_and_years(monkeypatch):
    """The date and time part is remembered for one second only: each instant reads as datetime
    reads it, whether the clock moved within a second, to the next one, or back."""
    import app.play.movelog as movelog

    rng = random.Random(14)
    base = int(datetime(2026, 12, 31, 23, 59, 58, tzinfo=UTC).timestamp()) * 1_000_000_000
    instants = [base + rng.randrange(4_000_000_000) for _ in range(300)]
    instants += [base + 1_999_999_999, base + 2_000_000_000, base - 86_400_000_000_000 + 999, base + 999_999]
    for ns in instants:
        monkeypatch.setattr(movelog, "time_ns", lambda ns=ns: ns)
        assert sqlite_now() == _as_sqlalchemy_writes(ns), ns
