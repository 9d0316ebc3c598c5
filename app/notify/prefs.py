"""Which notifications an account wants, per event. Only what is sent today is listed: a mail when
it is your turn, when a game of yours starts, and when it ends; each only while you are not at
that game's table."""
from __future__ import annotations

DEFAULTS = {"turn": True, "start": True, "finish": True}
EVENTS = tuple(DEFAULTS)


def wanted(stored: dict | None) -> dict[str, bool]:
    out = dict(DEFAULTS)
    for event, on in (stored or {}).items():
        if event in out and type(on) is bool:
            out[event] = on
    return out
