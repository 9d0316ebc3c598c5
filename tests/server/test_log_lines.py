"""The JSON log lines operators filter by game and seat (app.infra.metrics.JsonLines): one object per
line, with the time, level, logger, message, every `extra` field and a failure's traceback."""
from __future__ import annotations

import json
import logging
import re

from pythonjsonlogger.orjson import OrjsonFormatter

from app.infra.metrics import JsonLines


class Library(JsonLines):
    """python-json-logger's own format and logging's time, with JsonLines' fallbacks: what JsonLines
    must write byte for byte."""

    format = OrjsonFormatter.format
    formatTime = logging.Formatter.formatTime


def line(msg: str, *args, exc_info=None, **extra) -> dict:
    record = logging.getLogger("doi.test").makeRecord("doi.test", logging.INFO, __file__, 1, msg, args, exc_info,
                                                      extra=extra)
    text = JsonLines().format(record)
    assert "\n" not in text  # one line per record, a traceback included
    return json.loads(text)


def test_a_move_line_carries_its_game_seat_and_version():
    got = line("move", game_id="g1", seat="rev2", version=7, action="play_card")
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}", got.pop("asctime"))
    assert got == {"levelname": "INFO", "name": "doi.test", "message": "move", "game_id": "g1", "seat": "rev2",
                   "version": 7, "action": "play_card"}


def test_arguments_are_formatted_and_odd_values_never_lose_the_line():
    got = line("webhook attempt %d failed (%s)", 2, "timeout", game_id="g", big=2**70, keys={1: "x"}, obj=object())
    assert got["message"] == "webhook attempt 2 failed (timeout)"
    assert got["big"] == 2**70 and got["keys"] == {"1": "x"} and got["obj"].startswith("<object")


def test_a_failure_line_holds_its_traceback():
    try:
        raise ValueError("boom")
    except ValueError:
        import sys

        got = line("frame failed", exc_info=sys.exc_info(), game_id="g")
    assert got["levelname"] == "INFO" and "ValueError: boom" in got["exc_info"] and got["game_id"] == "g"


def test_the_usual_lines_are_built_exactly_as_python_json_logger_builds_them():
    """JsonLines builds a plain line itself (issue 14: half the formatting cost of a move's line):
    byte for byte what the library's formatter writes, across seconds, odd values and the lines
    that take the library's path."""
    try:
        raise KeyError("k")
    except KeyError:
        import sys

        failure = sys.exc_info()
    ours, library = JsonLines(), Library()
    logger = logging.getLogger("doi.test")
    cases = [("move", (), None, {"game_id": "g1", "seat": "rev2", "version": 7, "action": "play_card"}),
             ("attempt %d (%s)", (2, "x"), None, {"big": 2**70, "keys": {1: "x"}, "_private": 1, "none": None}),
             ("frame failed", (), failure, {"game_id": "g"}),
             ({"a": 1}, (), None, {"seat": "soviet"}),
             ("plain", (), None, {})]
    for created in (1_700_000_000.0, 1_700_000_000.999, 1_700_000_001.5, 1_700_003_600.25, 1_700_000_000.5):
        for msg, args, exc, extra in cases:
            records = []
            for _ in range(2):
                r = logger.makeRecord("doi.test", logging.INFO, __file__, 1, msg, args, exc, extra=extra)
                r.created, r.msecs = created, int((created - int(created)) * 1000) + 0.0
                records.append(r)
            assert ours.format(records[0]) == library.format(records[1])


def test_fields_set_after_a_record_is_made_and_records_of_other_classes_read_as_the_library_has_them():
    """JsonLines skips a plain record's own attributes unread (they come first in its __dict__,
    before every `extra`): a field a filter sets later still shows, and a record of another class
    (which may set fields before its own) is read whole, as python-json-logger reads it."""
    class Early(logging.LogRecord):
        def __init__(self, *args, **kwargs):
            self.early = "set before the record's own fields"
            super().__init__(*args, **kwargs)

    ours, library = JsonLines(), Library()
    for cls in (logging.LogRecord, Early):
        made = []
        for _ in range(2):
            r = cls("doi.test", logging.INFO, __file__, 1, "move", (), None)
            r.created, r.msecs = 1_700_000_000.25, 250.0
            r.game_id, r.added_by_a_filter = "g1", True
            made.append(r)
        got = ours.format(made[0])
        assert got == library.format(made[1])
        assert json.loads(got)["added_by_a_filter"] is True
        assert (json.loads(got).get("early") is not None) == (cls is Early)
