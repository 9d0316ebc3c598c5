"""A staged position on the real table page: the page is the server's (/games/ID/table, its scripts,
the catalog), but its game socket is answered here from an engine game staged in this process
(`g.view(seat, texts=False)`, what the server sends), so a test can show any position the rules allow
and see what a player would click. Actions the page sends are applied to the staged game (or kept
without applying, `apply=False`), and the new view is pushed as the server would."""
from __future__ import annotations

import json
import re

from engine import IllegalAction

STAGED_GID = "stagedgame01"


class StagedTable:
    def __init__(self, browser, base: str, game, seat: str | None, size=(1280, 800), names: dict | None = None,
                 apply: bool = True, errors: list | None = None):
        self.g, self.seat, self.apply = game, seat or "spectator", apply
        self.version, self.sent, self.ws = 1, [], None
        names = names or {}
        self.seats = [{"seat": s, "name": names.get(s, f"Player {s}"), "claimed": True, "bot": None, "zombie": False}
                      for s in game.seats]
        self.errors = errors if errors is not None else []
        self.ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, device_scale_factor=1)
        self.page = self.ctx.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.route_web_socket(re.compile(r"/ws/games/"), self._route)
        if seat:
            self.page.goto(base + "/rules")
            self.page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                               [f"doi:seat:{STAGED_GID}", json.dumps({"seat": seat, "token": "staged", "name": "staged"})])
        self.page.goto(f"{base}/games/{STAGED_GID}/table")
        self.wait_version(self.version)

    def _route(self, ws) -> None:
        self.ws = ws
        ws.on_message(self._on_message)
        if self.seat == "spectator":
            self.push()

    def _on_message(self, message) -> None:
        m = json.loads(message)
        if m.get("type") in ("auth", "sync"):
            self.push()
        elif m.get("type") == "action":
            self.sent.append(m["action"])
            if not self.apply:
                return
            try:
                self.g.apply(self.seat, m["action"])
            except IllegalAction as e:
                self.ws.send(json.dumps({"type": "error", "code": "illegal", "message": str(e)}))
                return
            self.version += 1
            self.push()

    def push(self) -> None:
        self.ws.send(json.dumps({"type": "view", "version": self.version, "status": "active", "seat": self.seat,
                                 "seats": self.seats, "view": self.g.view(self.seat, texts=False)}))

    def send(self, frame: dict) -> None:
        self.ws.send(json.dumps(frame))

    def restage(self) -> None:
        """After editing the staged game by hand: a new version, pushed."""
        self.g.invalidate()
        self.version += 1
        self.push()
        self.wait_version(self.version)

    def wait_version(self, v: int, timeout: float = 15_000) -> None:
        self.page.wait_for_function(f"() => +document.getElementById('table').dataset.version === {v}", timeout=timeout)

    def close(self) -> None:
        self.ctx.close()
