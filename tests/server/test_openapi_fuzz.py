"""Issue 11 item 9: the OpenAPI document is true. A bounded, deterministic schemathesis run (every
check: no 5xx, every status code, content type, header and body as documented, schema-valid
requests accepted, schema-violating ones refused, Allow on 405) against a real `doi serve`,
once as a visitor and once logged in as an admin (so the admin operations get past 401).

It found 18 undocumented status codes, a 422 body not matching its schema, schema-valid names and
options refused, /metrics documented as JSON and three wrong Allow headers."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx

from bench.crash import ServerProcess
from tests.server.test_admin import make_admin

ROOT = Path(__file__).resolve().parents[2]
ST = str(Path(sys.executable).with_name("st"))
EXAMPLES = 12  # per operation and phase: about 700 requests a run


def fuzz(base: str, *headers: str) -> subprocess.CompletedProcess:
    args = [ST, "--config-file", str(Path(__file__).with_name("schemathesis.toml")), "run", f"{base}/openapi.json",
            "--checks", "all", "--max-examples", str(EXAMPLES), "--generation-deterministic", "--workers", "1",
            "--generation-database", "none", "--no-color", "--warnings", "off"]
    for h in headers:
        args += ["-H", h]
    env = dict(os.environ, SCHEMATHESIS_HOOKS="tests.server.schemathesis_hooks", PYTHONPATH=str(ROOT))
    return subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=400)


def test_openapi_document_holds_under_schemathesis(db_url, tmp_path):
    name, password = make_admin(db_url)
    server = ServerProcess(db_url, tmp_path)
    server.start()
    try:
        # Log in first: the visitor run's wrong guesses use up this address's login attempts.
        r = httpx.post(f"{server.base}/api/admin/login", json={"name": name, "password": password})
        assert r.status_code == 200, r.text
        visitor = fuzz(server.base)
        admin = fuzz(server.base, f"Cookie: doi_admin={r.cookies['doi_admin']}", f"X-CSRF-Token: {r.json()['csrf']}")
    finally:
        server.stop()
    for run in (visitor, admin):
        assert run.returncode == 0, run.stdout[-12000:] + run.stderr[-2000:]
        assert " passed" in run.stdout and "Tested: " in run.stdout
