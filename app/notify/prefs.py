"""Which notifications an account wants, per event: your turn, a game of yours started, it ended,
chat at a table of yours, and a deadline near in a correspondence game. Each goes to every channel
the account has (a verified e-mail address, each browser that allowed Web Push), only while you
are not at that game's table. Chat is off until you turn it on (and then at most one notice per
game in DOI_CHAT_NOTIFY_MINUTES): a lively table would otherwise fill an inbox."""
from __future__ import annotations

DEFAULTS = {"turn": True, "start": True, "finish": True, "chat": False, "deadline": True}
EVENTS = tuple(DEFAULTS)


def wanted(stored: dict | None) -> dict[str, bool]:
    out = dict(DEFAULTS)
    for event, on in (stored or {}).items():
        if event in out and type(on) is bool:
            out[event] = on
    return out
