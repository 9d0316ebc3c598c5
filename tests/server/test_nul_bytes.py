"""Issue 11 item 8 (REST): PostgreSQL text cannot hold a NUL byte, so a NUL in a seat name, an
admin name or a game id in the path gave 500 there. Every such input is refused as bad input (4xx,
with a message saying what was wrong) on both databases, and nothing changes."""
from __future__ import annotations

import re

from tests.server.helpers import auth, create_room, started_room
from tests.server.test_admin import login

NUL = "\x00"


def test_nul_in_a_seat_name_is_refused(client):
    room = create_room(client, 1)
    r = client.post(f"/api/games/{room['id']}/seats/rev1", json={"name": f"a{NUL}b"})
    assert r.status_code == 422 and "control characters" in r.json()["detail"]
    assert not client.get(f"/api/games/{room['id']}").json()["seats"][1]["claimed"]


def test_nul_in_an_admin_name_is_refused(client):
    r = client.post("/api/admin/login", json={"name": f"admin{NUL}", "password": "whatever"})
    assert r.status_code == 422 and "control characters" in r.json()["detail"]


def test_nul_in_any_path_parameter_is_refused(client, db_url):
    """Every REST route with a path parameter, each parameter in turn a NUL, by every method."""
    csrf = login(client, db_url)
    room, tokens = started_room(client, 1)
    real = {"gid": room["id"], "seat": "rev1"}
    seen = 0
    for path, operations in client.get("/openapi.json").json()["paths"].items():
        params = re.findall(r"{(\w+)}", path)
        if not params:
            continue
        for method in operations:
            for bad in params:
                url = path
                for p in params:
                    url = url.replace(f"{{{p}}}", "%00" if p == bad else real[p])
                r = client.request(method, url, headers={**csrf, **auth(tokens["rev1"])},
                                   json={"name": "x", "version": 0, "action": {"type": "done"}})
                assert 400 <= r.status_code < 500, (method, url, r.status_code, r.text)
                assert isinstance(r.json()["detail"], str), (method, url, r.text)
                seen += 1
    assert seen >= 12  # every operation of the REST API with a path parameter
    assert client.get(f"/api/games/{room['id']}").json()["status"] == "active"
