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

from app.infra.security import ADMIN_COOKIE, Signer, new_token
from bench.crash import ServerProcess
from tests.server.test_admin import make_admin

ROOT = Path(__file__).resolve().parents[2]
ST = str(Path(sys.executable).with_name("st"))
EXAMPLES = 10  # per operation and phase: several hundred requests a run


def fuzz(workdir: Path, base: str, *headers: str) -> subprocess.CompletedProcess:
    args = [ST, "--config-file", str(Path(__file__).with_name("schemathesis.toml")), "run", f"{base}/openapi.json",
            "--checks", "all", "--max-examples", str(EXAMPLES), "--generation-deterministic", "--workers", "1",
            "--no-color", "--warnings", "off"]
    for h in headers:
        args += ["-H", h]
    env = dict(os.environ, SCHEMATHESIS_HOOKS="tests.server.schemathesis_hooks", PYTHONPATH=str(ROOT))
    return subprocess.run(args, cwd=workdir, env=env, capture_output=True, text=True, timeout=400)


def test_openapi_document_holds_under_schemathesis(db_url, tmp_path):
    name, _ = make_admin(db_url)
    # The default login limits (the fuzzed logins soon get 429 instead of a slow argon2 check each);
    # no login delay (the fuzzer's names vary; the delay has its own tests).
    server = ServerProcess(db_url, tmp_path, env={"DOI_LOGIN_ATTEMPTS_PER_ADDRESS": "10",
                                                  "DOI_LOGIN_ATTEMPTS_PER_NAME_ADDRESS": "5"})
    server.start()
    try:
        # The admin cookie a login would set, signed with the server's key (logins from this
        # address may be used up by earlier tests on the same database).
        csrf = new_token()
        cookie = Signer(server.env["DOI_SECRET_KEY"]).dumps({"admin": name, "csrf": csrf})
        assert httpx.get(f"{server.base}/api/admin/games", cookies={ADMIN_COOKIE: cookie}).status_code == 200
        visitor = fuzz(tmp_path, server.base)
        admin = fuzz(tmp_path, server.base, f"Cookie: {ADMIN_COOKIE}={cookie}", f"X-CSRF-Token: {csrf}")
    finally:
        server.stop()
    for run in (visitor, admin):
        assert run.returncode == 0, run.stdout[-12000:] + run.stderr[-2000:]
        assert " passed" in run.stdout and "Tested: " in run.stdout
