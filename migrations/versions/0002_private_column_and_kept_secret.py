"""room privacy in its own column; the cookie secret kept in the database

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 09:50:00

Privacy was stored as "_private" inside the engine options (and stripped before the engine saw
them); it moves to `games.private`. `server_secrets` holds secrets generated once and shared by
every instance on the database (the cookie signing key when DOI_SECRET_KEY is not set).
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

games = sa.table("games", sa.column("id", sa.String), sa.column("options", sa.JSON),
                 sa.column("private", sa.Boolean))


def upgrade() -> None:
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("value", sa.String(length=255), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("name"),
    )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("private", sa.Boolean(), nullable=False, server_default=sa.false()))
    conn = op.get_bind()
    for gid, options in conn.execute(sa.select(games.c.id, games.c.options)).all():
        if isinstance(options, dict) and "_private" in options:
            clean = {k: v for k, v in options.items() if k != "_private"}
            conn.execute(games.update().where(games.c.id == gid)
                         .values(options=clean, private=bool(options["_private"])))


def downgrade() -> None:
    conn = op.get_bind()
    for gid, options, private in conn.execute(sa.select(games.c.id, games.c.options, games.c.private)).all():
        conn.execute(games.update().where(games.c.id == gid)
                     .values(options={**(options or {}), "_private": bool(private)}))
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("private")
    op.drop_table("server_secrets")
