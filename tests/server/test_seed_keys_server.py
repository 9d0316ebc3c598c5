"""Randomness on the server (DESIGN §2, issue 30 item 1): every new game is seeded with a 128-bit
seed key that no seat or spectator ever sees; games created before keep their int seeds."""
from __future__ import annotations

import json
import secrets

import psycopg
import sqlalchemy as sa
from fastapi.testclient import TestClient

from app.infra.migrate import upgrade
from app.main import create_app
from engine import new_game
from tests.server.conftest import PG_ADMIN_URL, make_settings
from tests.server.helpers import auth, create_room, recv_view, started_room
from tests.server.test_admin import login, play_moves


def exported_seed(client, gid: str):
    return client.get(f"/api/admin/games/{gid}/export").json()["seed"]


def test_new_games_are_seeded_with_128_secret_bits(client, db_url):
    login(client, db_url)
    seeds = [exported_seed(client, create_room(client, 1 + i % 3)["id"]) for i in range(40)]
    assert all(isinstance(s, str) and len(s) == 32 and int(s, 16) >= 0 and s == s.lower() for s in seeds)
    assert len(set(seeds)) == 40
    # Every one of the 128 bits is drawn: across 40 draws each bit was set at least once (a bit
    # stuck at 0, as in the 31-bit seeds before, would fail this; chance of a false failure ~1e-10).
    union = 0
    for s in seeds:
        union |= int(s, 16)
    assert union == 2**128 - 1


def test_the_seed_key_is_in_its_own_column(client, db_url):
    gid = create_room(client, 1)["id"]
    engine = sa.create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as c:
        seed, key = c.execute(sa.text("SELECT seed, seed_key FROM games WHERE id = :i"), {"i": gid}).one()
    engine.dispose()
    assert seed is None and len(key) == 32


def test_no_view_summary_or_socket_message_shows_the_seed_or_the_prng_state(client, db_url):
    login(client, db_url)
    room, tokens = started_room(client, 2)
    gid = room["id"]
    play_moves(client, gid, tokens, 3)
    key = exported_seed(client, gid)
    rng_state = client.get(f"/api/admin/games/{gid}").json()["view"]["secrets"]["rng"]
    texts = [client.get(f"/api/games/{gid}").text, client.get(f"/api/games/{gid}/view").text]
    texts += [client.get(f"/api/games/{gid}/view", headers=auth(t)).text for t in tokens.values()]
    for token in (*tokens.values(), None):
        with client.websocket_connect(f"/ws/games/{gid}" + (f"?token={token}" if token else "")) as ws:
            texts.append(json.dumps(recv_view(ws)))
    for text in texts:
        assert key not in text and rng_state not in text


def test_a_seed_key_game_exports_and_imports_to_the_same_secrets(client, db_url):
    csrf = login(client, db_url)
    room, tokens = started_room(client, 1)
    play_moves(client, room["id"], tokens, 8)
    record = client.get(f"/api/admin/games/{room['id']}/export").json()
    assert isinstance(record["seed"], str)
    r = client.post("/api/admin/games/import", headers=csrf, json=record)
    assert r.status_code == 201, r.text
    copy, live = (client.get(f"/api/admin/games/{g}").json()["view"]["secrets"] for g in (r.json()["id"], room["id"]))
    assert copy == live
    assert exported_seed(client, r.json()["id"]) == record["seed"]


def keep_old_seeds_through_0008(url: str) -> None:
    """A game created before seed keys (int seed, two actions) keeps its seed and its record."""
    upgrade(url, "0007")
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    game = new_game(1, 2**62 + 12345)
    moves = []
    for _ in range(2):
        seat = game.active_seats()[0]
        action = game.legal_actions(seat)[0]
        game.apply(seat, action)
        moves.append((seat, action))
    now = "2026-12-01 10:00:00"
    with engine.begin() as c:
        c.execute(sa.text("INSERT INTO games (id, revolutionaries, options, private, seed, status, version, "
                          "creator_ip, created_at, updated_at) VALUES ('old', 1, '{}', false, :s, 'active', 2, '', "
                          ":t, :t)"), {"s": 2**62 + 12345, "t": now})
        for seat in ("soviet", "rev1"):
            c.execute(sa.text("INSERT INTO seats (game_id, seat, invite_hash) VALUES ('old', :s, 'x')"), {"s": seat})
        for i, (seat, action) in enumerate(moves, start=1):
            c.execute(sa.text("INSERT INTO actions (game_id, seq, seat, action, at) VALUES ('old', :q, :s, :a, :t)"),
                      {"q": i, "s": seat, "a": json.dumps(action), "t": now})
    upgrade(url)
    with engine.connect() as c:
        assert c.execute(sa.text("SELECT seed, seed_key FROM games WHERE id = 'old'")).one() == (2**62 + 12345, None)
        assert c.execute(sa.text("SELECT count(*) FROM actions WHERE game_id = 'old'")).scalar() == 2
        assert c.execute(sa.text("SELECT count(*) FROM seats WHERE game_id = 'old'")).scalar() == 2
    engine.dispose()
    with TestClient(create_app(make_settings(url))) as client:  # and the server replays it as before
        login(client, url)
        assert client.get("/api/admin/games/old/export").json()["seed"] == 2**62 + 12345
        view = client.get("/api/admin/games/old").json()["view"]
        assert view["secrets"] == json.loads(json.dumps(game.view("admin", texts=False)["secrets"]))


def test_migration_0008_keeps_the_seeds_and_rows_of_existing_games_on_sqlite(tmp_path):
    keep_old_seeds_through_0008(f"sqlite:///{tmp_path / 'old.sqlite3'}")


def test_migration_0008_keeps_the_seeds_and_rows_of_existing_games_on_postgresql():
    name = f"doi_migrate_{secrets.token_hex(4)}"
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            keep_old_seeds_through_0008(PG_ADMIN_URL.rsplit("/", 1)[0] + "/" + name)
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
