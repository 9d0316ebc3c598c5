"""Request and message schemas (pydantic). Every input is validated against one of these."""
from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from fastapi import Path
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StringConstraints,
    WithJsonSchema,
)

from app.infra.models import GameRow, SeatRow
from app.infra.settings import get_settings
from app.play.lessons import lesson_of
from app.play.rooms import seat_infos
from app.seats.hook_urls import MAX_URL_CHARS, URL_PATTERN, check_url
from bots.search import DEFAULT_THINK_MS, MAX_THINK_MS, MIN_THINK_MS

LIMITS = get_settings()  # the length limits are read once, from the environment (DOI_MAX_*)


def no_nul(text: str) -> str:
    if "\x00" in text:
        raise ValueError("must not contain NUL characters")
    return text


# A name: no control characters (PostgreSQL text cannot hold a NUL; a newline or tab has no
# place in a name) and no space at either end. The pattern is also the OpenAPI document's.
NAME_PATTERN = r"^[^\x00-\x1f\x7f ]([^\x00-\x1f\x7f]*[^\x00-\x1f\x7f ])?$"


def plain_name(value: str) -> str:
    if any(ord(c) < 32 or ord(c) == 127 for c in value):
        raise ValueError("must not contain control characters (such as NUL, tab or newline)")
    if not re.fullmatch(NAME_PATTERN, value):
        raise ValueError("must not begin or end with a space")
    return value


Name = Annotated[str, StringConstraints(min_length=1, max_length=LIMITS.max_name_chars), AfterValidator(plain_name),
                 WithJsonSchema({"type": "string", "minLength": 1, "maxLength": LIMITS.max_name_chars, "pattern": NAME_PATTERN})]
# Game ids are 12 URL-safe characters (secrets.token_urlsafe(9)); anything else is refused before
# it reaches the database (a NUL in the path gave 500 on PostgreSQL).
GAME_ID_PATTERN = r"^[A-Za-z0-9_-]{1,32}$"
GameId = Annotated[str, Path(pattern=GAME_ID_PATTERN, description="The game's id (URL-safe, at most 32 characters).")]


class ErrorBody(BaseModel):
    """Every 4xx answer: a message for people and a code for programs."""
    detail: str
    code: str
    errors: list[dict[str, Any]] | None = Field(default=None, description="422: each invalid field, with its "
                                                "location and message.")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


ERRORS = {
    400: "The body is not valid JSON.",
    401: "A seat token or the admin login is needed (or the name or password is wrong).",
    403: "The token, invite or CSRF token is not valid for this.",
    404: "No such game or seat.",
    413: "The body is larger than the route accepts.",
    409: "The room's state does not allow it: the seat is taken, the game has started or is over, or the "
         "move answers an older version (code `stale`).",
    422: "Invalid input: a field of the wrong type or range, an unknown option, an illegal move (the engine's reason).",
    429: "A rate limit: wait the seconds in Retry-After.",
    503: "The database does not answer.",
}


def errors(*codes: int) -> dict:
    """OpenAPI `responses` for the error statuses a route can answer (all with ErrorBody)."""
    out: dict = {}
    for code in codes:
        out[code] = {"model": ErrorBody, "description": ERRORS[code]}
        if code == 429:
            out[code]["headers"] = {"Retry-After": {"description": "Seconds to wait before trying again.",
                                                    "schema": {"type": "integer"}}}
    return out


def _options_schema() -> dict:
    """The exact shape engine.options.validate_options accepts, for the OpenAPI document."""
    from engine.options import OPTIONS
    from engine.public import seats_for

    colours, seats = ["red", "blue", "yellow", "green"], list(seats_for(4, {"ruleset": "zhukov"}))
    props = {}
    for name, spec in OPTIONS.items():
        kind = spec["type"]
        if kind is bool:
            prop: dict = {"type": "boolean"}
        elif kind is str:
            prop = {"type": "string", "enum": list(spec["choices"])}
        elif kind is int:
            prop = {"type": "integer", "minimum": spec["range"][0], "maximum": spec["range"][1]}
        elif kind is dict:
            prop = {"type": "object", "propertyNames": {"enum": seats}, "additionalProperties": {"enum": colours}}
        else:
            prop = {"type": "array", "items": {"enum": colours}}
        props[name] = {**prop, "description": spec["doc"]}
    return {"properties": props, "additionalProperties": False}


