"""Crash safety (issue 6): `doi serve` is SIGKILLed at random moments during bot games, 20 times in
the suite (10 on a SQLite file, 10 on PostgreSQL, both runs at once), restarted on the same
database and the clients reconnected; no acknowledged move may be lost or doubled, and every game's
served state must equal the replay of its record. The driver is bench/crash.py; 100 kills:
`.venv/bin/python -m bench.crash --kills 100` (README, "Crash safety")."""
from __future__ import annotations

import asyncio

from bench.crash import crash_run
from tests.server.helpers import run_async

KILLS = 10  # per backend


def test_sigkill_at_random_moments_loses_and_doubles_no_acknowledged_move(pg_url, tmp_path):
    (tmp_path / "sqlite").mkdir()
    (tmp_path / "postgresql").mkdir()
    sqlite_url = f"sqlite:///{tmp_path / 'sqlite' / 'crash.sqlite3'}"

    async def both():
        return await asyncio.gather(
            crash_run(sqlite_url, KILLS, tmp_path / "sqlite", seed=11, backend="sqlite"),
            crash_run(pg_url, KILLS, tmp_path / "postgresql", seed=12, backend="postgresql"))

    for report in run_async(both()):
        detail = report.summary() + "\n" + "\n".join(report.problems)
        assert report.problems == [], detail
        assert report.kills == KILLS, detail
        assert (report.lost, report.doubled, report.mismatched) == (0, 0, 0), detail
        assert report.acked >= 20 * KILLS, detail          # the kills landed in busy play
        assert report.checks >= 4 * (KILLS + 1), detail    # every game verified after every restart
        assert report.moves_after_last_restart >= 10, detail  # and the games went on
