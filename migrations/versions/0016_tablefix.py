"""the spectators' own chat channel: each chat line says which channel it was written in

Revision ID: 0016_tablefix
Revises: 0015_push
Create Date: 2026-12-06 02:30:00
"""
import sqlalchemy as sa
from alembic import op

revision = "0016_tablefix"
down_revision = "0015_push"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("chat") as batch:
        batch.add_column(sa.Column("channel", sa.String(16), nullable=False, server_default="players"))


def downgrade() -> None:
    with op.batch_alter_table("chat") as batch:
        batch.drop_column("channel")
