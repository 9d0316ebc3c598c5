"""JSON Patches between versions of a view (app.play.wire, issue 14): applied by a standard RFC 6902
implementation (jsonpatch) on what a client had, every patch of a whole game gives exactly the next
full view, for every seat, the spectator and the admin."""
from __future__ import annotations

import random
import statistics

import jsonpatch
import orjson

from app.play.wire import Cut, cut, diff, patch_payload, view_payload
from engine import new_game


def _games():
    for seed, revs in ((11, 2), (12, 3)):
        g = new_game(revs, seed, {})
        rng = random.Random(seed)
        yield g, rng


def test_patches_of_a_whole_game_rebuild_every_full_view():
    for g, rng in _games():
        seats = (*g.seats, "spectator", "admin")
        old = Cut.of(*g.view_parts(seats, texts=False))
        have = {seat: orjson.loads(old.full(seat)) for seat in seats}
        version, sizes = 0, []
        while not g.result and version < 800:
            seat = rng.choice([s for s in g.seats if g.legal_actions(s)])
            acts = [a for a in g.legal_actions(seat) if a["type"] not in ("undo", "cancel")] or g.legal_actions(seat)
            g.apply(seat, rng.choice(acts))
            version += 1
            new = Cut.of(*g.view_parts(seats, texts=False), old)  # one per push, as the hub does
            for s in seats:
                msg = orjson.loads(patch_payload(new.patch(old, s), version, version - 1, "active"))
                assert (msg["type"], msg["version"], msg["base"]) == ("patch", version, version - 1)
                have[s] = jsonpatch.apply_patch(have[s], msg["patch"])
                assert have[s] == orjson.loads(orjson.dumps(g.view(s, texts=False))), (s, version)
                if s != "admin":
                    sizes.append(len(patch_payload(new.patch(old, s), version, version - 1, "active")))
            old = new
        assert g.result, "the playout should reach the end"
        assert statistics.median(sizes) < 1500, statistics.median(sizes)


def test_a_full_view_message_is_the_view():
    g = new_game(2, 5, {})
    c = Cut.of(*g.view_parts(["rev1", "spectator"], texts=False))
    msg = orjson.loads(view_payload(c, 3, "active", "rev1", [{"seat": "rev1"}]))
    assert msg == {"type": "view", "version": 3, "status": "active", "seat": "rev1", "seats": [{"seat": "rev1"}],
                   "view": g.view("rev1", texts=False)}


def test_the_public_part_is_cut_once_and_log_entries_shared():
    """The public part of the views of one move is cut once; a log entry every seat reads alike
    is serialised once."""
    g = new_game(3, 6, {})
    c = Cut.of(*g.view_parts((*g.seats, "spectator"), texts=False))
    logs = [c.own[s]["log"] for s in (*g.seats, "spectator")]
    assert logs[0] and all(a is b for log in logs[1:] for a, b in zip(logs[0], log, strict=True))
    assert set(c.public).isdisjoint(c.own["rev1"]) and "locations" in c.public and "hand" in c.own["rev1"]


def test_list_shift_and_pointer_escaping():
    line = [f"log line {i} " * 4 for i in range(12)]
    before = {"log": line[:10], "locations": {"x~y/z": "a" * 80, "w": "b" * 80}, "gone": 1}
    after = {"log": line[2:12], "locations": {"x~y/z": "c" * 80, "w": "b" * 80}, "fresh": [1]}
    ops = [orjson.loads(o) for o in diff(cut(before), cut(after))]
    assert ops[:2] == [{"op": "remove", "path": "/log/0"}] * 2
    assert {"op": "add", "path": "/log/-", "value": line[11]} in ops
    assert {"op": "replace", "path": "/locations/x~0y~1z", "value": "c" * 80} in ops
    assert jsonpatch.apply_patch(before, ops) == after


