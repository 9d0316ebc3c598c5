"""Following a socket the way the browser does (issue 14): a full view, then a JSON Patch per move,
applied with an independent implementation (`jsonpatch`), so that a test reads whole views."""
from __future__ import annotations

import jsonpatch

from tests.server.helpers import recv_until


def follow(have: dict | None, msg: dict) -> dict:
    """The full view message a socket holds after `msg` (a `view` or a `patch` on `have`)."""
    if msg["type"] == "view":
        return msg
    assert msg["type"] == "patch", msg
    assert have is not None and msg["base"] == have["version"], (msg["base"], have and have["version"])
    return {**have, "version": msg["version"], "status": msg["status"],
            "view": jsonpatch.apply_patch(have["view"], msg["patch"])}


def recv_version(ws, version: int | None = None) -> dict:
    """The next view or patch (of `version`, when given)."""
    return recv_until(ws, lambda m: m["type"] in ("view", "patch") and (version is None or m["version"] == version))
