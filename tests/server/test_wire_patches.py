"""JSON Patches between versions of a view (app.wire, issue 14): applied by a standard RFC 6902
implementation (jsonpatch) on what a client had, every patch of a whole game gives exactly the next
full view, for every seat, the spectator and the admin."""
from __future__ import annotations

import random
import statistics

import jsonpatch
import orjson

from app.wire import Cutter, patch_payload, view_payload
from engine import new_game


def _games():
    for seed, revs in ((11, 2), (12, 3)):
        g = new_game(revs, seed, {})
        rng = random.Random(seed)
        yield g, rng


def test_patches_of_a_whole_game_rebuild_every_full_view():
    for g, rng in _games():
        seats = (*g.seats, "spectator", "admin")
        cutter = Cutter()
        old = {seat: cutter.cut(v) for seat, v in g.views(seats, texts=False).items()}
        have = {seat: orjson.loads(cutter.full(p)) for seat, p in old.items()}
        version, sizes = 0, []
        while not g.result and version < 800:
            seat = rng.choice([s for s in g.seats if g.legal_actions(s)])
            acts = [a for a in g.legal_actions(seat) if a["type"] not in ("undo", "cancel")] or g.legal_actions(seat)
            g.apply(seat, rng.choice(acts))
            version += 1
            cutter = Cutter()  # one per push, as the hub does
            new = {s: cutter.cut(v) for s, v in g.views(seats, texts=False).items()}
            for s in seats:
                msg = orjson.loads(patch_payload(cutter.diff(old[s], new[s]), version, version - 1, "active"))
                assert (msg["type"], msg["version"], msg["base"]) == ("patch", version, version - 1)
                have[s] = jsonpatch.apply_patch(have[s], msg["patch"])
                assert have[s] == orjson.loads(orjson.dumps(g.view(s, texts=False))), (s, version)
                if s != "admin":
                    sizes.append(len(patch_payload(cutter.diff(old[s], new[s]), version, version - 1, "active")))
            old = new
        assert g.result, "the playout should reach the end"
        assert statistics.median(sizes) < 1500, statistics.median(sizes)


def test_a_full_view_message_is_the_view():
    g = new_game(2, 5, {})
    cutter = Cutter()
    parts = cutter.cut(g.view("rev1", texts=False))
    msg = orjson.loads(view_payload(cutter, parts, 3, "active", "rev1", [{"seat": "rev1"}]))
    assert msg == {"type": "view", "version": 3, "status": "active", "seat": "rev1", "seats": [{"seat": "rev1"}],
                   "view": g.view("rev1", texts=False)}


def test_shared_fields_are_cut_once():
    """The public part of the views of one move is the same objects: cut (serialised) once."""
    g = new_game(3, 6, {})
    views = g.views((*g.seats, "spectator"), texts=False)
    cutter = Cutter()
    parts = [cutter.cut(v) for v in views.values()]
    assert all(p["locations"] is parts[0]["locations"] for p in parts)
    assert all(p["hand"] is not parts[1]["hand"] for p in parts[2:])


def test_list_shift_and_pointer_escaping():
    line = [f"log line {i} " * 4 for i in range(12)]
    before = {"log": line[:10], "a/b": {"x~y": "a" * 80, "z": "b" * 80}, "gone": 1}
    after = {"log": line[2:12], "a/b": {"x~y": "c" * 80, "z": "b" * 80}, "fresh": [1]}
    cutter = Cutter()
    ops = [orjson.loads(o) for o in cutter.diff(cutter.cut(before), cutter.cut(after))]
    assert ops[:2] == [{"op": "remove", "path": "/log/0"}] * 2
    assert {"op": "add", "path": "/log/-", "value": line[11]} in ops
    assert {"op": "replace", "path": "/a~1b/x~0y", "value": "c" * 80} in ops
    assert jsonpatch.apply_patch(before, ops) == after
