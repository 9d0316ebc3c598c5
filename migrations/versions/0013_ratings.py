"""player ratings per ruleset and side, the Zhukov deck's ratings, and the marker of rated games

Revision ID: 0013_ratings
Revises: 0012_notifications
Create Date: 2026-12-06 02:30:00

Games that ended before ratings existed get their marker here (not rated): the rater then never
rates them late, in an order nobody played them in (docs/ratings.md).
"""
import sqlalchemy as sa
from alembic import op

revision = "0013_ratings"
down_revision = "0012_notifications"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("ruleset", sa.String(16), primary_key=True),
        sa.Column("side", sa.String(16), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_board", "ratings", ["ruleset", "side", "score"])
    op.create_table(
        "deck_ratings",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("revolutionaries", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
    )
    op.create_table(
        "rated_games",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("note", sa.String(64), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.execute("INSERT INTO rated_games (game_id, rated, note, at) "
               "SELECT id, false, 'ended before ratings', CURRENT_TIMESTAMP FROM games WHERE status = 'finished'")


def downgrade() -> None:
    op.drop_table("rated_games")
    op.drop_table("deck_ratings")
    op.drop_index("ix_ratings_board", "ratings")
    op.drop_table("ratings")
