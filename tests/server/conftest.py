"""Server test fixtures: every server test runs on SQLite and on the PostgreSQL at 127.0.0.1:5432.

The PostgreSQL part is never skipped: if the server is unreachable the tests fail, so CI cannot
pass without it (issue: "fails if the PostgreSQL part was skipped")."""
from __future__ import annotations

import os
import secrets

import psycopg
import pytest
from fastapi.testclient import TestClient

from app.infra.migrate import upgrade
from app.infra.settings import Settings
from app.main import create_app

PG_ADMIN_URL = os.environ.get("DOI_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


def new_pg_database():
    """A migrated database of its own (each xdist worker and each test that needs an empty one)."""
    name = f"doi_test_{secrets.token_hex(4)}"
    try:
        admin = psycopg.connect(PG_ADMIN_URL, autocommit=True)
    except psycopg.OperationalError as e:  # never skip: the PostgreSQL half of the suite is required
        pytest.fail(f"PostgreSQL is required for the server tests ({PG_ADMIN_URL}): {e}")
    admin.execute(f'CREATE DATABASE "{name}"')
    url = PG_ADMIN_URL.rsplit("/", 1)[0] + "/" + name
    try:
        upgrade(url)
        yield url
    finally:  # also when a test that took it as a context manager fails
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


@pytest.fixture(scope="session")
def pg_url():
    yield from new_pg_database()


@pytest.fixture(scope="session")
def sqlite_url(tmp_path_factory):
    url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'doi.sqlite3'}"
    upgrade(url)
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request):
    return request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_db_url(request, tmp_path):
    """A database no other test wrote to: for counts of a whole app (a shared one may hold bot rooms
    that a new app resumes and plays, which depends on which tests ran before in this process)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'empty.sqlite3'}"
        upgrade(url)
        yield url
    else:
        yield from new_pg_database()


def make_settings(url: str) -> Settings:
    # Bots move far faster than people: lift the per-connection message rate (tested on its own).
    return Settings(database_url=url, secret_key="test-secret-0123456789abcdefghijklmnopq", snapshot_every=10, messages_per_second=10_000,
                    message_burst=10_000, rooms_per_hour=10_000, json_logs=False, bot_pause=0,
                    accounts_per_hour=10_000, account_logins_per_address=10_000)


@pytest.fixture
def client(db_url):
    with TestClient(create_app(make_settings(db_url))) as c:
        yield c


@pytest.fixture
def quiet_client(empty_db_url):
    """A client on a database no other test wrote to: for tests that count the statements, reads or
    rebuilds of one room (an app resumes the bot rooms earlier tests left in a shared database and
    plays them meanwhile, so what else it does depends on which tests this worker ran before)."""
    with TestClient(create_app(make_settings(empty_db_url))) as c:
        yield c


@pytest.fixture
def app_factory(db_url):
    """Build a fresh app on the same database (a server restart)."""
    def build():
        return TestClient(create_app(make_settings(db_url)))
    return build


@pytest.fixture
def receiver():
    """Makes webhook receivers (tests.server.hook_receiver.Receiver), closed after the test."""
    from tests.server.hook_receiver import Receiver
    made = []

    def make(**kw):
        made.append(Receiver(**kw))
        return made[-1]

    yield make
    for r in made:
        r.close()
