"""A non-editable install works (issue 30, item 11): the wheel carries migrations/, templates/ and
static/, so a fresh virtualenv holding only the wheel and its dependencies migrates a new database
with `doi db upgrade` and serves the lobby, its scripts and /healthz. Before, the wheel had none of
them and `doi db upgrade` failed with "Path doesn't exist: .../site-packages/migrations"."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow  # building the wheel and a virtualenv with its dependencies: ~25-40 s


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(cmd: list, **kw) -> subprocess.CompletedProcess:
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600, **kw)
    assert done.returncode == 0, f"{cmd} exited {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A virtualenv outside the repository holding the project's wheel (not an editable install)."""
    tmp = tmp_path_factory.mktemp("wheel")
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp / "dist"), str(ROOT)])
    wheel, = (tmp / "dist").glob("days_of_ire_online-*.whl")
    run([sys.executable, "-m", "venv", str(tmp / "venv")])
    run([str(tmp / "venv/bin/pip"), "install", "-q", str(wheel)])
    return tmp


def clean_env(**extra) -> dict:
    """The environment without anything that could import the repository's own tree or settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DOI_", "PYTHON", "VIRTUAL_ENV"))}
    return {**env, **extra}


def test_the_wheel_migrates_a_fresh_sqlite_database_and_serves_the_lobby(installed):
    venv, work = installed / "venv", installed / "run"
    work.mkdir()
    db = work / "fresh.sqlite3"
    env = clean_env(DOI_DATABASE_URL=f"sqlite:///{db}")
    where = run([str(venv / "bin/python"), "-c", "import app; print(app.__file__)"], cwd=work, env=env).stdout
    assert where.startswith(str(venv)), f"app imported from {where}, not from the installed wheel"

    upgraded = run([str(venv / "bin/doi"), "db", "upgrade"], cwd=work, env=env)
    assert "newest schema" in upgraded.stdout
    tables = run([str(venv / "bin/python"), "-c",
                  f"import sqlite3; print(sorted(r[0] for r in sqlite3.connect({str(db)!r}).execute("
                  "\"select name from sqlite_master where type='table'\")))"], cwd=work, env=env).stdout
    assert "'games'" in tables and "'alembic_version'" in tables

    port = free_port()
    log = open(work / "serve.log", "wb")  # noqa: SIM115 (closed below)
    server = subprocess.Popen([str(venv / "bin/doi"), "serve", "--port", str(port)], cwd=work, env=env,
                              stdout=log, stderr=subprocess.STDOUT)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                health = httpx.get(base + "/healthz", timeout=1)
                break
            except httpx.HTTPError:
                assert server.poll() is None and time.monotonic() < deadline, (work / "serve.log").read_text()[-3000:]
                time.sleep(0.2)
        assert health.status_code == 200
        lobby = httpx.get(base + "/")
        assert lobby.status_code == 200 and "text/html" in lobby.headers["content-type"]
        scripts = [s for s in lobby.text.split('"') if s.startswith("/static/") and s.endswith(".js")]
        assert scripts, "the lobby loads no script from /static/"
        for path in scripts:
            assert httpx.get(base + path).status_code == 200, path
        room = httpx.post(base + "/api/games", json={"revolutionaries": 1})
        assert room.status_code in (200, 201), room.text
        rules = httpx.get(base + "/rules")  # renders docs/rulings.md, which the wheel carries
        assert rules.status_code == 200 and 'id="ruling-R5"' in rules.text
    finally:
        server.terminate()
        server.wait(timeout=15)
        log.close()
    # The hard bot's position estimate travels with the bots package.
    models = run([str(venv / "bin/python"), "-c", "from bots.evaluate import _models; print(len(_models()))"],
                 cwd=work, env=env).stdout
    assert int(models) > 0