SeatName = Literal["soviet", "rev1", "rev2", "rev3", "rev4"]
Ruleset = Literal["conflict", "zhukov"]
# How fast the room's bots move (app.seats.seat_bots.PACE_SECONDS): at once, ~0.3 s, ~1 s a move.
BotPace = Literal["instant", "quick", "normal"]
BotLevel = Literal["easy", "normal", "hard"]


class LivePace(Strict):
    """No clock."""
    mode: Literal["live"]


class ClockPace(Strict):
    """A chess clock: `minutes` per person's seat for the whole game, running only while the engine
    waits for that seat."""
    mode: Literal["clock"]
    minutes: StrictInt = Field(ge=1, le=600)


class CorrespondencePace(Strict):
    """`hours` for each decision."""
    mode: Literal["correspondence"]
    hours: StrictInt = Field(ge=1, le=720)


# How fast the game goes (app.seats.clocks); a seat whose time runs out is played by a bot until its owner
# takes it back.
Pace = Annotated[LivePace | ClockPace | CorrespondencePace, Field(discriminator="mode")]


def webhook_url(url: str) -> str:
    return check_url(url)  # (whether its address may be called is the route's check: settings)


def _webhook_schema() -> dict:
    return {"type": "string", "maxLength": MAX_URL_CHARS, "pattern": URL_PATTERN}


WebhookUrl = Annotated[str, AfterValidator(webhook_url), WithJsonSchema(_webhook_schema())]


class CreateGame(Strict):
    revolutionaries: StrictInt = Field(ge=1, le=4, description="Number of Revolutionary players: 1-3 in the "
                                       "Conflict ruleset, 1-4 in the Zhukov ruleset.")
    ruleset: Ruleset = Field(default="conflict", description="conflict: a Soviet seat against the Revolutionaries; "
                             "zhukov: 1-4 Revolutionaries against the General Zhukov deck, no Soviet seat. The same "
                             "as options.ruleset (give one, or both the same).")
    options: dict[str, Any] = Field(default_factory=dict, json_schema_extra=_options_schema(),
                                    description="Engine options. Integers are JSON integers (`1.0` is refused); "
                                                "`player_powers` gives each named seat its own colour and names "
                                                "only seats the room has.")
    private: StrictBool = Field(default=False, description="Private rooms are not listed; seats need their invite.")
    bots: dict[SeatName, BotLevel] = Field(
        default_factory=dict, description="Seats the server plays, with the bot's level: 'easy' (random legal moves), "
        "'normal' (the greedy bot) or 'hard' (a search over what its seat may know); only seats the room has. They "
        "are claimed at creation; the game starts once the other seats are.")
    bot_think_ms: StrictInt | None = Field(
        default=None, ge=MIN_THINK_MS, le=MAX_THINK_MS, description="The hard bots' think budget: CPU milliseconds "
        f"per decision ({MIN_THINK_MS}-{MAX_THINK_MS}; default {DEFAULT_THINK_MS}).")
    pace: Pace = Field(default_factory=lambda: LivePace(mode="live"),
                       description="Live (no clock, the default), a chess clock, or correspondence.")
    bot_pace: BotPace = Field(default="quick", description="How fast the room's bots move: 'instant', 'quick' "
                              "(about 0.3 s a move, the default: a solo Soviet phase of a bot takes about 3 s) or "
                              "'normal' (about 1 s a move).")
    webhook: WebhookUrl | None = Field(
        default=None, description="An http(s) URL that gets a JSON POST {game, seat, version, link, id} each time "
        "a seat's turn begins (after the move commits; retried with backoff). Shown to nobody, not even back.")
    webhook_format: Literal["json", "discord", "slack"] | None = Field(
        default=None, description="The webhook body's shape: 'json' (the generic one), 'discord' ({content}) or "
        "'slack' ({text}); left out: Discord's or Slack's when the URL is one of their webhooks, else 'json'.")


class CreatedGame(BaseModel):
    id: str
    invites: dict[str, str]
    spectate: str


def not_you(value: str) -> str:
    # Everyone else reads a seat by its name ("Waiting for You", "You discards"): "you" would
    # name a different person on each screen. A player's own screen says "you" by itself.
    if value.strip().casefold() == "you":
        raise ValueError("must be a name others can read: 'You' would mean someone else on their screens")
    return value


PlayerName = Annotated[Name, AfterValidator(not_you)]


class ClaimSeat(Strict):
    name: PlayerName
    invite: str | None = Field(default=None, max_length=64)


class SeatToken(BaseModel):
    game_id: str
    seat: str
    token: str


