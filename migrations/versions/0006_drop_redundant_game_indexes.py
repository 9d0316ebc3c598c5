"""drop the game_id indexes of actions and snapshots

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02 07:00:00

Both tables have a UNIQUE (game_id, seq) constraint, whose index already finds a game's rows (and
serves the foreign key's ON DELETE CASCADE). The second index on game_id alone only made every
move's insert update one more B-tree (issue 14: the move's write).
"""
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.drop_index("ix_actions_game_id", table_name="actions")
    op.drop_index("ix_snapshots_game_id", table_name="snapshots")


def downgrade() -> None:
    op.create_index("ix_snapshots_game_id", "snapshots", ["game_id"], unique=False)
    op.create_index("ix_actions_game_id", "actions", ["game_id"], unique=False)
