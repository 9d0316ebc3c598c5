"""`bench.move_cpu --parts`: the timer loaded into a server (bench/move_parts/sitecustomize.py) times
each part where it is, whatever kind of callable it wraps, and the table gives us a move per part."""
from __future__ import annotations

import importlib.util
import sys
import time
import types
from pathlib import Path

import pytest

from bench.move_cpu import PARTS_TIMER, parts_table


@pytest.fixture
def timer(monkeypatch):
    """The timer module, loaded without its reporting thread (no DOI_MOVE_PARTS_OUT)."""
    monkeypatch.delenv("DOI_MOVE_PARTS_OUT", raising=False)
    spec = importlib.util.spec_from_file_location("move_parts_timer", Path(PARTS_TIMER) / "sitecustomize.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _finish(coro):
    """The value of a coroutine that never waits (run by hand: no event loop needed)."""
    with pytest.raises(StopIteration) as done:
        coro.send(None)
    return done.value.value


def _burn(seconds: float) -> None:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def test_every_kind_of_part_is_timed_and_still_answers_as_before(timer, monkeypatch):
    class Cut:
        @classmethod
        def of(cls, x):
            _burn(0.002)
            return (cls, x)

        def patch(self, x):
            return x + 1

    class Hub:
        async def push_views(self, x):
            _burn(0.002)
            return x * 2

    fake = types.ModuleType("fake_app")
    fake.Cut, fake.Hub = Cut, Hub
    fake.patch_payload = lambda ops: ",".join(ops)
    monkeypatch.setitem(sys.modules, "fake_app", fake)
    monkeypatch.setattr(timer, "PARTS", [("cut", "fake_app", "Cut", "of"), ("patches", "fake_app", "Cut", "patch"),
                                         ("push", "fake_app", "Hub", "push_views"),
                                         ("payloads", "fake_app", None, "patch_payload"),
                                         ("absent", "fake_app", "Cut", "not_in_this_checkout"),
                                         ("absent class", "fake_app", "Gone", "apply")])
    monkeypatch.setattr(timer, "MOVES", "cut")
    timer._install()  # a part this checkout lacks is left out, the others are timed

    assert Cut.of(5) == (Cut, 5)  # still a classmethod: bound to the class, called on it or on an instance
    assert Cut().of(7) == (Cut, 7)
    assert Cut().patch(1) == 2
    assert _finish(Hub().push_views(3)) == 6
    assert fake.patch_payload(["a", "b"]) == "a,b"
    assert timer._calls == {"cut": 2, "patches": 1, "push": 1, "payloads": 1}
    assert timer._spent["cut"] >= 0.002 and timer._spent["push"] >= 0.002
    assert timer._spent["patches"] < 0.002
    assert len(timer._start) == 1  # the clock started at the first move


def test_a_part_that_raises_is_timed_and_raises(timer):
    def refuse():
        raise ValueError("illegal")

    timed = timer._timed("apply", refuse)
    with pytest.raises(ValueError, match="illegal"):
        timed()
    assert timer._calls["apply"] == 1


def test_the_table_gives_us_a_move_per_part_for_each_server():
    runs = {"this": {"cpu_s": 0.5, "moves": 1000, "parts": {"views": [0.1, 1020], "log lines": [0.03, 1070]}},
            "/tmp/base": {"cpu_s": 0.6, "moves": 2000, "parts": {"views": [0.3, 2000], "log lines": [0.02, 2000]}}}
    lines = parts_table(runs).splitlines()
    assert lines[0] == "| part | this: us a move | /tmp/base: us a move |"
    assert lines[2] == "| views | 100.0 (1.02 calls) | 150.0 (1.00 calls) |"
    assert lines[3] == "| log lines | 30.0 (1.07 calls) | 10.0 (1.00 calls) |"
    assert lines[4] == "| the process, all threads, from the first timed move | 500.0 (1000 moves) | 300.0 (2000 moves) |"
