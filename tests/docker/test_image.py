"""The Docker image starts and serves (issue 30, item 11): built from the Dockerfile, run against a
fresh PostgreSQL database, it migrates it, serves a room created over REST whose seats are claimed
and a move made over the websocket, answers /healthz and its own HEALTHCHECK, and refuses to start
with the placeholder DOI_SECRET_KEY docker-compose.yml used to ship, before touching its database.

Before the fix the container stopped at `doi db upgrade` ("Path doesn't exist:
.../site-packages/migrations"). Skipped, with the reason, only where no Docker daemon answers
(`.ci/run` starts one on machines without an image registry: /work/shared/tools/docker-offline-base)."""
from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import time
from contextlib import ExitStack
from pathlib import Path

import httpx
import psycopg
import pytest
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[2]
IMAGE = "doi:smoke-test"  # one tag, rebuilt each run (the layer cache makes a rerun quick)
PG_ADMIN_URL = os.environ.get("DOI_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
OLD_COMPOSE_DEFAULT = "change-me-in-production"

pytestmark = pytest.mark.docker


def docker(*args: str, timeout: float = 120, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run(["docker", *args], capture_output=True, text=True, timeout=timeout)
    if check:
        assert done.returncode == 0, f"docker {' '.join(args)} exited {done.returncode}:\n{done.stderr[-3000:]}"
    return done


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def image() -> str:
    if shutil.which("docker") is None:
        pytest.skip("no docker command on this machine (.ci/run installs one with "
                    "/work/shared/tools/docker-offline-base where that tool exists)")
    info = subprocess.run(["docker", "info"], capture_output=True, text=True, timeout=60)
    if info.returncode != 0:
        pytest.skip(f"the Docker daemon does not answer, so the image cannot be built here: {info.stderr.strip()[-300:]}")
    started = time.monotonic()
    # Host networking: pip in the build reaches the package registry the way the host does.
    docker("build", "--network", "host", "-t", IMAGE, str(ROOT), timeout=900)
    print(f"\ndocker build of {IMAGE}: {time.monotonic() - started:.1f} s")
    # The image this build replaced, now untagged: ours only (the label), never anyone else's.
    docker("image", "prune", "-f", "--filter", "label=org.days-of-ire.image=doi", check=False)
    return IMAGE


@pytest.fixture
def fresh_database():
    """A new, empty PostgreSQL database (no migrations: the container runs them), dropped afterwards."""
    name = f"doi_docker_{secrets.token_hex(4)}"
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield PG_ADMIN_URL.rsplit("/", 1)[0] + "/" + name
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def tables(url: str) -> set[str]:
    with psycopg.connect(url) as conn:
        return {r[0] for r in conn.execute("select tablename from pg_tables where schemaname = 'public'")}


@pytest.fixture
def container(image, fresh_database):
    """The image run the way a deployment runs it (its own CMD), on host networking and a free port."""
    name, port = f"doi-smoke-{secrets.token_hex(4)}", free_port()
    docker("run", "-d", "--name", name, "--network", "host", "-e", f"PORT={port}",
           "-e", f"DOI_DATABASE_URL={fresh_database}", image)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(base + "/healthz", timeout=1)
                break
            except httpx.HTTPError:
                running = docker("inspect", "-f", "{{.State.Running}}", name).stdout.strip()
                logs = docker("logs", name, check=False)
                assert running == "true" and time.monotonic() < deadline, \
                    f"the container did not start serving:\n{logs.stdout[-2000:]}{logs.stderr[-3000:]}"
                time.sleep(0.5)
        yield {"name": name, "base": base, "port": port, "db": fresh_database}
    finally:
        docker("rm", "-f", name, check=False)


def next_view(ws) -> dict:
    while True:
        msg = json.loads(ws.recv(timeout=20))
        if msg["type"] == "view":
            return msg
        assert msg["type"] not in ("error",), msg


def test_the_container_migrates_a_fresh_database_and_plays_a_move(container):
    base = container["base"]
    health = httpx.get(base + "/healthz")
    assert health.status_code == 200 and health.json() == {"status": "ok"}
    assert httpx.get(base + "/readyz").status_code == 200  # the container reaches its database
    assert {"games", "seats", "actions", "alembic_version"} <= tables(container["db"])
    lobby = httpx.get(base + "/")
    assert lobby.status_code == 200 and "/static/" in lobby.text
    assert httpx.get(base + "/static/favicon.svg").status_code == 200

    room = httpx.post(base + "/api/games", json={"revolutionaries": 1})
    assert room.status_code in (200, 201), room.text
    gid = room.json()["id"]
    tokens = {}
    for seat in ("soviet", "rev1"):
        claim = httpx.post(f"{base}/api/games/{gid}/seats/{seat}", json={"name": f"{seat} player"})
        assert claim.status_code in (200, 201), claim.text
        tokens[seat] = claim.json()["token"]

    ws_url = f"ws://127.0.0.1:{container['port']}/ws/games/{gid}"
    with ExitStack() as open_sockets:
        socks = {seat: open_sockets.enter_context(connect(ws_url, max_size=2**22)) for seat in tokens}
        views = {}
        for seat, ws in socks.items():
            next_view(ws)  # the spectator's view, then the seat's once the token is sent
            ws.send(json.dumps({"type": "auth", "token": tokens[seat]}))
            views[seat] = next_view(ws)
            assert views[seat]["view"]["seat"] == seat
        seat = next(s for s, v in views.items() if v["view"]["actions"])
        action = next(a for a in views[seat]["view"]["actions"] if a["type"] not in ("undo", "cancel"))
        version = views[seat]["version"]
        socks[seat].send(json.dumps({"type": "action", "version": version, "action": action}))
        while True:  # the move comes back as a patch (or a view) of the next version
            msg = json.loads(socks[seat].recv(timeout=20))
            assert msg["type"] != "error", msg
            if msg["type"] in ("view", "patch") and msg["version"] == version + 1:
                break
    with psycopg.connect(container["db"]) as conn:  # the move is in the container's database
        assert conn.execute("select count(*) from actions where game_id = %s", (gid,)).fetchone()[0] == 1

    # The image's own HEALTHCHECK command, run as Docker runs it, on the port the container serves.
    check = json.loads(docker("inspect", "-f", "{{json .Config.Healthcheck.Test}}", container["name"]).stdout)
    assert check[0] == "CMD-SHELL"
    assert docker("exec", container["name"], "sh", "-c", check[1], check=False).returncode == 0
    assert httpx.get(base + "/healthz").status_code == 200


def test_the_container_refuses_to_start_with_the_placeholder_key(image, fresh_database):
    done = docker("run", "--rm", "--network", "host", "-e", f"PORT={free_port()}",
                  "-e", f"DOI_DATABASE_URL={fresh_database}", "-e", f"DOI_SECRET_KEY={OLD_COMPOSE_DEFAULT}",
                  image, timeout=120, check=False)
    assert done.returncode != 0
    assert "DOI_SECRET_KEY is refused" in done.stderr, done.stderr[-2000:]
    assert OLD_COMPOSE_DEFAULT not in done.stderr + done.stdout
    assert tables(fresh_database) == set()  # refused before migrating: the database is untouched
