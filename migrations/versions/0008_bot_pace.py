"""bot pace and skip

Revision ID: 0008_bot_pace
Revises: 0007
Create Date: 2026-12-05 19:00:00

`games.bot_pace` is how fast the room's bots move ("instant", "quick", "normal"; NULL for the rooms
made before it: "normal", the pause they had). `games.bot_skip` is set when a person asked to skip
to their next decision: the room's bots move at once until a person is to decide, whichever
instance drives them (app.seats.seat_bots).
"""
import sqlalchemy as sa
from alembic import op

revision = "0008_bot_pace"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("bot_pace", sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column("bot_skip", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("bot_skip")
        batch_op.drop_column("bot_pace")
