"""optional player accounts, and the seats they hold

Revision ID: 0011_accounts
Revises: 0010_bot_think
Create Date: 2026-12-05 19:00:00

Accounts (issue 34) are optional: guest seats stay as they are. A seat held by an account keeps
the account's id and its token sealed with the server's key (app/accounts/seal.py), so every device
the account signs in on can sit down without a resume link.
"""
import sqlalchemy as sa
from alembic import op

revision = "0011_accounts"
down_revision = "0010_bot_think"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(255), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("email_verified", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("generation", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("sealed_token", sa.Text(), nullable=True))
        batch.create_foreign_key("fk_seats_account_id_accounts", "accounts", ["account_id"], ["id"],
                                 ondelete="SET NULL")
        batch.create_index("ix_seats_account_id", ["account_id"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_account_id")
        batch.drop_constraint("fk_seats_account_id_accounts", type_="foreignkey")
        batch.drop_column("sealed_token")
        batch.drop_column("account_id")
    op.drop_table("accounts")
