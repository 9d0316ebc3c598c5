"""A webhook receiver for the notification tests: an HTTP server on 127.0.0.1 in a thread."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Receiver:
    """An HTTP server on 127.0.0.1 that records every POST body; `fail` first answers are 500s,
    and while `hold` is set each request waits (up to 30 s) for `release`."""

    def __init__(self, fail: int = 0, hold: bool = False):
        self.bodies: list[dict] = []
        self.hosts: list[str] = []
        self.attempts = 0
        self.fail = fail
        self.release = threading.Event()
        self.entered = threading.Event()
        self.hold = hold
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                receiver.attempts += 1
                receiver.hosts.append(self.headers["Host"])
                if receiver.hold:
                    receiver.entered.set()
                    receiver.release.wait(30)
                if receiver.attempts <= receiver.fail:
                    self.send_response(500)
                    self.end_headers()
                    return
                receiver.bodies.append(body)
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/turns?room=1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.release.set()
        self.server.shutdown()
        self.server.server_close()
