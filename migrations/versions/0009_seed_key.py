"""games.seed_key: the 128-bit seed of a new game, as hex

Revision ID: 0009_seed_key
Revises: 0008_bot_pace
Create Date: 2026-12-05 18:45:00

A game's randomness must hold at least 128 secret bits (issue 30, item 1): with the 31-bit seeds
before, the face-up fighter tiles singled the seed out by search, and every secret followed. New
games are seeded with a seed key (hex string, engine/rng.py) kept in `seed_key`; `seed` (BIGINT)
keeps the int seed of the games created before, untouched, and is NULL for a keyed game. Exactly one
of the two is set. A string column, not a wider integer: the key is hex in records and JSON, and
neither orjson nor SQLite's INTEGER holds more than 64 bits.

On SQLite, dropping NOT NULL rebuilds the table (batch mode), rows kept.
"""
import sqlalchemy as sa
from alembic import op

revision = "0009_seed_key"
down_revision = "0008_bot_pace"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("seed_key", sa.String(length=64), nullable=True))
        batch_op.alter_column("seed", existing_type=sa.BigInteger(), nullable=True)


def downgrade() -> None:
    keyed = op.get_bind().execute(sa.text("SELECT count(*) FROM games WHERE seed_key IS NOT NULL")).scalar()
    if keyed:
        raise RuntimeError(f"{keyed} games are seeded with a seed key, which the older schema cannot hold: "
                           "delete or export them before downgrading.")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.alter_column("seed", existing_type=sa.BigInteger(), nullable=False)
        batch_op.drop_column("seed_key")
