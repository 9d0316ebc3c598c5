"""Prometheus metrics (served at /metrics) and structured JSON logs."""
from __future__ import annotations

import json
import logging
import sys
import time
from itertools import islice

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from pythonjsonlogger.orjson import OrjsonFormatter


class Metrics:
    """One registry per app, so several apps in one process (tests) do not collide."""

    def __init__(self):
        self.registry = CollectorRegistry()
        self.moves = Counter("doi_moves_total", "Moves applied", registry=self.registry)
        self.errors = Counter("doi_errors_total", "Refused messages and moves", ["code"], registry=self.registry)
        self.bus_notes = Counter("doi_bus_notes_total", "Change notes heard and handled on the instance bus", ["bus"],
                                 registry=self.registry)
        self.sockets = Gauge("doi_open_sockets", "Open websocket connections", registry=self.registry)
        self.move_seconds = Histogram("doi_move_seconds", "Time to apply, store and push a move",
                                      buckets=(0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2),
                                      registry=self.registry)
        # Bot seats (app.seats.seat_bots): their moves, and the CPU time spent reading the seat's view and choosing.
        self.bot_moves = Counter("doi_bot_moves_total", "Moves made by server-side bot seats", registry=self.registry)
        self.bot_think = Counter("doi_bot_think_cpu_seconds_total", "CPU seconds bots spent on view + choice",
                                 registry=self.registry)
        # Hard bots think in worker processes: their CPU, and the decisions the normal bot took over.
        self.bot_worker_think = Counter("doi_bot_worker_think_cpu_seconds_total",
                                        "CPU seconds hard bots spent searching in worker processes", registry=self.registry)
        self.bot_searches = Counter("doi_bot_searches_total", "Hard-bot decisions searched in worker processes",
                                    registry=self.registry)
        self.bot_fallbacks = Counter("doi_bot_fallbacks_total", "Hard-bot decisions whose worker died or missed its "
                                     "deadline (the normal bot moved instead)", registry=self.registry)

    def render(self) -> bytes:
        return generate_latest(self.registry)


class JsonLines(OrjsonFormatter):
    """One JSON object per line: `asctime`, `levelname`, `name`, `message`, every `extra` field
    (`game_id`, `seat`, ...) and a failure's traceback. A move logs one line, so python-json-logger's
    orjson formatter (a log call at about 2/3 of its json one's cost); a value orjson refuses (an
    integer beyond 64 bits, say) takes the standard library instead, never a lost line."""

    def __init__(self):
        super().__init__("%(asctime)s %(levelname)s %(name)s %(message)s")
        self._second: tuple[int, str] = (-1, "")  # (a whole second, its time as asctime prints it)
        # A record's own attributes come first in its __dict__, the `extra` fields after them (set
        # by makeRecord once the record is made): a plain record's first ones are skipped unread,
        # when they are all fields no line carries (as they are on the Pythons we know).
        standard = list(logging.LogRecord("", logging.INFO, "", 0, "", (), None).__dict__)
        self._standard = len(standard) if all(k in self._skip_fields for k in standard) else 0

    def format(self, record: logging.LogRecord) -> str:
        """The usual line (a text message with `extra` fields, no failure) built here, the same as
        python-json-logger builds it (tests/server/test_log_lines.py): its general path (renames,
        static fields, dict messages) cost ~7 us of a move's ~12 us line, this one ~3.5 (issue
        14). Anything else takes that path."""
        if record.exc_info or record.exc_text or record.stack_info or record.msg.__class__ is not str:
            return super().format(record)
        record.message = message = record.getMessage()
        record.asctime = asctime = self.formatTime(record)
        data = {"asctime": asctime, "levelname": record.levelname, "name": record.name, "message": message}
        skip = self._skip_fields
        items = record.__dict__.items()
        if record.__class__ is logging.LogRecord and self._standard:
            items = islice(items, self._standard, None)
        for key, value in items:
            if key not in skip and not (key.__class__ is str and key.startswith("_")):
                data[key] = value
        return self.jsonify_log_record(data)

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        """logging's own format, the date and time part remembered for the second it is in (the
        local time changes only at whole seconds, daylight saving included)."""
        if datefmt is not None:
            return super().formatTime(record, datefmt)
        second = int(record.created)
        if second != self._second[0]:
            self._second = (second, time.strftime(self.default_time_format, self.converter(record.created)))
        return self.default_msec_format % (self._second[1], record.msecs)

    def jsonify_log_record(self, log_data) -> str:
        try:
            return super().jsonify_log_record(log_data)
        except TypeError:  # orjson.JSONEncodeError
            return json.dumps(log_data, default=str)


def setup_logging(json_logs: bool) -> None:
    # No line prints where it was logged from or which thread, process or task logged it, so the
    # logging module need not look them up (its documented optimisations; a move logs one line).
    logging._srcfile = None
    logging.logThreads = logging.logProcesses = logging.logMultiprocessing = False
    logging.logAsyncioTasks = False  # (Python 3.12+)
    handler = logging.StreamHandler(sys.stderr)
    if json_logs:
        handler.setFormatter(JsonLines())
    root = logging.getLogger("doi")
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    root.propagate = False
