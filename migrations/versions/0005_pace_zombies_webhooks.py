"""pace, zombie seats, seat hand-overs, webhooks

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 12:30:00

`games.pace` is the room's pace (NULL: live, no clock; {"mode": "clock", "minutes": m};
{"mode": "correspondence", "hours": h}). `game_clocks` holds one row per paced game: the clock
state of every seat at game version `version` and the earliest deadline (`next_deadline`, what the
timeout sweep looks for). `seats.zombie` marks a person's seat that a bot (`seats.bot`) plays while
its owner is away (the owner's token still holds it); `seats.seen_at` is when a socket of the seat
was last open on any instance. `seat_events` logs every hand-over (to a bot, back to the person, a
seat left before the start) with the game version it took effect at. `room_hooks` holds a room's
webhook URL and its delivery progress and lease.
"""
import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("pace", sa.JSON(), nullable=True))
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("zombie", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column("seen_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "game_clocks",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("next_deadline", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id"),
    )
    op.create_index("ix_game_clocks_next_deadline", "game_clocks", ["next_deadline"])
    op.create_table(
        "seat_events",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.String(length=16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("by", sa.String(length=16), nullable=False),
        sa.Column("reason", sa.String(length=16), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_seat_events_game_id", "seat_events", ["game_id"])
    op.create_index("ix_seat_events_token_hash", "seat_events", ["token_hash"])
    op.create_table(
        "room_hooks",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("url", sa.Text(), nullable=False),
        sa.Column("done_version", sa.Integer(), nullable=False),
        sa.Column("last_active", sa.JSON(), nullable=False),
        sa.Column("holder", sa.String(length=64), nullable=False),
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=False),
        sa.Column("delivered", sa.Integer(), nullable=False),
        sa.Column("failed", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id"),
    )


def downgrade() -> None:
    op.drop_table("room_hooks")
    op.drop_index("ix_seat_events_token_hash", table_name="seat_events")
    op.drop_index("ix_seat_events_game_id", table_name="seat_events")
    op.drop_table("seat_events")
    op.drop_index("ix_game_clocks_next_deadline", table_name="game_clocks")
    op.drop_table("game_clocks")
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("seen_at")
        batch_op.drop_column("zombie")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("pace")
