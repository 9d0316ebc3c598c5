"""Prometheus metrics (served at /metrics) and structured JSON logs."""
from __future__ import annotations

import json
import logging
import sys
import time

import orjson
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest


class Metrics:
    """One registry per app, so several apps in one process (tests) do not collide."""

    def __init__(self):
        self.registry = CollectorRegistry()
        self.moves = Counter("doi_moves_total", "Moves applied", registry=self.registry)
        self.errors = Counter("doi_errors_total", "Refused messages and moves", ["code"], registry=self.registry)
        self.bus_notes = Counter("doi_bus_notes_total", "Change notes heard on the instance bus", ["bus"],
                                 registry=self.registry)
        self.sockets = Gauge("doi_open_sockets", "Open websocket connections", registry=self.registry)
        self.move_seconds = Histogram("doi_move_seconds", "Time to apply, store and push a move",
                                      buckets=(0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2),
                                      registry=self.registry)
        # Bot seats (app.seat_bots): their moves, and the CPU time spent reading the seat's view and choosing.
        self.bot_moves = Counter("doi_bot_moves_total", "Moves made by server-side bot seats", registry=self.registry)
        self.bot_think = Counter("doi_bot_think_cpu_seconds_total", "CPU seconds bots spent on view + choice",
                                 registry=self.registry)

    def render(self) -> bytes:
        return generate_latest(self.registry)


# The attributes every LogRecord has; any other attribute came from `extra` and is a field of the line.
_RECORD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime", "taskName"}


class JsonLines(logging.Formatter):
    """One JSON object per line: `asctime`, `levelname`, `name`, `message`, every `extra` field
    (`game_id`, `seat`, ...) and `exc_info` / `stack_info` when there are. A move logs one line,
    so it is built with orjson and the time's seconds are formatted once per second: the fields
    python-json-logger gave, a log call at about 60% of its cost (25 -> 15 us)."""

    def __init__(self):
        super().__init__()
        self._second, self._stamp = -1, ""

    def _asctime(self, created: float) -> str:
        second = int(created)
        if second != self._second:
            self._second, self._stamp = second, time.strftime("%Y-%m-%d %H:%M:%S", self.converter(second))
        return f"{self._stamp},{int((created - second) * 1000):03d}"

    def format(self, record: logging.LogRecord) -> str:
        out = {"asctime": self._asctime(record.created), "levelname": record.levelname, "name": record.name,
               "message": record.getMessage()}
        for key, value in record.__dict__.items():
            if key not in _RECORD:
                out[key] = value
        if record.exc_info:
            out["exc_info"] = self.formatException(record.exc_info)
        if record.stack_info:
            out["stack_info"] = self.formatStack(record.stack_info)
        try:
            return orjson.dumps(out, default=str, option=orjson.OPT_NON_STR_KEYS).decode()
        except orjson.JSONEncodeError:  # an integer beyond 64 bits, say: the slow way, never a lost line
            return json.dumps(out, default=str)


def setup_logging(json_logs: bool) -> None:
    handler = logging.StreamHandler(sys.stderr)
    if json_logs:
        handler.setFormatter(JsonLines())
    root = logging.getLogger("doi")
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    root.propagate = False
