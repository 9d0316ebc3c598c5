"""notifications to players who are not at the table: the outbox and what the notifier last saw

Revision ID: 0012_notifications
Revises: 0011_accounts
Create Date: 2026-12-05 19:30:00
"""
import sqlalchemy as sa
from alembic import op

revision = "0012_notifications"
down_revision = "0011_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("notify", sa.JSON(), nullable=True))
    op.create_table(
        "notifications",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(200), nullable=False, unique=True),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("to_addr", sa.String(254), nullable=False),
        sa.Column("subject", sa.String(200), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("dropped", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_notifications_account_id", "notifications", ["account_id"])
    op.create_index("ix_notifications_next_at", "notifications", ["next_at"])
    op.create_table(
        "notify_games",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("active", sa.JSON(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("notify_games")
    op.drop_index("ix_notifications_next_at", "notifications")
    op.drop_index("ix_notifications_account_id", "notifications")
    op.drop_table("notifications")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("notify")
