"""bot seats: a seat may be played by a server-side bot; one lease per game says which instance drives them

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 10:20:00

`seats.bot` is the bot level ("easy", "normal") of a seat played by the server, NULL for a human
seat. `bot_leases` has one row per game with bot seats: the instance (`holder`) that thinks for
them until `expires_at`; another instance takes the game over once the lease has expired (the
holder died), so no two instances think for the same seat. (The REST branch adds a '0003'; the
merge chains this revision after it.)
"""
import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("bot", sa.String(length=16), nullable=True))
    op.create_table(
        "bot_leases",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("holder", sa.String(length=64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id"),
    )


def downgrade() -> None:
    op.drop_table("bot_leases")
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("bot")
