"""The body of a room webhook in the receiver's own format: the generic JSON (for a program of your
own), Discord's (`content`) or Slack's (`text`), so a turn notice can go straight to a chat
channel. A room's creator chooses with `webhook_format`; without it, a Discord or Slack webhook URL
is recognised by its host. The text is the server's own (seat labels, the game's id, the table's
link): nothing a player typed, and never a seat token."""
from __future__ import annotations

from urllib.parse import urlsplit

FORMATS = ("json", "discord", "slack")
SEAT_LABEL = {"soviet": "the Soviet commander", "rev1": "Revolutionary 1", "rev2": "Revolutionary 2",
              "rev3": "Revolutionary 3", "rev4": "Revolutionary 4"}
DISCORD_HOSTS = ("discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com")


def detect(url: str) -> str:
    """The format a webhook URL's service expects: Discord's, Slack's, or the generic JSON."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if host in DISCORD_HOSTS and parts.path.startswith("/api/webhooks/"):
        return "discord"
    if host == "hooks.slack.com":
        return "slack"
    return "json"


def turn_body(fmt: str, gid: str, seat: str, version: int, link: str) -> dict:
    what = f"It is {SEAT_LABEL.get(seat, seat)}'s turn in Days of Ire (game {gid})."
    if fmt == "discord":
        # No mentions at all: a notice must never ping @everyone or a role.
        return {"content": f"{what} Open the table: {link}", "allowed_mentions": {"parse": []}}
    if fmt == "slack":
        # Slack's mrkdwn: <url|label>; the link holds none of & < > (an id and fixed path parts).
        return {"text": f"{what} <{link}|Open the table>"}
    return {"event": "turn", "game": gid, "seat": seat, "version": version, "link": link,
            "id": f"{gid}:{version}:{seat}"}
