"""A move's timestamps on SQLite are written as SQLAlchemy writes a DateTime, so the ORM reads them back."""
import re
from datetime import datetime

from app.movelog import sqlite_now


def test_move_time_has_sqlalchemy_sqlite_format_even_on_a_whole_second(monkeypatch):
    import app.movelog as movelog

    class Frozen(datetime):
        @classmethod
        def now(cls, tz=None):
            return datetime(2026, 12, 1, 23, 8, 10, 0, tzinfo=tz)

    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}", sqlite_now())
    monkeypatch.setattr(movelog, "datetime", Frozen)
    assert sqlite_now() == "2026-12-01 23:08:10.000000"
