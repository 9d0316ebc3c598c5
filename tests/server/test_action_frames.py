"""The frame of every move is checked without pydantic's model (app.web.routes.ws.quick_action); it must
accept exactly what `ActionMessage` accepts, with the same values (docs/protocol.md: exact JSON
types, `"version": "0"`, `0.0` or `true` is not `0`; unknown fields are refused)."""
from __future__ import annotations

import orjson
import pytest
from pydantic import ValidationError

from app.web.routes.ws import quick_action
from app.web.schemas import ActionMessage

FRAMES = [
    '{"type": "action", "version": 0, "action": {"type": "pass"}}',
    '{"version": 12, "action": {"type": "play", "card": "x", "n": [1, {"a": null}]}, "type": "action"}',
    '{"type": "action", "version": 18446744073709551615, "action": {}}',
    '{"type": "action", "version": -1, "action": {"type": "pass"}}',
    '{"type": "action", "version": "0", "action": {"type": "pass"}}',
    '{"type": "action", "version": 0.0, "action": {"type": "pass"}}',
    '{"type": "action", "version": 1.5, "action": {"type": "pass"}}',
    '{"type": "action", "version": true, "action": {"type": "pass"}}',
    '{"type": "action", "version": false, "action": {"type": "pass"}}',
    '{"type": "action", "version": null, "action": {"type": "pass"}}',
    '{"type": "action", "version": 0, "action": [{"type": "pass"}]}',
    '{"type": "action", "version": 0, "action": "pass"}',
    '{"type": "action", "version": 0, "action": null}',
    '{"type": "action", "version": 0}',
    '{"type": "action", "action": {"type": "pass"}}',
    '{"type": "action", "version": 0, "extra": 1}',
    '{"type": "action", "version": 0, "action": {"type": "pass"}, "extra": 1}',
    '{"type": "chat", "version": 0, "action": {"type": "pass"}}',
]


@pytest.mark.parametrize("text", FRAMES)
def test_the_quick_check_of_a_move_frame_agrees_with_the_message_model(text):
    raw = orjson.loads(text)
    try:
        msg = ActionMessage.model_validate(raw)
        expected = (msg.version, msg.action)
    except ValidationError:
        expected = None
    got = quick_action(raw)
    if expected is None:
        assert got is None  # the model then refuses it, with its message
    else:
        assert got == expected and got[0].__class__ is int


def test_frames_with_few_brackets_are_never_too_deep():
    """handle() skips the depth walk for frames with fewer than MAX_DEPTH brackets: a value too deep
    needs more (checked at the limit, both ways)."""
    from app.web.routes.ws import MAX_DEPTH, too_deep

    for depth in range(1, MAX_DEPTH + 4):
        for open_, close in (("[", "]"), ('{"a": ', "}")):
            text = open_ * depth + "1" + close * depth
            if too_deep(orjson.loads(text)):
                assert text.count("{") + text.count("[") >= MAX_DEPTH