def test_the_public_part_sent_is_never_changed_by_later_moves():
    """Unchanged public fields are found by comparing with the public part of the previous version
    as the engine built it: that holds only if the engine never changes a view after handing it
    out (no view field may be a live reference into the game state)."""
    g = new_game(3, 13, {"promo_printing_press": True})
    rng = random.Random(13)
    kept = []
    while not g.result and len(kept) < 400:
        public, _ = g.view_parts(("rev1",), texts=False)
        kept.append((public, orjson.loads(orjson.dumps(public))))
        seat = rng.choice([s for s in g.seats if g.legal_actions(s)])
        acts = [a for a in g.legal_actions(seat) if a["type"] not in ("undo", "cancel")] or g.legal_actions(seat)
        g.apply(seat, rng.choice(acts))
    assert len(kept) > 100
    for i, (public, snapshot) in enumerate(kept):
        assert orjson.loads(orjson.dumps(public)) == snapshot, f"the public part of move {i} changed afterwards"


def _applies(old: Cut, new: Cut, seats) -> list[list[dict]]:
    """Each seat's patch from `old` to `new`, checked on the full views; the patches."""
    out = []
    for s in seats:
        ops = [orjson.loads(o) for o in new.patch(old, s)]
        assert jsonpatch.apply_patch(orjson.loads(old.full(s)), ops) == orjson.loads(new.full(s)), s
        out.append(ops)
    return out


def test_seats_share_operations_only_where_their_fields_change_alike():
    """A seat's operations for a field are taken over from the seat diffed before it only when
    that field's pieces, before and after, are equal to that seat's: never another seat's
    change, nor one from the same start to another end, nor to the same end from another start."""
    log = [{"n": i, "text": f"entry {i}"} for i in range(8)]
    mine = {"n": 7, "text": "rev2 drew a card"}

    def own(prompts, logs):
        return {s: {"prompt": p, "log": lg} for s, p, lg in zip(("a", "b", "c", "d"), prompts, logs, strict=True)}

    old = Cut.of({"day": 1}, own(["x", "w", "w", "x"], [log[:6], log[:5], log[:5], log[:5]]))
    new = Cut.of({"day": 1}, own(["y", "y", "z", "x"], [log[1:7], log[1:7], log[1:5] + [mine], log[1:5] + [mine]]), old)
    a, b, c, d = _applies(old, new, "abcd")
    assert {"op": "replace", "path": "/prompt", "value": "y"} in a and {"op": "replace", "path": "/prompt", "value": "y"} in b
    assert {"op": "replace", "path": "/prompt", "value": "z"} in c and not any(o["path"] == "/prompt" for o in d)
    assert [o["value"] for o in b if o["path"] == "/log/-"] == log[5:7]
    assert {"op": "add", "path": "/log/-", "value": mine} in c and mine not in [o.get("value") for o in a + b]


def test_a_patch_from_any_earlier_cut_and_fields_added_or_moved():
    """The public operations are looked for only among the fields cut afresh when the patch starts
    from the cut this one was cut since; from any other cut (two moves back) every field is
    compared. A public part whose fields were added, removed or reordered is cut whole, in its
    own order."""
    own = {"a": {"prompt": "x"}}
    c1 = Cut.of({"day": 1, "cp": 3, "morale": 5}, own)
    c2 = Cut.of({"day": 2, "cp": 3, "morale": 5}, own, c1)
    c3 = Cut.of({"day": 2, "cp": 4, "morale": 5}, own, c2)
    assert [orjson.loads(o) for o in c3.patch(c2, "a")] == [{"op": "replace", "path": "/cp", "value": 4}]
    _applies(c1, c3, "a")
    c4 = Cut.of({"morale": 5, "day": 2, "phase": "x"}, own, c3)
    assert list(orjson.loads(c4.full("a"))) == ["seat", "prompt", "morale", "day", "phase"]
    _applies(c3, c4, "a")


def test_a_changed_location_is_the_only_member_cut_again():
    """Of a deep public field that changed (the locations), the members equal to the previous
    ones keep their pieces; the changed one is cut and sent alone."""
    here = {"militia": 1, "players": ["rev1"]}
    c1 = Cut.of({"locations": {"a": here, "b": {"militia": 0, "players": []}}}, {"x": {"prompt": "p"}})
    c2 = Cut.of({"locations": {"a": dict(here), "b": {"militia": 2, "players": []}}}, {"x": {"prompt": "p"}}, c1)
    assert c2.public["locations"]["a"] is c1.public["locations"]["a"]
    assert [orjson.loads(o) for o in c2.patch(c1, "x")] == [
        {"op": "replace", "path": "/locations/b", "value": {"militia": 2, "players": []}}]
    _applies(c1, c2, "x")
