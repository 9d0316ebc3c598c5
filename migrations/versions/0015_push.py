"""Web Push subscriptions of accounts, an account's own webhook, and the format of a webhook (generic JSON, Discord, Slack)

Revision ID: 0015_push
Revises: 0014_passkeys
Create Date: 2026-12-06 02:20:00
"""
import sqlalchemy as sa
from alembic import op

revision = "0015_push"
down_revision = "0014_passkeys"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("endpoint", sa.Text(), nullable=False),
        sa.Column("endpoint_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(100), nullable=False),
        sa.Column("auth", sa.String(40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_push_subscriptions_account_id", "push_subscriptions", ["account_id"])
    with op.batch_alter_table("room_hooks") as batch:
        batch.add_column(sa.Column("format", sa.String(16), nullable=False, server_default="json"))
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("webhook", sa.Text(), nullable=True))
        batch.add_column(sa.Column("webhook_format", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("webhook_format")
        batch.drop_column("webhook")
    with op.batch_alter_table("room_hooks") as batch:
        batch.drop_column("format")
    op.drop_index("ix_push_subscriptions_account_id", "push_subscriptions")
    op.drop_table("push_subscriptions")
