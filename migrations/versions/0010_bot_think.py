"""the hard bots' think budget per room

Revision ID: 0010_bot_think
Revises: 0009_seed_key
Create Date: 2026-12-05 19:00:00

A room with hard bots may set how long they think per decision (`bot_think_ms`, CPU milliseconds);
it lives on the room's bot lease row, which every room with bot seats has. Null: the default.
"""
import sqlalchemy as sa
from alembic import op

revision = "0010_bot_think"
down_revision = "0009_seed_key"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("bot_leases", sa.Column("think_ms", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("bot_leases", "think_ms")
