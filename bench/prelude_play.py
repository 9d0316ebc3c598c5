"""One `doi serve` run with a prelude of Python code before the app (a tracer that writes its
findings at exit), driven by the load client (bench/bgio/load.js) until the play ends: the shared
step of bench.stalls and bench.statements."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def play_with_prelude(root: str, db_url: str, workdir: Path, prelude: str, env: dict,
                      rooms: int, think: int, seconds: int) -> dict:
    """Serve from checkout `root` on `db_url` with `prelude` run first (`env` added to the server's
    environment), drive it with load.js, stop it with SIGINT (so the prelude's atexit runs) and
    return load.js's raw result."""
    import httpx

    from bench.crash import ServerProcess, free_port

    sp = ServerProcess(db_url, workdir)
    port = free_port()
    code = f"import sys; sys.argv = ['doi', 'serve', '--port', '{port}']\n{prelude}\nfrom app.cli import main\nmain()\n"
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=root, env=dict(sp.env, **env),
                            stdout=subprocess.DEVNULL, stderr=open(workdir / "log", "wb"))
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                if httpx.get(base + "/readyz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        cmd = ["node", str(HERE / "bench" / "bgio" / "load.js"), "--target", "doi", "--url", base, "--rooms", str(rooms),
               "--think", str(think), "--seconds", str(seconds), "--server-pid", str(proc.pid)]
        return json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(60)