class SeatInfo(BaseModel):
    seat: str
    name: str | None
    claimed: bool
    bot: BotLevel | None = Field(default=None, description="The level of the bot playing this seat; null: a person.")
    zombie: bool = Field(default=False, description="A bot plays this person's seat while they are away; their "
                         "resume link takes it back.")


class GameSummary(BaseModel):
    id: str
    status: str
    revolutionaries: int
    options: dict[str, Any]
    private: bool = False
    version: int
    seats: list[SeatInfo]
    result: dict | None = None
    day: int | None = None
    pace: dict[str, Any] | None = Field(default=None, description="The room's pace (null: live, no clock).")
    bot_pace: BotPace = Field(default="normal", description="How fast the room's bots move.")
    lesson: str | None = Field(default=None, description="The lesson this room is (`first_game`: the room "
                               "`POST /api/learn` makes, whose table shows the coach); null for every other room.")


def summary(row: GameRow, seats: list[SeatRow], day: int | None = None) -> GameSummary:
    return GameSummary(id=row.id, status=row.status, revolutionaries=row.revolutionaries,
                       options=row.options, private=row.private, version=row.version,
                       seats=[SeatInfo(**s) for s in seat_infos(seats)], result=row.result, day=day,
                       pace=row.pace, bot_pace=row.bot_pace or "normal", lesson=lesson_of(row.seed_key))


class HintRequest(Strict):
    version: StrictInt = Field(ge=0, le=2**31 - 1, description="The version of the view the hint is for (the one on your "
                               "screen): a JSON integer. An older one answers `409 stale`.")


class HintAnswer(BaseModel):
    """What the hard bot would do in your seat's place: one of your legal actions at `version`."""
    version: int
    index: int = Field(description="The action's place in your view's `actions` at that version.")
    action: dict[str, Any] = Field(description="The action itself, equal to `actions[index]` (the client words it "
                                   "as it words that choice's button).")
    by: Literal["hard", "normal"] = Field(description="'hard': the search's choice; 'normal': the greedy bot's, "
                                          "when the search missed its deadline.")
    playouts: int = Field(description="How many games the search played out to choose (0: nothing to weigh).")


class LearnRequest(Strict):
    lesson: Literal["first_game"] = Field(default="first_game", description="Which lesson (one so far).")


class AdminLogin(Strict):
    name: Name
    password: str = Field(min_length=1, max_length=200)


# ----- websocket messages -------------------------------------------------------------------------
class ActionMessage(Strict):
    type: Literal["action"]
    version: int = Field(ge=0, strict=True)
    action: dict[str, Any]


class ChatMessage(Strict):
    """A chat line. `channel`: "players" (the table's talk, which everyone reads) or "spectators"
    (the watchers' own, which a player reads only after showing it). Left out: a spectator's line
    goes to the spectators' channel, anyone else's to the players'. A spectator may not write
    in the players' channel."""

    type: Literal["chat"]
    text: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=LIMITS.max_chat_chars),
                    AfterValidator(no_nul)]
    channel: Literal["players", "spectators"] | None = None


class ChannelsMessage(Strict):
    """A player shows (true) or hides (false, the default of every new socket) the spectators'
    chat channel. Showing it sends its recent lines, then every new one; hidden, none is sent.
    Spectators and admins always read it."""

    type: Literal["channels"]
    spectators: StrictBool


class PingMessage(Strict):
    type: Literal["ping"]


class AuthMessage(Strict):
    """The seat token, sent as the socket's first frame instead of in the URL."""

    type: Literal["auth"]
    token: Annotated[str, StringConstraints(min_length=1, max_length=64), AfterValidator(no_nul)]


class ServerView(BaseModel):
    type: Literal["view"] = "view"
    version: int
    status: str
    seat: str
    seats: list[SeatInfo]
    view: dict[str, Any]


class SyncMessage(Strict):
    """Ask for the full view of your seat (a client that cannot apply a patch)."""

    type: Literal["sync"]


class ServerPatch(BaseModel):
    """The change from version `base` to `version` of your seat's view (after a full view; not on
    sockets opened with `?views=full`): a JSON Patch (RFC 6902) on the `view` object."""

    type: Literal["patch"] = "patch"
    version: int
    base: int
    status: str
    patch: list[dict[str, Any]]


class ServerChat(BaseModel):
    type: Literal["chat"] = "chat"
    seat: str
    name: str
    text: str
    at: str
    channel: Literal["players", "spectators"] = "players"


class ServerError(BaseModel):
    type: Literal["error"] = "error"
    message: str
    code: str = "invalid"
