"""rate_events: attempts counted by the rate limits (rooms per address, admin logins)

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 09:40:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('rate_events',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('scope', sa.String(length=16), nullable=False),
    sa.Column('key', sa.String(length=128), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('rate_events', schema=None) as batch_op:
        batch_op.create_index('ix_rate_events_scope_key_at', ['scope', 'key', 'at'], unique=False)
        batch_op.create_index(batch_op.f('ix_rate_events_at'), ['at'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('rate_events', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rate_events_at'))
        batch_op.drop_index('ix_rate_events_scope_key_at')

    op.drop_table('rate_events')
