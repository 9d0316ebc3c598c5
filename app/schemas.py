"""Request and message schemas (pydantic). Every input is validated against one of these."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from .settings import get_settings

LIMITS = get_settings()  # the length limits are read once, from the environment (DOI_MAX_*)
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=LIMITS.max_name_chars)]


def no_nul(text: str) -> str:
    if "\x00" in text:
        raise ValueError("must not contain NUL characters")
    return text


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


SeatName = Literal["soviet", "rev1", "rev2", "rev3"]
BotLevel = Literal["easy", "normal"]


class CreateGame(Strict):
    revolutionaries: int = Field(ge=1, le=3, description="Number of Revolutionary players (1-3).")
    options: dict[str, Any] = Field(default_factory=dict, description="Engine options (see docs/protocol.md).")
    private: bool = Field(default=False, description="Private rooms are not listed; seats need their invite.")
    bots: dict[SeatName, BotLevel] = Field(
        default_factory=dict, description="Seats the server plays, with the bot's level: 'easy' (random legal moves) "
        "or 'normal' (the greedy bot). They are claimed at creation; the game starts once the other seats are.")


class CreatedGame(BaseModel):
    id: str
    invites: dict[str, str]
    spectate: str


class ClaimSeat(Strict):
    name: Name
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


class AdminLogin(Strict):
    name: Name
    password: str = Field(min_length=1, max_length=200)


# ----- websocket messages -------------------------------------------------------------------------
class ActionMessage(Strict):
    type: Literal["action"]
    version: int = Field(ge=0, strict=True)
    action: dict[str, Any]


class ChatMessage(Strict):
    type: Literal["chat"]
    text: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=LIMITS.max_chat_chars),
                    AfterValidator(no_nul)]


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


class ServerChat(BaseModel):
    type: Literal["chat"] = "chat"
    seat: str
    name: str
    text: str
    at: str


class ServerError(BaseModel):
    type: Literal["error"] = "error"
    message: str
    code: str = "invalid"
