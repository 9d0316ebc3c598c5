"""Browser test fixtures: a real server in a subprocess (SQLite in a temp dir) and Debian's Chromium."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from .staged import StagedTable

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).parent / "artifacts"
DOI = str(Path(sys.executable).with_name("doi"))
ADMIN = ("admin", "browser-test-password")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, workdir: Path, port: int):
        self.workdir, self.port = workdir, port
        self.url = f"http://127.0.0.1:{port}"
        # One server serves every browser test of a worker, all from 127.0.0.1: the per-address room
        # and sign-up limits (tested in tests/server) would refuse the later tests' rooms with 429.
        self.env = {**os.environ, "DOI_SECRET_KEY": "browser-test-secret-0123456789abcdefghij",
                    "DOI_ROOMS_PER_HOUR": "100000", "DOI_ACCOUNTS_PER_HOUR": "10000"}
        self.env.pop("DOI_DATABASE_URL", None)
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen([DOI, "serve", "--port", str(self.port)], cwd=self.workdir, env=self.env,
                                     stdout=open(self.workdir / "server.log", "ab"), stderr=subprocess.STDOUT)
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("server did not start: " + (self.workdir / "server.log").read_text()[-2000:])

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        self.proc = None


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    pytest.importorskip("playwright")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    workdir = tmp_path_factory.mktemp("server")
    subprocess.run([DOI, "admin", "create", ADMIN[0], "--password", ADMIN[1]], cwd=workdir, check=True,
                   env={**os.environ, "DOI_SECRET_KEY": "browser-test-secret-0123456789abcdefghij"}, capture_output=True)
    srv = Server(workdir, free_port())
    srv.start()
    yield srv
    srv.kill()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


# A table opened on a staged game (tests/browser/staged.py); each is closed after the test, which
# fails if its page logged an error.
@pytest.fixture
def staged(server, browser):
    tables: list[StagedTable] = []

    def open_table(g, seat, **kw):
        t = StagedTable(browser, server.url, g, seat, **kw)
        tables.append(t)
        return t

    yield open_table
    for t in tables:
        assert not t.errors, t.errors
        t.close()
