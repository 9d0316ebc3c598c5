"""Admin: login (argon2), games by status, every secret, step-through replay, export/import,
abandon, delete; non-admins and CSRF-less requests are refused."""
from __future__ import annotations

import secrets

from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from app.cli import main as doi
from app.infra.db import sync_url
from app.infra.models import AdminRow
from app.infra.security import hash_password
from tests.server.helpers import auth, create_room, started_room


def make_admin(db_url: str) -> tuple[str, str]:
    name, password = f"admin_{secrets.token_hex(3)}", "correct horse battery"
    engine = create_engine(sync_url(db_url))
    with Session(engine) as s, s.begin():
        s.add(AdminRow(name=name, password_hash=hash_password(password)))
    engine.dispose()
    return name, password


def login(client, db_url) -> dict:
    name, password = make_admin(db_url)
    r = client.post("/api/admin/login", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return {"X-CSRF-Token": r.json()["csrf"]}


def play_moves(client, gid, tokens, n):
    for version in range(n):
        views = {s: client.get(f"/api/games/{gid}/view", headers=auth(t)).json() for s, t in tokens.items()}
        seat = next(s for s in tokens if views[s]["view"]["actions"])
        action = views[seat]["view"]["actions"][0]
        assert client.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                           json={"version": version, "action": action}).status_code == 200


def test_admin_password_is_stored_with_argon2(db_url):
    name, _ = make_admin(db_url)
    engine = create_engine(sync_url(db_url))
    with Session(engine) as s:
        row = s.query(AdminRow).filter_by(name=name).one()
        assert row.password_hash.startswith("$argon2")
    engine.dispose()


def test_doi_admin_create_command(db_url, monkeypatch, capsys):
    from app.infra.settings import get_settings

    monkeypatch.setenv("DOI_DATABASE_URL", db_url)
    get_settings.cache_clear()
    try:
        name = f"cli_{secrets.token_hex(3)}"
        assert doi(["admin", "create", name, "--password", "longenough1"]) == 0
        assert doi(["admin", "create", name, "--password", "longenough1"]) == 1  # exists
        assert doi(["admin", "create", "x" + name, "--password", "short"]) == 2
    finally:
        get_settings.cache_clear()


def test_wrong_password_and_non_admins_are_refused(client, db_url):
    name, _ = make_admin(db_url)
    assert client.post("/api/admin/login", json={"name": name, "password": "nope"}).status_code == 401
    assert client.get("/api/admin/games").status_code == 401
    room = create_room(client, 1)
    assert client.get(f"/api/admin/games/{room['id']}").status_code == 401
    assert client.post(f"/api/admin/games/{room['id']}/abandon").status_code == 401
    assert client.get(f"/api/admin/games/{room['id']}/export").status_code == 401


def test_state_changing_admin_requests_need_the_csrf_token(client, db_url):
    login(client, db_url)
    room = create_room(client, 1)
    r = client.post(f"/api/admin/games/{room['id']}/abandon")
    assert r.status_code == 403 and "CSRF" in r.json()["detail"]
    assert client.get(f"/api/admin/games/{room['id']}").json()["summary"]["status"] == "open"


def test_admin_sees_every_secret_and_lists_games_by_status(client, db_url):
    csrf = login(client, db_url)
    room, tokens = started_room(client, 2)
    gid = room["id"]
    data = client.get(f"/api/admin/games/{gid}").json()
    secrets_ = data["view"]["secrets"]
    assert len(secrets_["hands"]["rev1"]) == 5 and len(secrets_["headline_hand"]) == 4
    assert len(secrets_["rev_deck"]) > 0 and all(len(v) == 1 for v in secrets_["facedown"].values())
    assert gid in [g["id"] for g in client.get("/api/admin/games?status=active").json()]
    assert client.post(f"/api/admin/games/{gid}/abandon", headers=csrf).status_code == 204
    assert gid in [g["id"] for g in client.get("/api/admin/games?status=abandoned").json()]
    r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens["soviet"]),
                    json={"version": 0, "action": {"type": "done"}})
    assert r.status_code == 409 and "abandoned" in r.json()["detail"]


def test_step_through_replay_and_export_import(client, db_url):
    csrf = login(client, db_url)
    room, tokens = started_room(client, 1)
    gid = room["id"]
    play_moves(client, gid, tokens, 12)
    first = client.get(f"/api/admin/games/{gid}/replay?step=0").json()
    assert first["step"] == 0 and first["steps"] == 12 and first["action"] is None
    step5 = client.get(f"/api/admin/games/{gid}/replay?step=5").json()
    assert step5["action"][0] in ("soviet", "rev1") and "secrets" in step5["view"]
    last = client.get(f"/api/admin/games/{gid}/replay?step=12").json()
    live = client.get(f"/api/admin/games/{gid}").json()
    assert last["view"]["secrets"] == live["view"]["secrets"]
    assert client.get(f"/api/admin/games/{gid}/replay?step=13").status_code == 422
    record = client.get(f"/api/admin/games/{gid}/export").json()
    assert len(record["actions"]) == 12
    r = client.post("/api/admin/games/import", headers=csrf, json=record)
    assert r.status_code == 201
    copy = client.get(f"/api/admin/games/{r.json()['id']}").json()
    assert copy["view"]["secrets"] == live["view"]["secrets"]
    bad = dict(record, actions=record["actions"] + [["soviet", {"type": "teleport"}]])
    r = client.post("/api/admin/games/import", headers=csrf, json=bad)
    assert r.status_code == 422 and "does not replay" in r.json()["detail"]


def test_delete_a_game(client, db_url):
    csrf = login(client, db_url)
    room, tokens = started_room(client, 1)
    gid = room["id"]
    play_moves(client, gid, tokens, 3)
    assert client.delete(f"/api/admin/games/{gid}", headers=csrf).status_code == 204
    assert client.get(f"/api/games/{gid}").status_code == 404
    assert client.delete(f"/api/admin/games/{gid}", headers=csrf).status_code == 404


def test_deleting_a_game_tells_its_table_and_closes_their_sockets(client, db_url):
    """Players and watchers at a deleted game's table are told so and their sockets close as a socket
    for a game that does not exist is refused (4404: the table stops reconnecting), instead of a
    board that looks alive until the next move answers "No such game."."""
    from starlette.websockets import WebSocketDisconnect

    csrf = login(client, db_url)
    room, tokens = started_room(client, 1)
    gid = room["id"]
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens['soviet']}") as player, \
            client.websocket_connect(f"/ws/games/{gid}") as watcher:
        for ws in (player, watcher):
            while ws.receive_json()["type"] != "view":
                pass
        assert client.delete(f"/api/admin/games/{gid}", headers=csrf).status_code == 204
        for ws in (player, watcher):
            msg = ws.receive_json()
            while msg["type"] != "error":  # a presence or clock frame may come first
                msg = ws.receive_json()
            assert msg == {"type": "error", "message": "This game was deleted by an administrator.",
                           "code": "not_found"}
            try:
                ws.receive_json()
                raise AssertionError("the socket stayed open")
            except WebSocketDisconnect as closed:
                assert closed.code == 4404
