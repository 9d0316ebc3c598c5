"""Importing a game record (admin): read, checked and replayed away from the event loop.

A record of 100,000 actions takes seconds of pure-Python engine time to replay. Run on the event
loop, it froze every game of the instance for that long (issue 30: 27 s on SQLite). In a thread it
would still take the GIL from the loop for most of that time, so the whole check (JSON, shape,
replay) runs in a worker process; the loop only hands over the bytes and writes the rows it gets
back, a chunk per transaction.

Limits, refused before any work: a body of more than IMPORT_MAX_BYTES (413), more than
IMPORT_MAX_ACTIONS actions (422). docs/protocol.md states them.
"""
from __future__ import annotations

import asyncio
import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Annotated, Any

import orjson
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StringConstraints,
    ValidationError,
    model_validator,
)

from engine import IllegalAction, replay

IMPORT_MAX_BYTES = 16 * 1024 * 1024  # a 100,000-action record of a real game is ~6 MB
IMPORT_MAX_ACTIONS = 100_000

# An int seed is an older game's (it must fit the BIGINT column); a seed key is hex (engine/rng.py).
LegacySeed = Annotated[StrictInt, Field(ge=-(2**63), lt=2**63)]
SeedKey = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{32,64}$")]


def _storable(value: Any) -> None:
    """Every string of the record must be one the database can hold: PostgreSQL's json refuses a NUL,
    and nothing encodes a lone surrogate as UTF-8 (the answer echoing it failed too)."""
    if isinstance(value, str):
        if "\x00" in value:
            raise ValueError("must not contain NUL characters")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError("must not contain lone surrogates") from None
    elif isinstance(value, dict):
        for k, v in value.items():
            _storable(k)
            _storable(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _storable(v)


class Record(BaseModel):
    """A game record, as `GET /api/admin/games/{id}/export` gives it."""
    model_config = ConfigDict(extra="forbid")
    revolutionaries: StrictInt = Field(ge=1, le=4)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: LegacySeed | SeedKey = Field(description="A seed key (32-64 lowercase hex digits) or an older "
                                                   "game's integer seed (-2^63 <= seed < 2^63).")
    actions: list[tuple[str, dict[str, Any]]] = Field(max_length=IMPORT_MAX_ACTIONS)

    @model_validator(mode="after")
    def _text_the_database_can_hold(self) -> Record:
        _storable(self.options)
        _storable(self.actions)
        return self


@dataclass(frozen=True)
class Checked:
    """A record that replays: what the store writes."""
    revolutionaries: int
    options: dict
    seed: int | str
    actions: list[tuple[str, str]]  # (seat, the action as JSON text)
    state: str  # the final state as JSON text: the snapshot that spares the first load a replay
    result: dict | None
    finished: bool


class Refused(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def _printable(text: str) -> str:
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def check_record(raw: bytes) -> Checked:
    """Parse, validate and replay one record (in the worker process). Raises `Refused`."""
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as e:
        raise Refused(f"The record is not JSON: {e}") from None
    try:
        record = Record.model_validate(data).model_dump()
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        raise Refused(_printable(f"{where}: {first['msg']}" if where else first["msg"])) from None
    record["actions"] = [list(a) for a in record["actions"]]
    try:
        game = replay(record)
    except (IllegalAction, ValueError, KeyError, TypeError) as e:
        reason = e.reason if isinstance(e, IllegalAction) else str(e)
        raise Refused(_printable(f"This record does not replay: {reason}")) from None
    return Checked(record["revolutionaries"], game.options, record["seed"],
                   [(seat, json.dumps(action)) for seat, action in record["actions"]],
                   orjson.dumps(game.to_dict()).decode(), game.result, game.result is not None)


_POOL: ProcessPoolExecutor | None = None


def _pool() -> ProcessPoolExecutor:
    """One worker process, started on first use and kept (imports are rare; a start costs ~0.3 s).
    `spawn`: a forked copy of a running server would inherit its threads' locks and sockets."""
    global _POOL
    if _POOL is None:
        _POOL = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    return _POOL


async def check_off_loop(raw: bytes) -> Checked:
    return await asyncio.get_running_loop().run_in_executor(_pool(), check_record, raw)


def shutdown() -> None:
    global _POOL
    if _POOL is not None:
        # A replay in progress would outlive the server (a spawned child is not ended with its
        # parent): end the workers too. The executor keeps no public list of them.
        workers = list((getattr(_POOL, "_processes", None) or {}).values())
        _POOL.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            if worker.is_alive():
                worker.terminate()
        _POOL = None
