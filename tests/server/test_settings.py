"""Settings that are enforced (issue 9.8-9.9): the cookie key kept in the database when none is
set, the name and chat limits read from the settings by the schemas and the pages, and room
privacy in its own column (migration 0002 moves it out of the engine options)."""
from __future__ import annotations

import asyncio
import json
import secrets

import httpx
import psycopg
import sqlalchemy as sa
import websockets
from alembic import command
from fastapi.testclient import TestClient

from app.infra.migrate import alembic_config, upgrade
from app.main import create_app
from bench.crash import ServerProcess
from tests.server.conftest import PG_ADMIN_URL, make_settings
from tests.server.helpers import create_room, run_async
from tests.server.test_admin import make_admin


def keyless(db_url):
    return TestClient(create_app(make_settings(db_url).model_copy(update={"secret_key": ""})))


def test_without_a_secret_key_a_restart_and_a_second_instance_keep_the_admin_logged_in(db_url):
    name, password = make_admin(db_url)
    with keyless(db_url) as first, keyless(db_url) as second:
        r = first.post("/api/admin/login", json={"name": name, "password": password})
        assert r.status_code == 200
        cookie = dict(first.cookies)
        second.cookies.update(cookie)
        assert second.get("/api/admin/games").status_code == 200  # the other instance accepts it
    with keyless(db_url) as restarted:
        restarted.cookies.update(cookie)
        assert restarted.get("/api/admin/games").status_code == 200
    with TestClient(create_app(make_settings(db_url))) as configured:  # DOI_SECRET_KEY wins
        configured.cookies.update(cookie)
        assert configured.get("/api/admin/games").status_code == 401


def test_room_privacy_is_its_own_column_and_never_reaches_the_engine_options(client, db_url):
    room = create_room(client, 1, private=True)
    gid = room["id"]
    engine = sa.create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as c:
        private, options = c.execute(sa.text("SELECT private, options FROM games WHERE id = :i"), {"i": gid}).one()
    engine.dispose()
    options = json.loads(options) if isinstance(options, str) else options
    assert bool(private) is True and options == {}
    assert client.get(f"/api/games/{gid}").json()["private"] is True
    assert gid not in [g["id"] for g in client.get("/api/games?status=open").json()]
    _, game = client.portal.call(client.app.state.store.load, gid)
    assert game.options == {}


def migrate_private_flag(url: str) -> None:
    upgrade(url, "0001")
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    insert = sa.text("INSERT INTO games (id, revolutionaries, options, seed, status, version, creator_ip, "
                     "created_at, updated_at) VALUES (:id, 1, :o, 1, 'open', 0, '', :t, :t)")
    now = "2026-11-30 10:00:00"
    with engine.begin() as c:
        c.execute(insert, {"id": "hidden", "o": json.dumps({"_private": True, "events": "all"}), "t": now})
        c.execute(insert, {"id": "listed", "o": json.dumps({"_private": False}), "t": now})
    upgrade(url)
    with engine.connect() as c:
        rows = {r[0]: (bool(r[1]), r[2]) for r in c.execute(sa.text("SELECT id, private, options FROM games"))}
    rows = {k: (p, json.loads(o) if isinstance(o, str) else o) for k, (p, o) in rows.items()}
    assert rows == {"hidden": (True, {"events": "all"}), "listed": (False, {})}
    command.downgrade(alembic_config(url), "0001")
    with engine.connect() as c:
        back = {r[0]: r[1] for r in c.execute(sa.text("SELECT id, options FROM games"))}
    back = {k: json.loads(o) if isinstance(o, str) else o for k, o in back.items()}
    assert back == {"hidden": {"events": "all", "_private": True}, "listed": {"_private": False}}
    engine.dispose()


def test_migration_0002_moves_private_out_of_the_options_and_back_on_sqlite(tmp_path):
    migrate_private_flag(f"sqlite:///{tmp_path / 'old.sqlite3'}")


def test_migration_0002_moves_private_out_of_the_options_and_back_on_postgresql():
    name = f"doi_migrate_{secrets.token_hex(4)}"
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            migrate_private_flag(PG_ADMIN_URL.rsplit("/", 1)[0] + "/" + name)
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_name_and_chat_limits_come_from_the_settings_on_the_server_and_in_the_pages(tmp_path):
    server = ServerProcess(f"sqlite:///{tmp_path / 'limits.sqlite3'}", tmp_path,
                           env={"DOI_MAX_NAME_CHARS": "12", "DOI_MAX_CHAT_CHARS": "20"})
    server.start()
    try:
        with httpx.Client(base_url=server.base) as http:
            room = create_room(http, 1)
            gid = room["id"]
            assert 'maxlength="12"' in http.get(f"/games/{gid}/join/rev1").text
            assert 'maxlength="20"' in http.get(f"/games/{gid}/table").text
            assert http.post(f"/api/games/{gid}/seats/rev1", json={"name": "x" * 13}).status_code == 422
            token = http.post(f"/api/games/{gid}/seats/rev1", json={"name": "x" * 12}).json()["token"]

        async def chat():
            async with websockets.connect(f"{server.ws_base}/ws/games/{gid}?token={token}") as ws:
                assert json.loads(await ws.recv())["type"] == "view"
                answers = []
                for text in ("y" * 21, "y" * 20):
                    await ws.send(json.dumps({"type": "chat", "text": text}))
                    answers.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
                return answers

        too_long, fits = run_async(chat())
        assert too_long["type"] == "error" and "20 characters" in too_long["message"]
        assert fits["type"] == "chat" and fits["text"] == "y" * 20
    finally:
        server.stop()
