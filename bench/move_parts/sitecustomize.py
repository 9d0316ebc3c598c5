"""Loaded by a `doi serve` started with this directory on its PYTHONPATH (`bench.move_cpu --parts`):
times each part of the move path with `time.thread_time` (the CPU of the loop's thread, where the
parts run; a part's time includes what it calls), and every second writes the totals so far, as
JSON, to $DOI_MOVE_PARTS_OUT. The clock starts at the first move after the wrappers are in; the
moves are counted by `Game.apply` calls. Nothing here runs unless DOI_MOVE_PARTS_OUT is set."""
from __future__ import annotations

import functools
import inspect
import json
import os
import sys
import threading
import time

# (label, module, class or None for the module itself, attribute)
PARTS = [
    ("the push (`Hub.push_views`: views, cut, patches, payloads, socket writes)", "app.play.hub", "Hub", "push_views"),
    ("views (`Game.view_parts`)", "engine.core", "Game", "view_parts"),
    ("undo marks (`Game.irreversible`, in the views)", "engine.core", "Game", "irreversible"),
    ("cut (`Cut.of`)", "app.play.wire", "Cut", "of"),
    ("patches (`Cut.patch`)", "app.play.wire", "Cut", "patch"),
    ("payloads (`patch_payload`, in the push)", "app.play.hub", None, "patch_payload"),
    ("the engine's step (`Game.apply`)", "engine.core", "Game", "apply"),
    ("the SQLite write (`MoveWriter._write_sqlite`)", "app.play.movelog", "MoveWriter", "_write_sqlite"),
    ("log lines (`Logger.info`)", "logging", "Logger", "info"),
]
MOVES = "the engine's step (`Game.apply`)"
# A checkout from before app/ had layers (issue 29) has these modules at app/'s top level.
BEFORE_LAYERS = {"app.play.hub": "app.hub", "app.play.wire": "app.wire", "app.play.movelog": "app.movelog"}

_spent: dict[str, float] = {}
_calls: dict[str, int] = {}
_start: list[float] = []


def _add(label: str, t0: float) -> None:
    _spent[label] = _spent.get(label, 0.0) + time.thread_time() - t0
    _calls[label] = _calls.get(label, 0) + 1


def _timed(label: str, orig):
    if inspect.iscoroutinefunction(orig):
        @functools.wraps(orig)
        async def timed(*args, **kwargs):
            t0 = time.thread_time()
            try:
                return await orig(*args, **kwargs)
            finally:
                _add(label, t0)
        return timed

    @functools.wraps(orig)
    def timed(*args, **kwargs):
        if label == MOVES and not _start:
            _start.append(time.process_time())
        t0 = time.thread_time()
        try:
            return orig(*args, **kwargs)
        finally:
            _add(label, t0)
    return timed


def _module(name: str):
    return sys.modules.get(name) or sys.modules.get(BEFORE_LAYERS.get(name, ""))


def _install() -> None:
    for label, module, owner, name in PARTS:
        target = _module(module) if owner is None else getattr(_module(module), owner, None)
        orig = inspect.getattr_static(target, name, None)
        if orig is None:  # a checkout without this part (an older one, measured beside): left at 0
            continue
        wrapped = _timed(label, getattr(target, name))
        # A classmethod stays one (it is called on the class: the bound original is wrapped).
        setattr(target, name, staticmethod(wrapped) if isinstance(orig, classmethod) else wrapped)


def _report(path: str) -> None:
    while not all(map(_module, ("app.play.hub", "app.play.movelog", "engine.core"))):  # the server's imports are done
        time.sleep(0.2)
    time.sleep(0.5)
    _install()
    while True:
        time.sleep(1.0)
        if not _start:
            continue
        out = {"cpu_s": time.process_time() - _start[0], "moves": _calls.get(MOVES, 0),
               "parts": {label: [_spent.get(label, 0.0), _calls.get(label, 0)] for label, *_ in PARTS}}
        with open(path + ".tmp", "w") as f:
            json.dump(out, f)
        os.replace(path + ".tmp", path)


if os.environ.get("DOI_MOVE_PARTS_OUT"):
    threading.Thread(target=_report, args=(os.environ["DOI_MOVE_PARTS_OUT"],), daemon=True, name="move-parts").start()
