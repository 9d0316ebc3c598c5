"""Request and message schemas (pydantic). Every input is validated against one of these."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import Path
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints


def no_control_characters(value: str) -> str:
    """Names are shown to people and stored as text, which in PostgreSQL cannot hold a NUL."""
    if any(ord(c) < 32 or ord(c) == 127 for c in value):
        raise ValueError("must not contain control characters (such as NUL, tab or newline)")
    return value


Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40),
                 AfterValidator(no_control_characters)]
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


class CreateGame(Strict):
    revolutionaries: int = Field(ge=1, le=3, description="Number of Revolutionary players (1-3).")
    options: dict[str, Any] = Field(default_factory=dict, description="Engine options (see docs/protocol.md).")
    private: bool = Field(default=False, description="Private rooms are not listed; seats need their invite.")


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
    version: int = Field(ge=0)
    action: dict[str, Any]


class ChatMessage(Strict):
    type: Literal["chat"]
    text: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]


class PingMessage(Strict):
    type: Literal["ping"]


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
