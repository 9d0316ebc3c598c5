"""Run Alembic migrations programmatically (`doi db upgrade`, and SQLite on server start)."""
from __future__ import annotations

from alembic import command
from alembic.config import Config

from app.infra.db import sync_url
from app.infra.files import project_dir

MIGRATIONS = project_dir("migrations")


def alembic_config(database_url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", sync_url(database_url).replace("%", "%%"))
    return cfg


def upgrade(database_url: str, revision: str = "head") -> None:
    command.upgrade(alembic_config(database_url), revision)
