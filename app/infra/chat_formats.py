"""Webhook bodies in a chat app's own JSON: Discord takes `content` (at most 2000 characters),
Slack `text` (mrkdwn, links as <url|label>); anything else gets the generic JSON the caller gives.
Used by room webhooks (app.seats.hook_formats) and account webhooks (app.notify.channels); pure,
so both layers may use it. Own code rather than `apprise`: apprise posts through `requests`
itself, past the address checks every webhook goes through (app.seats.webhooks.HookSender.post)."""
from __future__ import annotations

from urllib.parse import urlsplit

FORMATS = ("json", "discord", "slack")
DISCORD_HOSTS = ("discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com")
DISCORD_MAX = 2000


def detect(url: str) -> str:
    """The format a webhook URL's service expects: Discord's, Slack's, or the generic JSON."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if host in DISCORD_HOSTS and parts.path.startswith("/api/webhooks/"):
        return "discord"
    if host == "hooks.slack.com":
        return "slack"
    return "json"


def chat_body(fmt: str, text: str, link: str, generic: dict) -> dict:
    """`text` and a link to `link` in format `fmt`; `generic` for "json"."""
    if fmt == "discord":
        # No mentions at all: a notice must never ping @everyone or a role.
        content = f"{text} Open the table: {link}"
        return {"content": content[:DISCORD_MAX], "allowed_mentions": {"parse": []}}
    if fmt == "slack":
        escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        return {"text": f"{escaped} <{link}|Open the table>"}
    return generic
