"""The body of a room webhook in the receiver's own format: the generic JSON (for a program of your
own), Discord's (`content`) or Slack's (`text`), so a turn notice can go straight to a chat
channel (app.infra.chat_formats). A room's creator chooses with `webhook_format`; without it, a
Discord or Slack webhook URL is recognised by its host. The text is the server's own (seat labels,
the game's id, the table's link): nothing a player typed, and never a seat token."""
from __future__ import annotations

from app.infra.chat_formats import chat_body, detect

__all__ = ["detect", "turn_body"]
SEAT_LABEL = {"soviet": "the Soviet commander", "rev1": "Revolutionary 1", "rev2": "Revolutionary 2",
              "rev3": "Revolutionary 3", "rev4": "Revolutionary 4"}


def turn_body(fmt: str, gid: str, seat: str, version: int, link: str) -> dict:
    return chat_body(fmt, f"It is {SEAT_LABEL.get(seat, seat)}'s turn in Days of Ire (game {gid}).", link,
                     {"event": "turn", "game": gid, "seat": seat, "version": version, "link": link,
                      "id": f"{gid}:{version}:{seat}"})
