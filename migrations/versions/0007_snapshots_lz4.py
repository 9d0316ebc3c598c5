"""snapshots compressed with lz4 on PostgreSQL

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03 09:00:00

A snapshot (the whole state as JSON, 5-45 KB) is written every 50 moves of a game, inside that
move's statement, and PostgreSQL compressed it with pglz: 4.5% of the move writers' CPU under load
(perf, issue 14, session 14). lz4 does it in a fraction of the time. New rows only: the rows
already there stay readable as they are. A server built without lz4 keeps pglz, and SQLite stores
the text as it is, so there is nothing to do on either.
"""
import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def _lz4_here(bind) -> bool:
    if bind.dialect.name != "postgresql":
        return False
    return bool(bind.execute(sa.text("SELECT 'lz4' = ANY(enumvals) FROM pg_settings "
                                     "WHERE name = 'default_toast_compression'")).scalar())


def upgrade() -> None:
    if _lz4_here(op.get_bind()):
        op.execute("ALTER TABLE snapshots ALTER COLUMN state SET COMPRESSION lz4")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("ALTER TABLE snapshots ALTER COLUMN state SET COMPRESSION default")
